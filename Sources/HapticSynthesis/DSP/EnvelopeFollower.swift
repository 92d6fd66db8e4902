import HapticModel

/// The envelope of a continuous event whose attack, decay or release time a control changes
/// while it sounds (docs/signal-model.md §3.3): the level moves frame by frame at rates read
/// from the times in force at each frame.
///
/// - attack: rises by `1/(fs·T(attack))` per frame until it reaches 1 (within
///   ``Envelope/tolerance``, as every level that reaches 1 or 0 here);
/// - then holds 1 (sustained) or falls by `1/(fs·T(decay))` per frame to 0 (not sustained);
/// - from the duration's frame `kD = round(D · fs)`, if still sounding: a sustained event falls
///   from the level reached there, `e`, by `e/(fs·T(release))` per frame to 0; one that is not
///   sustained fades from `e` over a quarter period of its carrier (no release).
package struct EnvelopeFollower: Sendable {
  private enum Stage: Sendable {
    case attack, hold, decay, release, fade, done
  }

  private var attack: ParameterTrack
  private var decay: ParameterTrack
  private var release: ParameterTrack
  private let isSustained: Bool
  /// The duration's frame after the onset, `kD`; `nil` when none is given.
  private let durationFrame: Int?
  /// Frames of the fade-out of a not-sustained event still sounding at `kD`.
  private let fadeFrames: Double
  private let onsetFrame: Int
  private let secondsPerFrame: Double
  private var stage = Stage.attack
  /// The level of the next frame.
  private var level = 0.0
  /// The level the release or the fade started from.
  private var endingStart = 0.0
  /// The next frame after the onset.
  private var frame = 0

  /// - Parameter fadeFrames: Frames of the fade-out of a not-sustained event still sounding
  ///   at the end of its duration (``Envelope/fadeFrames``).
  package init(event: Event, controls: Controls, onsetFrame: Int, secondsPerFrame: Double, fadeFrames: Double) {
    attack = ParameterTrack(.attackTime, of: event, controls: controls)
    decay = ParameterTrack(.decayTime, of: event, controls: controls)
    release = ParameterTrack(.releaseTime, of: event, controls: controls)
    isSustained = event.isSustained
    let duration = event.soundingDuration
    durationFrame = isSustained || duration > 0 ? Int((duration / secondsPerFrame).rounded()) : nil
    self.fadeFrames = fadeFrames
    self.onsetFrame = onsetFrame
    self.secondsPerFrame = secondsPerFrame
  }

  /// The follower of `event`'s envelope when a control acts on its times (`nil` when `envelope`,
  /// in closed form, serves), and the frame after the last one its voice sounds.
  package static func follow(
    _ event: Event, envelope: Envelope, controls: Controls, onsetFrame: Int, sampleRate: Double
  ) -> (follower: EnvelopeFollower?, endFrame: Int) {
    let isNeeded = [ParameterID.attackTime, .decayTime, .releaseTime].contains { controls.act(on: $0, of: event.type) }
    guard isNeeded else { return (nil, onsetFrame + envelope.frameCount) }
    let follower = EnvelopeFollower(
      event: event, controls: controls, onsetFrame: onsetFrame, secondsPerFrame: 1 / sampleRate,
      fadeFrames: envelope.fadeFrames)
    return (follower, onsetFrame + follower.length)
  }

  /// The level, 0 … 1, at the next frame; the first call gives the onset's.
  package mutating func next() -> Double {
    if let durationFrame, frame == durationFrame, stage != .done {
      endingStart = level
      stage = isSustained ? .release : .fade
    }
    if stage == .fade {
      let after = Double(frame - (durationFrame ?? frame))
      let cosine = Sine.precise(turns: after / (4 * fadeFrames)).cosine
      level = after < fadeFrames ? endingStart * cosine * cosine : 0
      if level == 0 { stage = .done }
    }
    let value = level
    let time = Double(onsetFrame + frame) * secondsPerFrame
    switch stage {
    case .attack:
      level += secondsPerFrame / Envelope.seconds(normalized: attack.next(at: time))
      if level >= 1 - Envelope.tolerance {
        level = 1
        stage = isSustained ? .hold : .decay
      }
    case .decay:
      level -= secondsPerFrame / Envelope.seconds(normalized: decay.next(at: time))
      if level <= Envelope.tolerance { (level, stage) = (0, .done) }
    case .release:
      level -= endingStart * secondsPerFrame / Envelope.seconds(normalized: release.next(at: time))
      if level <= Envelope.tolerance { (level, stage) = (0, .done) }
    case .hold, .fade, .done:
      break
    }
    frame += 1
    return value
  }

  /// The level at `frame` frames after the onset, at or after the next frame; the frames
  /// before it are followed and passed.
  package mutating func level(atFrame frame: Int) -> Double {
    while self.frame < frame { _ = next() }
    var copy = self
    return copy.next()
  }

  /// The frames from the onset until the level is back to 0 for good.
  package var length: Int {
    var follower = self
    var count = 0
    while follower.stage != .done || follower.level > 0 {
      _ = follower.next()
      count += 1
    }
    return count
  }
}
