import Foundation
import HapticAndroid

/// What Android's framework sends a vibrator for a `BasicEnvelopeBuilder` effect: the test
/// oracle for the envelopes `render android` writes. A port, in Float as the Java is, of:
///
/// - `VibrationEffect.BasicEnvelopeBuilder` (core/java/android/os/VibrationEffect.java): each
///   control point a `BasicPwleSegment` from the previous point (the first from intensity 0 at
///   the initial sharpness);
/// - `BasicToPwleSegmentAdapter` (services/core/java/com/android/server/vibrator/
///   BasicToPwleSegmentAdapter.java): sharpness to frequency within the range where the device
///   reaches 10 dB SL, intensity to amplitude through the sensitivity level;
/// - `SplitPwleSegmentsAdapter` (services/core/java/com/android/server/vibrator/
///   SplitPwleSegmentsAdapter.java): segments longer than the device's longest split evenly;
/// - what they call: `VibratorInfo.FrequencyProfile` (core/java/android/os/VibratorInfo.java:
///   its map sorted by frequency and deduplicated, `getOutputAccelerationGs`) and
///   `android.util.MathUtils` (`lerp`, `constrainedMap`);
///
/// from AOSP frameworks/base (github.com/aosp-mirror/platform_frameworks_base) at revision
/// 64c18036dcd3e33c4b534485a8e5ce36f02cb82f; and the frequency-to-output-acceleration map,
/// shortest (20 ms) and longest (1000 ms) point of the reference vibrator HAL
/// (hardware/interfaces/vibrator/aidl/default/Vibrator.cpp).
struct AOSPEnvelopeAdapters {
  /// One `PwleSegment`: amplitude 0…1 and frequency in Hz, each moving linearly.
  struct Segment: Equatable {
    var startAmplitude: Float
    var endAmplitude: Float
    var startFrequencyHz: Float
    var endFrequencyHz: Float
    var durationMillis: Int
  }

  /// The device's frequency profile, sorted by frequency without repeats.
  let frequenciesHz: [Float]
  let accelerationsGs: [Float]
  let maxSegmentMillis: Int

  init(map: [(Float, Float)], maxSegmentMillis: Int) {
    var sorted: [(Float, Float)] = []
    for entry in map.sorted(by: { $0.0 < $1.0 }) where sorted.last?.0 != entry.0 { sorted.append(entry) }
    frequenciesHz = sorted.map(\.0)
    accelerationsGs = sorted.map(\.1)
    self.maxSegmentMillis = maxSegmentMillis
  }

  /// The reference HAL's map, as it declares it (one entry out of order: 65 Hz).
  static let referenceHAL = AOSPEnvelopeAdapters(
    map: [
      (30, 0.01), (46, 0.09), (50, 0.1), (55, 0.12), (62, 0.66), (83, 0.82), (85, 0.85), (92, 1.05), (107, 1.63),
      (115, 1.72), (123, 1.81), (135, 2.23), (144, 2.47), (145, 2.5), (150, 3.0), (175, 2.51), (181, 2.41),
      (190, 2.28), (200, 2.08), (204, 1.96), (205, 1.9), (224, 1.7), (235, 1.5), (242, 1.46), (253, 1.41),
      (263, 1.39), (65, 1.38), (278, 1.37), (294, 1.35), (300, 1.34),
    ], maxSegmentMillis: 1_000)

  /// The least perceptible acceleration, (Hz, dB), of `BasicToPwleSegmentAdapter`.
  static let minPerceptible: [(Float, Float)] = [
    (0.4, -97.81), (2.0, -69.86), (3.0, -62.81), (4.0, -58.81), (5.0, -56.69), (6.0, -54.77), (7.2, -52.85),
    (8.0, -51.77), (8.64, -50.84), (10.0, -48.90), (10.37, -48.52), (12.44, -46.50), (14.93, -44.43),
    (15.0, -44.35), (17.92, -41.96), (20.0, -40.36), (21.5, -39.60), (25.0, -37.48), (25.8, -36.93),
    (30.0, -34.31), (35.0, -33.13), (40.0, -32.81), (50.0, -31.94), (60.0, -31.77), (70.0, -31.59),
    (72.0, -31.55), (80.0, -31.77), (86.4, -31.94), (90.0, -31.73), (100.0, -31.90), (103.68, -31.77),
    (124.42, -31.70), (149.3, -31.38), (150.0, -31.35), (179.16, -31.02), (200.0, -30.86), (215.0, -30.35),
    (250.0, -28.98), (258.0, -28.68), (300.0, -26.81), (400.0, -19.81),
  ]

  static func lerp(_ start: Float, _ stop: Float, _ amount: Float) -> Float { start + (stop - start) * amount }

  static func constrainedMap(
    _ rangeMin: Float, _ rangeMax: Float, _ valueMin: Float, _ valueMax: Float, _ value: Float
  ) -> Float {
    let inverse = valueMin != valueMax ? (value - valueMin) / (valueMax - valueMin) : 0
    return lerp(rangeMin, rangeMax, min(max(inverse, 0), 1))
  }

  func outputAccelerationGs(_ frequencyHz: Float) -> Float {
    guard let first = frequenciesHz.first, let last = frequenciesHz.last, frequencyHz >= first, frequencyHz <= last
    else { return 0 }
    if let index = frequenciesHz.firstIndex(of: frequencyHz) { return accelerationsGs[index] }
    let index = (frequenciesHz.lastIndex { $0 < frequencyHz } ?? 0)
    return Self.constrainedMap(
      accelerationsGs[index], accelerationsGs[index + 1], frequenciesHz[index], frequenciesHz[index + 1], frequencyHz)
  }

