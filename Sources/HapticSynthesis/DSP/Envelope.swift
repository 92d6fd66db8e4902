import HapticSupport

/// The attack/decay/release envelope of a continuous event whose envelope times do not change,
/// frame by frame from the onset (docs/signal-model.md §3.3): the frames ``EnvelopeFollower``
/// steps through, in closed form.
///
/// - attack: `k / (fs · T(attack))` at frame `k`, until it reaches 1 (at ``attackFrames``);
/// - sustained: then 1 until the duration's frame `kD`, then a release from the level reached
///   there, `e`, by `e / (fs · T(release))` per frame to 0;
/// - not sustained: after the attack, falls by `1 / (fs · T(decay))` per frame to 0; no release:
///   if `kD` comes first, the level reached there fades out over a quarter period of the
///   carrier, `cos²((π/2) · (k − kD) / fade)`.
///
/// A level within ``tolerance`` of 1 or 0 counts as reached.
package struct Envelope: Sendable {
  /// Frames a not-sustained event still sounding at `kD` takes to fade out: a quarter period
  /// of its carrier, `fs / (4 f)`, > 0.
  package let fadeFrames: Double
  /// Level changes per frame of the attack, the decay and the release (the last relative to
  /// the level it starts from): `1 / (fs · T)`.
  private let attackStep: Double
  private let decayStep: Double
  private let releaseStep: Double
  /// The level at `kD`, where the release or the fade starts.
  private let reachedAtDuration: Double
  /// The first frame at level 1, ≥ 0.
  package let attackFrames: Int
  /// Frames from the onset to the end of the event's duration, `kD = round(D · fs)`; `nil`
  /// when none is given (not sustained only).
  package let durationFrame: Int?
  package let isSustained: Bool
  /// Whether the event still sounds at `kD` and releases (sustained) or fades (not sustained)
  /// from there.
  private let endsAtDuration: Bool

  /// How close to 1 or 0 a level counts as having reached it: the rounding that a sum of
  /// per-frame steps gathers (``EnvelopeFollower``), far below a 32-bit sample's step.
  package static let tolerance = 1e-9

  /// - Parameters:
  ///   - attack, decay, release: Times in seconds, > 0.
  ///   - duration: The event's sounding duration in seconds, ≥ 0; 0 means "none given" for an
  ///     event that is not sustained (Apple: a duration of 0 is unset).
  ///   - carrier: The carrier's frequency at the end of the duration, in Hz, > 0: it sets the
  ///     fade-out of a not-sustained event cut short.
  package init(
    attack: Double, decay: Double, release: Double, isSustained: Bool, duration: Double, carrier: Double,
    sampleRate: Double
  ) {
    let secondsPerFrame = 1 / sampleRate
    self.isSustained = isSustained
    durationFrame = isSustained || duration > 0 ? Int((duration * sampleRate).rounded()) : nil
    fadeFrames = sampleRate / (4 * carrier)
    self.attackStep = secondsPerFrame / attack
    self.decayStep = secondsPerFrame / decay
    releaseStep = secondsPerFrame / release
    let (attackStep, decayStep) = (secondsPerFrame / attack, secondsPerFrame / decay)
    let attackFrames = Self.firstFrame { Double($0) * attackStep >= 1 - Self.tolerance }
    self.attackFrames = attackFrames
    let reached = durationFrame.map {
      Self.unended(
        atFrame: $0, attackFrames: attackFrames, attackStep: attackStep, decayStep: decayStep,
        isSustained: isSustained)
    }
    reachedAtDuration = reached ?? 0
    endsAtDuration = reached.map { isSustained || $0 > 0 } ?? false
  }

  /// Seconds for a normalized envelope time: `0.020 · 2^(8v)`, 20 ms at 0 … 5.12 s at 1.
  package static func seconds(normalized value: Double) -> Double {
    0.020 * PortableMath.exp2(8 * min(max(value, 0), 1))
  }

  /// Whether the level is exactly 1 at every frame of `frames` after the onset (the hold of a
  /// sustained event).
  package func holds(_ frames: ClosedRange<Int>) -> Bool {
    isSustained && frames.lowerBound >= attackFrames && frames.upperBound < (durationFrame ?? 0)
  }

  /// Frames from the onset until the level is back to 0 for good.
  package var frameCount: Int {
    guard endsAtDuration, let durationFrame else {
      return attackFrames + Self.firstFrame { Self.falling(from: 1, step: decayStep, frames: $0) == 0 }
    }
    guard isSustained else { return durationFrame + Int(fadeFrames.rounded(.up)) }
    let start = reachedAtDuration
    return durationFrame + Self.firstFrame { Self.falling(from: start, step: start * releaseStep, frames: $0) == 0 }
  }

  /// The level, 0 … 1, `frame` frames after the onset.
  @inline(__always)
  package func level(atFrame frame: Int) -> Double {
    if endsAtDuration, let durationFrame, frame >= durationFrame {
      let after = frame - durationFrame
      guard isSustained else {
        guard Double(after) < fadeFrames else { return 0 }
        let cosine = Sine.precise(turns: Double(after) / (4 * fadeFrames)).cosine
        return reachedAtDuration * cosine * cosine
      }
      return Self.falling(from: reachedAtDuration, step: reachedAtDuration * releaseStep, frames: after)
    }
    return Self.unended(
      atFrame: frame, attackFrames: attackFrames, attackStep: attackStep, decayStep: decayStep,
      isSustained: isSustained)
  }

  /// The level of the attack and then the hold or the decay at `frame`: the envelope before
  /// its duration ends.
  @inline(__always)
  private static func unended(
    atFrame frame: Int, attackFrames: Int, attackStep: Double, decayStep: Double, isSustained: Bool
  ) -> Double {
    if frame < attackFrames { return Double(frame) * attackStep }
    return isSustained ? 1 : falling(from: 1, step: decayStep, frames: frame - attackFrames)
  }

  /// `start − frames · step`, or 0 from where it is within ``tolerance`` of 0.
  @inline(__always)
  private static func falling(from start: Double, step: Double, frames: Int) -> Double {
    let level = start - Double(frames) * step
    return level > tolerance ? level : 0
  }

  /// The first frame `k ≥ 0` where `isReached` holds (it holds for every frame after it).
  private static func firstFrame(where isReached: (Int) -> Bool) -> Int {
    var (low, high) = (0, 1)
    while !isReached(high) { (low, high) = (high, 2 * high) }
    while low < high {
      let middle = (low + high) / 2
      if isReached(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
