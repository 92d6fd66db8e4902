import HapticSupport

/// The attack/decay/release envelope of a continuous event whose envelope times do not change,
/// in linear segments (docs/signal-model.md §3.3).
///
/// - Sustained: rises from 0 to 1 over the attack (or until the duration if that is shorter),
///   holds until the duration, then falls from the level reached to 0 over the release.
/// - Not sustained: rises over the attack, then falls to 0 over the decay; if the duration
///   ends first, it falls from the level reached to 0 over the release.
package struct Envelope: Sendable {
  /// Attack time in seconds, > 0.
  package let attack: Double
  /// Decay time in seconds, > 0 (not sustained only).
  package let decay: Double
  /// Release time in seconds, > 0.
  package let release: Double
  package let isSustained: Bool
  /// Seconds the event sounds before its release (its `EventDuration`, capped); 0 means "none
  /// given" (not sustained only).
  package let duration: Double

  package init(attack: Double, decay: Double, release: Double, isSustained: Bool, duration: Double) {
    self.attack = attack
    self.decay = decay
    self.release = release
    self.isSustained = isSustained
    self.duration = duration
    inverseAttack = 1 / attack
    inverseRelease = 1 / release
    inverseDecay = 1 / decay
    releasesAtDuration = isSustained || (duration > 0 && duration < attack + decay)
    reachedAtDuration =
      isSustained
      ? min(duration / attack, 1)
      : (duration < attack ? duration / attack : max(1 - (duration - attack) / decay, 0))
  }

  private let inverseAttack: Double
  private let inverseRelease: Double
  private let inverseDecay: Double
  /// Whether the event still sounds when its duration ends, and releases from there.
  private let releasesAtDuration: Bool
  /// The level when the duration ends (the release starts from it).
  private let reachedAtDuration: Double

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
    releasesAtDuration ? duration + release : attack + decay
  }

  /// The level, 0 … 1, `time` seconds after the onset.
  @inline(__always)
  package func level(at time: Double) -> Double {
    if releasesAtDuration, time >= duration {
      return max(reachedAtDuration * (1 - (time - duration) * inverseRelease), 0)
    }
    if time < attack { return time * inverseAttack }
    return isSustained ? 1 : max(1 - (time - attack) * inverseDecay, 0)
  }
}