  static func minPerceptibleDb(_ frequencyHz: Float) -> Float {
    let table = minPerceptible
    if frequencyHz <= table[0].0 { return table[0].1 }
    if frequencyHz >= table[table.count - 1].0 { return table[table.count - 1].1 }
    if let exact = table.first(where: { $0.0 == frequencyHz }) { return exact.1 }
    let index = table.lastIndex { $0.0 < frequencyHz } ?? 0
    return constrainedMap(table[index].1, table[index + 1].1, table[index].0, table[index + 1].0, frequencyHz)
  }

  static func accelerationGs(sensitivityLevel: Float, frequencyHz: Float) -> Float {
    Float(pow(10, Double((sensitivityLevel + minPerceptibleDb(frequencyHz)) / 20)))
  }

  /// `calculateFrequencyRangeHz`: where the device first and last reaches 10 dB SL.
  var frequencyRangeHz: (Float, Float)? {
    var low = Float.nan
    for index in frequenciesHz.indices {
      let needed = Self.accelerationGs(sensitivityLevel: 10, frequencyHz: frequenciesHz[index])
      if low.isNaN, needed <= accelerationsGs[index] {
        low =
          index == 0
          ? frequenciesHz[0]
          : Self.constrainedMap(
            frequenciesHz[index - 1], frequenciesHz[index], accelerationsGs[index - 1], accelerationsGs[index], needed)
      } else if !low.isNaN, needed >= accelerationsGs[index] {
        return (
          low,
          Self.constrainedMap(
            frequenciesHz[index - 1], frequenciesHz[index], accelerationsGs[index - 1], accelerationsGs[index], needed)
        )
      }
    }
    return low.isNaN ? nil : (low, frequenciesHz[frequenciesHz.count - 1])
  }

  /// `getMaxSensitivityLevel`: the strongest acceleration within the range, in dB SL.
  func maxSensitivityLevel(in range: (Float, Float)) -> Float {
    var best = Float.leastNonzeroMagnitude
    var bestIndex = -1
    for index in frequenciesHz.indices {
      if frequenciesHz[index] < range.0 { continue }
      if frequenciesHz[index] > range.1 { break }
      if accelerationsGs[index] > best { (best, bestIndex) = (accelerationsGs[index], index) }
    }
    return Float(20 * log10(Double(best))) - Self.minPerceptibleDb(frequenciesHz[bestIndex])
  }

  /// `convertIntensityToAmplitude`.
  func amplitude(intensity: Float, frequencyHz: Float, maxSensitivityLevel: Float) -> Float {
    if intensity == 0 { return 0 }
    let desired = Self.accelerationGs(sensitivityLevel: intensity * maxSensitivityLevel, frequencyHz: frequencyHz)
    let available = outputAccelerationGs(frequencyHz)
    return desired >= available ? 1 : desired / available
  }

  /// The segments the vibrator receives for `envelope`.
  func segments(_ envelope: AndroidEnvelope) -> [Segment] {
    guard let range = frequencyRangeHz else { return [] }
    let level = maxSensitivityLevel(in: range)
    func frequency(_ sharpness: Float) -> Float { range.0 + sharpness * (range.1 - range.0) }
    var intensity: Float = 0
    var sharpness = Float(envelope.initialSharpness)
    var segments: [Segment] = []
    for point in envelope.controlPoints {
      let (startHz, endHz) = (frequency(sharpness), frequency(Float(point.sharpness)))
      let segment = Segment(
        startAmplitude: amplitude(intensity: intensity, frequencyHz: startHz, maxSensitivityLevel: level),
        endAmplitude: amplitude(intensity: Float(point.intensity), frequencyHz: endHz, maxSensitivityLevel: level),
        startFrequencyHz: startHz, endFrequencyHz: endHz, durationMillis: point.durationMillis)
      segments += split(segment)
      (intensity, sharpness) = (Float(point.intensity), Float(point.sharpness))
    }
    return segments
  }

  /// `SplitPwleSegmentsAdapter.splitPwleSegment`.
  func split(_ segment: Segment) -> [Segment] {
    let splits = (segment.durationMillis + maxSegmentMillis - 1) / maxSegmentMillis
    guard splits > 1 else { return [segment] }
    let length = segment.durationMillis / splits
    var parts: [Segment] = []
    var (amplitude, frequency, elapsed) = (segment.startAmplitude, segment.startFrequencyHz, 0)
    for _ in 1..<splits {
      elapsed += length
      let ratio = Float(elapsed) / Float(segment.durationMillis)
      let next = Segment(
        startAmplitude: amplitude, endAmplitude: Self.lerp(segment.startAmplitude, segment.endAmplitude, ratio),
        startFrequencyHz: frequency,
        endFrequencyHz: Self.lerp(segment.startFrequencyHz, segment.endFrequencyHz, ratio), durationMillis: length)
      parts.append(next)
      (amplitude, frequency) = (next.endAmplitude, next.endFrequencyHz)
    }
    parts.append(
      Segment(
        startAmplitude: amplitude, endAmplitude: segment.endAmplitude, startFrequencyHz: frequency,
        endFrequencyHz: segment.endFrequencyHz, durationMillis: segment.durationMillis - elapsed))
    return parts
  }
}
