/// The fundamental of a sine clipped to ±1: a sine of amplitude `A ≥ 1` clipped so has a
/// fundamental of amplitude `F(A) = (2/π)·(φ/sin φ + cos φ)` with `sin φ = 1/A` (the
/// describing function of a saturation), from 1 at `A = 1` up to 4/π for a square wave.
///
/// ``amplitude(forFundamental:)`` inverts it on `A = 1 … 8` by interpolating in a table.
package struct ClippedSine: Sendable {
  /// `(F, A)` at 64 steps of φ from π/2 down to `asin(1/8)` (A from 1 to 8).
  private let fundamentals: [Double]
  private let amplitudes: [Double]

  /// `φ/(2π)` at the largest amplitude of the table, 8: `asin(1/8)/(2π)`.
  private static let smallestTurns = 0.019_946_543_837_384_1

  package init() {
    var fundamentals: [Double] = []
    var amplitudes: [Double] = []
    for step in 0...64 {
      let turns = 0.25 - (0.25 - Self.smallestTurns) * Double(step) / 64  // φ/(2π)
      let (sine, cosine) = Sine.precise(turns: turns)
      let angle = 2 * Double.pi * turns
      fundamentals.append(2 / Double.pi * (angle / sine + cosine))
      amplitudes.append(1 / sine)
    }
    self.fundamentals = fundamentals
    self.amplitudes = amplitudes
  }

  /// The largest fundamental of the table, `F(8) ≈ 1.270` (a square wave's is 4/π ≈ 1.273):
  /// the strongest drive envelope the controller uses (for braking).
  package var largestFundamental: Double { fundamentals[fundamentals.count - 1] }

  /// The amplitude `A` in 1 … 8 whose clipped sine has the fundamental `fundamental`
  /// (1 … 1.270; clamped to that range).
  package func amplitude(forFundamental fundamental: Double) -> Double {
    guard fundamental > fundamentals[0] else { return amplitudes[0] }
    guard fundamental < fundamentals[fundamentals.count - 1] else { return amplitudes[amplitudes.count - 1] }
    var low = 0
    var high = fundamentals.count - 1
    while high - low > 1 {
      let middle = (low + high) / 2
      if fundamentals[middle] <= fundamental { low = middle } else { high = middle }
    }
    let fraction = (fundamental - fundamentals[low]) / (fundamentals[high] - fundamentals[low])
    return amplitudes[low] + (amplitudes[high] - amplitudes[low]) * fraction
  }
}
