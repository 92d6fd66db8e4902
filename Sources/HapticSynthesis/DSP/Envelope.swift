import HapticSupport

/// The attack/decay/release envelope of a continuous event whose envelope times do not change,
/// frame by frame from the onset (docs/signal-model.md §3.3).
///
/// - Sustained: rises from 0 to 1 over the attack (or until the duration's frame `kD` if that
///   comes first), holds until `kD`, then falls from the level reached to 0 over the release.
/// - Not sustained: rises over the attack, then falls to 0 over the decay; no release: if `kD`
///   comes first, the level reached there fades out over a quarter period of the carrier,
///   `cos²((π/2) · (k − kD) / fade)`.
package struct Envelope: Sendable {
  /// Attack time in seconds, > 0.
  package let attack: Double
  /// Frames a not-sustained event still sounding at `kD` takes to fade out: a quarter period
  /// of its carrier, `fs / (4 f)`, > 0.
  package let fadeFrames: Double
  private let secondsPerFrame: Double
  /// Frames from the onset to the end of the event's duration, `kD = round(D · fs)`; `nil`
  /// when none is given (not sustained only).
  package let durationFrame: Int?
  package let isSustained: Bool

  /// - Parameters:
  ///   - duration: The event's sounding duration in seconds, ≥ 0; 0 means "none given" for an
  ///     event that is not sustained.
  ///   - carrier: The carrier's frequency at the end of the duration, in Hz, > 0: it sets the
  ///     fade-out of a not-sustained event cut short.
  package init(
    attack: Double, decay: Double, release: Double, isSustained: Bool, duration: Double, carrier: Double,
    sampleRate: Double
  ) {
    self.attack = attack
    self.isSustained = isSustained
    secondsPerFrame = 1 / sampleRate
    durationFrame = isSustained || duration > 0 ? Int((duration * sampleRate).rounded()) : nil
    fadeFrames = sampleRate / (4 * carrier)
    inverseAttack = 1 / attack
    inverseRelease = 1 / release
    inverseDecay = 1 / decay
    let reached = durationFrame.map {
      Self.unended(
        at: Double($0) / sampleRate, attack: attack, inverseAttack: 1 / attack, inverseDecay: 1 / decay,
        isSustained: isSustained)
    }
    reachedAtDuration = reached ?? 0
    endsAtDuration = reached.map { isSustained || $0 > 0 } ?? false
  }

  private let inverseAttack: Double
  /// `1/T(release)` and `1/T(decay)`, in 1/s.
  private let inverseRelease: Double
  private let inverseDecay: Double
  /// The level at `kD`, where the release or the fade starts.
  private let reachedAtDuration: Double
  /// Whether the event still sounds at `kD` and releases (sustained) or fades (not sustained)
  /// from there.
  private let endsAtDuration: Bool

  /// Seconds for a normalized envelope time: `0.020 · 2^(8v)`, 20 ms at 0 … 5.12 s at 1.
  package static func seconds(normalized value: Double) -> Double {
    0.020 * PortableMath.exp2(8 * min(max(value, 0), 1))
  }

  /// Whether the level is exactly 1 at every frame of `frames` after the onset (the hold of a
  /// sustained event).
  package func holds(_ frames: ClosedRange<Int>) -> Bool {
    isSustained && Double(frames.lowerBound) * secondsPerFrame >= attack && frames.upperBound < (durationFrame ?? 0)
  }

  /// Frames from the onset until the level is back to 0 for good.
  package var frameCount: Int {
    guard endsAtDuration, let durationFrame else {
      return Int(((attack + 1 / inverseDecay) / secondsPerFrame).rounded(.up))
    }
    let ending = isSustained ? 1 / (inverseRelease * secondsPerFrame) : fadeFrames
    return durationFrame + Int(ending.rounded(.up))
  }

  /// The level, 0 … 1, `frame` frames after the onset.
  @inline(__always)
  package func level(atFrame frame: Int) -> Double {
    if endsAtDuration, let durationFrame, frame >= durationFrame {
      let after = Double(frame - durationFrame)
      guard isSustained else {
        guard after < fadeFrames else { return 0 }
        let cosine = Sine.precise(turns: after / (4 * fadeFrames)).cosine
        return reachedAtDuration * cosine * cosine
      }
      return max(reachedAtDuration * (1 - after * secondsPerFrame * inverseRelease), 0)
    }
    return Self.unended(
      at: Double(frame) * secondsPerFrame, attack: attack, inverseAttack: inverseAttack, inverseDecay: inverseDecay,
      isSustained: isSustained)
  }

  /// The level of the attack and then the hold or the decay, `time` seconds after the onset:
  /// the envelope before its duration ends.
  @inline(__always)
  private static func unended(
    at time: Double, attack: Double, inverseAttack: Double, inverseDecay: Double, isSustained: Bool
  ) -> Double {
    if time < attack { return time * inverseAttack }
    return isSustained ? 1 : max(1 - (time - attack) * inverseDecay, 0)
  }
}
