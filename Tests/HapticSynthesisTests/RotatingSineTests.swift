import HapticSynthesis
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The constant-frequency oscillator: as accurate as libm's sine, and the same bits however a
/// render splits its frames.
@Suite struct RotatingSineTests {
  /// Carriers from 65 Hz at 48 kHz to just below half the rate, and a very slow one.
  static let increments = [65.0 / 48_000, 300.0 / 48_000, 80.0 / 1_000, 0.4999, 1e-5]

  private func sines(_ increment: Double, from first: Int, chunks: [Int]) -> [Double] {
    var oscillator = RotatingSine(increment: increment)
    var values: [Double] = []
    var frame = first
    for count in chunks {
      values += [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
        oscillator.fill(buffer.baseAddress!, from: frame, count: count)
        initialized = count
      }
      frame += count
    }
    return values
  }

  @Test(arguments: increments)
  func matchesTheExactSine(increment: Double) {
    let values = sines(increment, from: 0, chunks: [200_000])
    var worst = 0.0
    for (frame, value) in values.enumerated() {
      // libm on the phase's fraction (exact), so that its own reduction adds no error; the
      // rounding of the phase n · increment itself, which any oscillator has, is allowed for.
      let phase = Double(frame) * increment
      let error = abs(value - sin(2 * Double.pi * (phase - phase.rounded(.down))))
      worst = max(worst, error - 2 * Double.pi * phase.ulp)
    }
    #expect(worst < 1e-12, "worst error beyond the phase's rounding: \(worst)")
  }

  @Test(arguments: increments)
  func valuesDoNotDependOnHowFramesAreSplit(increment: Double) {
    let whole = sines(increment, from: 0, chunks: [5_000])
    let pieces = sines(increment, from: 0, chunks: [1, 7, 8, 3, 1_017, 2, 1_024, 64, 2_874])
    #expect(pieces.count == whole.count && pieces == whole, "split differently")
    // Starting late (a block boundary far from the onset) gives the same values as running there.
    let late = sines(increment, from: 2_047, chunks: [13, 2_000])
    #expect(late == Array(whole[2_047..<4_060]), "started late")
  }

  @Test(arguments: increments)
  func addingScaledSinesMatchesTheSinesTimesTheirLevels(increment: Double) {
    let amplitude = 0.8317
    let chunks = [1, 7, 8, 3, 1_017, 2, 1_024, 64, 2_874]
    let whole = sines(increment, from: 0, chunks: [5_000])
    let levels = [Double](repeating: amplitude, count: whole.count)
    // Frames already holding other voices, as a bus does.
    let start = (0..<whole.count).map { Float(sin(Double($0) * 0.37)) * 0.25 }
    var expected = start
    Buses.addProducts(levels, whole, count: whole.count, to: &expected)
    var oscillator = RotatingSine(increment: increment)
    var added = start
    added.withUnsafeMutableBufferPointer { output in
      var frame = 0
      for count in chunks {
        oscillator.add(amplitude, to: output.baseAddress! + frame, from: frame, count: count)
        frame += count
      }
    }
    #expect(added == expected, "added differently from the products of the sines and levels")
  }

  /// The exact groups' rounding without libm gives `rounded()`'s bits: halves away from zero,
  /// the sign of zero kept, whole and huge values unchanged.
  @Test func nearestIntegerIsRoundedBitForBit() {
    var values: [Double] = [
      0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, 4_503_599_627_370_495.5,
      0x1p52, -0x1p52, 0x1p53 + 2, .infinity, -.infinity, 1e300, .leastNonzeroMagnitude,
    ]
    for step in 0..<20_000 {
      let x = Double(step - 10_000) / 8 + Double(step % 7) * 1e-17
      values += [x, x.nextUp, x.nextDown, x * 1_234.567]
    }
    for x in values {
      #expect(Sine.nearestInteger(x).bitPattern == x.rounded().bitPattern, "\(x)")
    }
  }
}
