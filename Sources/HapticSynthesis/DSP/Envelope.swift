import HapticSupport

/// The attack/decay/release envelope of a continuous event, in linear segments.
///
/// - Sustained: rises from 0 to 1 over the attack (or until the duration if that is shorter),
///   holds until the duration, then falls from the level reached to 0 over the release.
/// - Not sustained: rises over the attack, then falls to 0 over the decay; if the duration ends
///   first, a 5 ms fade takes the level to 0 from there.
package struct Envelope: Sendable {
  /// Attack time in seconds, > 0.
  package let attack: Double
  /// Decay time in seconds, > 0 (not sustained only).
  package let decay: Double
  /// Release time in seconds, > 0 (sustained only).
  package let release: Double
  package let isSustained: Bool
  /// The event's duration in seconds; 0 means "none given" (not sustained only).
  package let duration: Double

  /// Length of the fade that cuts a non-sustained event at its duration, in seconds.
  package static let cutFade = 0.005

  package init(attack: Double, decay: Double, release: Double, isSustained: Bool, duration: Double) {
    self.attack = attack
    self.decay = decay
    self.release = release
    self.isSustained = isSustained
    self.duration = duration
    inverseAttack = 1 / attack
    inverseRelease = 1 / release
    inverseDecay = 1 / decay
    reachedAtDuration = min(duration / attack, 1)
    levelAtCut =
      duration > 0 && duration < attack + decay
      ? (duration < attack ? duration / attack : max(1 - (duration - attack) / decay, 0)) : 0
  }

  private let inverseAttack: Double
  private let inverseRelease: Double
  private let inverseDecay: Double
  /// The level when a sustained event's duration ends (the release starts from it).
  private let reachedAtDuration: Double
  /// The level where a non-sustained event's duration cuts it.
  private let levelAtCut: Double

  /// Seconds for a normalized envelope time: `0.020 · 2^(8v)`, 20 ms at 0 … 5.12 s at 1.
  package static func seconds(normalized value: Double) -> Double {
    0.020 * PortableMath.exp2(8 * min(max(value, 0), 1))
  }

  /// Whether the level is exactly 1 from `start` to `end` seconds after the onset (the hold of a
  /// sustained event).
  package func holds(from start: Double, to end: Double) -> Bool {
    isSustained && start >= attack && end < duration
  }

  /// Seconds after the onset when the level is back to 0 for good.
  package var end: Double {
    if isSustained { return duration + release }
    let natural = attack + decay
    return duration > 0 && duration < natural ? duration + Self.cutFade : natural
  }

  /// The level, 0 … 1, `time` seconds after the onset.
  @inline(__always)
  package func level(at time: Double) -> Double {
    if isSustained {
      if time < duration { return time < attack ? time * inverseAttack : 1 }
      return max(reachedAtDuration * (1 - (time - duration) * inverseRelease), 0)
    }
    if levelAtCut > 0 || (duration > 0 && duration < attack + decay), time >= duration {
      return max(levelAtCut * (1 - (time - duration) / Self.cutFade), 0)
    }
    return naturalLevel(at: time)
  }

  @inline(__always)
  private func naturalLevel(at time: Double) -> Double {
    if time < attack { return time * inverseAttack }
    return max(1 - (time - attack) * inverseDecay, 0)
  }
}
