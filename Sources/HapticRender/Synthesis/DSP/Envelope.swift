/// The attack/decay/release envelope of a continuous event, in linear segments.
///
/// - Sustained: rises from 0 to 1 over the attack (or until the duration if that is shorter),
///   holds until the duration, then falls from the level reached to 0 over the release.
/// - Not sustained: rises over the attack, then falls to 0 over the decay; if the duration ends
///   first, a 5 ms fade takes the level to 0 from there.
struct Envelope: Sendable {
  /// Attack time in seconds, > 0.
  let attack: Double
  /// Decay time in seconds, > 0 (not sustained only).
  let decay: Double
  /// Release time in seconds, > 0 (sustained only).
  let release: Double
  let isSustained: Bool
  /// The event's duration in seconds; 0 means "none given" (not sustained only).
  let duration: Double

  /// Length of the fade that cuts a non-sustained event at its duration, in seconds.
  static let cutFade = 0.005

  /// Seconds for a normalized envelope time: `0.020 · 2^(8v)`, 20 ms at 0 … 5.12 s at 1.
  static func seconds(normalized value: Double) -> Double {
    0.020 * PortableMath.exp2(8 * min(max(value, 0), 1))
  }

  /// Seconds after the onset when the level is back to 0 for good.
  var end: Double {
    if isSustained { return duration + release }
    let natural = attack + decay
    return duration > 0 && duration < natural ? duration + Self.cutFade : natural
  }

  /// The level, 0 … 1, `time` seconds after the onset.
  func level(at time: Double) -> Double {
    if isSustained {
      if time < duration { return min(time / attack, 1) }
      let reached = min(duration / attack, 1)
      return max(reached * (1 - (time - duration) / release), 0)
    }
    if duration > 0, duration < attack + decay, time >= duration {
      return max(naturalLevel(at: duration) * (1 - (time - duration) / Self.cutFade), 0)
    }
    return naturalLevel(at: time)
  }

  private func naturalLevel(at time: Double) -> Double {
    if time < attack { return time / attack }
    return max(1 - (time - attack) / decay, 0)
  }
}
