/// Presets that share a platform and a source: `ios` (UIKit's feedback generators), `rnhf3-ios`,
/// `expo-android`, `expo-android-12.7` and `android`. The data of each family lives in its own
/// file beside this one, with the citations it comes from.
public struct PresetFamily: Sendable {
  /// `ios`, `expo-android`, ….
  public let name: String
  /// What the family plays, in one line.
  public let summary: String
  /// Why its events only approximate the platform's; `nil` when they are exact.
  public let caveat: String?
  public let presets: [Preset]

  /// - Parameter presets: `(name, call, source, taps)` for each preset.
  package init(
    name: String, summary: String, caveat: String?,
    presets: [(name: String, call: String, source: String, taps: [Preset.Tap])]
  ) {
    self.name = name
    self.summary = summary
    self.caveat = caveat
    self.presets = presets.map {
      Preset(family: name, name: $0.name, call: $0.call, source: $0.source, caveat: caveat, taps: $0.taps)
    }
  }

  /// A transient tap.
  package static func tap(_ time: Double, _ intensity: Double, _ sharpness: Double) -> Preset.Tap {
    Preset.Tap(time: time, intensity: intensity, sharpness: sharpness)
  }

  /// The events an Android `VibrationEffect.createWaveform(timings, amplitudes, -1)` plays:
  /// each segment with a non-zero amplitude becomes a continuous event (adjacent segments of
  /// the same amplitude join into one), intensity √(amplitude / 255) so that the rendered
  /// amplitude (intensity²) follows Android's, sharpness 0.5 (the actuator's resonance).
  ///
  /// - Parameters:
  ///   - timings: Segment lengths in milliseconds.
  ///   - amplitudes: One per segment, 0 (off) … 255.
  package static func androidWaveform(_ timings: [Int], _ amplitudes: [Int]) -> [Preset.Tap] {
    var pulses: [(start: Int, length: Int, amplitude: Int)] = []  // milliseconds
    var start = 0
    for (length, amplitude) in zip(timings, amplitudes) where length > 0 {
      defer { start += length }
      guard amplitude > 0 else { continue }
      if let last = pulses.last, last.amplitude == amplitude, last.start + last.length == start {
        pulses[pulses.count - 1].length += length
      } else {
        pulses.append((start, length, amplitude))
      }
    }
    return pulses.map {
      Preset.Tap(
        time: Double($0.start) / 1000, intensity: (Double($0.amplitude) / 255).squareRoot(), sharpness: 0.5,
        duration: Double($0.length) / 1000)
    }
  }
}
