import HapticSupport

/// What a vibrator reaches at each frequency, as Android describes it
/// (`Vibrator.getFrequencyProfile()`: output acceleration in g by frequency in Hz), and where
/// an envelope's sharpness puts its frequency: the part of an ``AndroidDevice`` that says how
/// strong the device can play at each sharpness (docs/android.md §3).
///
/// Android's framework (`BasicToPwleSegmentAdapter`) maps sharpness 0…1 linearly onto the
/// frequencies where the device reaches 10 dB above the least perceptible acceleration, and
/// plays intensity `I` at `I · S` dB above that threshold, `S` being the device's strongest
/// level there; where that asks for more than the device's output at the frequency, the device
/// plays its output. ``reach(sharpness:maxSensitivityLevelDb:)`` is that ceiling as a fraction of
/// intensity 1's acceleration.
public struct AndroidFrequencyProfile: Sendable, Equatable {
  /// Frequencies in Hz, ascending without repeats, each with the device's output acceleration
  /// in g there.
  public let frequenciesHz: [Double]
  public let accelerationsGs: [Double]

  /// - Parameter map: (Hz, g) pairs in any order; a repeated frequency keeps its first value.
  public init(map: [(hz: Double, gs: Double)]) {
    var sorted: [(hz: Double, gs: Double)] = []
    for entry in map.sorted(by: { $0.hz < $1.hz }) where sorted.last?.hz != entry.hz { sorted.append(entry) }
    frequenciesHz = sorted.map(\.hz)
    accelerationsGs = sorted.map(\.gs)
  }

  /// AOSP's reference vibrator HAL (hardware/interfaces/vibrator/aidl/default/Vibrator.cpp):
  /// 3.0 g at its resonance of 150 Hz, falling to 0.01 g at 30 Hz and 1.34 g at 300 Hz.
  public static let reference = AndroidFrequencyProfile(map: [
    (30, 0.01), (46, 0.09), (50, 0.1), (55, 0.12), (62, 0.66), (65, 1.38), (83, 0.82), (85, 0.85), (92, 1.05),
    (107, 1.63), (115, 1.72), (123, 1.81), (135, 2.23), (144, 2.47), (145, 2.5), (150, 3.0), (175, 2.51),
    (181, 2.41), (190, 2.28), (200, 2.08), (204, 1.96), (205, 1.9), (224, 1.7), (235, 1.5), (242, 1.46),
    (253, 1.41), (263, 1.39), (278, 1.37), (294, 1.35), (300, 1.34),
  ])

  /// The least perceptible acceleration by frequency, (Hz, dB re 1 g): the curve Android's
  /// `BasicToPwleSegmentAdapter` measures sensitivity levels from.
  static let threshold: [(hz: Double, db: Double)] = [
    (0.4, -97.81), (2.0, -69.86), (3.0, -62.81), (4.0, -58.81), (5.0, -56.69), (6.0, -54.77), (7.2, -52.85),
    (8.0, -51.77), (8.64, -50.84), (10.0, -48.90), (10.37, -48.52), (12.44, -46.50), (14.93, -44.43),
    (15.0, -44.35), (17.92, -41.96), (20.0, -40.36), (21.5, -39.60), (25.0, -37.48), (25.8, -36.93),
    (30.0, -34.31), (35.0, -33.13), (40.0, -32.81), (50.0, -31.94), (60.0, -31.77), (70.0, -31.59),
    (72.0, -31.55), (80.0, -31.77), (86.4, -31.94), (90.0, -31.73), (100.0, -31.90), (103.68, -31.77),
    (124.42, -31.70), (149.3, -31.38), (150.0, -31.35), (179.16, -31.02), (200.0, -30.86), (215.0, -30.35),
    (250.0, -28.98), (258.0, -28.68), (300.0, -26.81), (400.0, -19.81),
  ]

  /// The device's output at `hz`, linear between the map's frequencies; 0 outside them.
  public func outputGs(at hz: Double) -> Double {
    guard let first = frequenciesHz.first, let last = frequenciesHz.last, hz >= first, hz <= last else { return 0 }
    let upper = frequenciesHz.firstIndex { $0 >= hz } ?? frequenciesHz.count - 1
    guard upper > 0, frequenciesHz[upper] != hz else { return accelerationsGs[upper] }
    return Self.interpolate(
      hz, frequenciesHz[upper - 1], frequenciesHz[upper], accelerationsGs[upper - 1], accelerationsGs[upper])
  }

  /// The acceleration in g that is `level` dB above the least perceptible at `hz`.
  static func accelerationGs(level: Double, hz: Double) -> Double {
    let table = threshold
    let db: Double
    if hz <= table[0].hz {
      db = table[0].db
    } else if hz >= table[table.count - 1].hz {
      db = table[table.count - 1].db
    } else {
      let upper = table.firstIndex { $0.hz >= hz } ?? table.count - 1
      db = Self.interpolate(hz, table[upper - 1].hz, table[upper].hz, table[upper - 1].db, table[upper].db)
    }
    return Decibels.gain(level + db)
  }

  /// The frequencies where the device reaches 10 dB above the least perceptible acceleration,
  /// from where it first does to where it first stops (each found between two of the map's
  /// frequencies, linearly); `nil` when it never does.
  public var frequencyRangeHz: ClosedRange<Double>? {
    var low: Double?
    for index in frequenciesHz.indices {
      let needed = Self.accelerationGs(level: 10, hz: frequenciesHz[index])
      if low == nil, needed <= accelerationsGs[index] {
        low = index == 0 ? frequenciesHz[0] : crossing(of: needed, between: index - 1, and: index)
      } else if let low, needed >= accelerationsGs[index] {
        return low...max(low, crossing(of: needed, between: index - 1, and: index))
      }
    }
    return low.map { $0...frequenciesHz[frequenciesHz.count - 1] }
  }

  /// The frequency between the map's entries `a` and `b` where the output is `gs`, clamped to them.
  private func crossing(of gs: Double, between a: Int, and b: Int) -> Double {
    Self.interpolate(gs, accelerationsGs[a], accelerationsGs[b], frequenciesHz[a], frequenciesHz[b])
  }

  /// The most the device plays at `sharpness` (0…1), as a fraction of the acceleration that
  /// intensity 1 asks for there (`S` dB above the threshold): 1 where the device reaches it,
  /// less away from its resonance; 1 when the profile has no range.
  public func reach(sharpness: Double, maxSensitivityLevelDb: Double) -> Double {
    guard let range = frequencyRangeHz else { return 1 }
    let hz = range.lowerBound + min(max(sharpness, 0), 1) * (range.upperBound - range.lowerBound)
    return min(1, outputGs(at: hz) / Self.accelerationGs(level: maxSensitivityLevelDb, hz: hz))
  }

  /// `x` mapped linearly from `x0…x1` onto `y0…y1`, clamped to that span (`y0` when `x0 == x1`).
  private static func interpolate(_ x: Double, _ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double) -> Double {
    let amount = x0 != x1 ? min(max((x - x0) / (x1 - x0), 0), 1) : 0
    return y0 + (y1 - y0) * amount
  }
}
