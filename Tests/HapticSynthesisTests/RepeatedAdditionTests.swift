import Foundation
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// The closed form of repeated addition, against the addition repeated.
@Suite struct RepeatedAdditionTests {
  /// Starts near the top of binades from 2⁻²⁰ to 1, so that most stretches end within the
  /// frames checked, and steps from 10⁻⁹ to 0.1: every sum of the stretch equals the repeated
  /// addition's, bit for bit, and stays below the binade's top.
  @Test func everySumOfAStretchIsTheRepeatedAdditions() {
    var generator = SplitMix64(seed: 17)
    var stretches = 0
    for _ in 0..<3_000 {
      let top = Double(sign: .plus, exponent: -Int(generator.unit() * 20), significand: 1)
      let step = 1e-9 * pow(10, generator.unit() * 8)
      let start = max(top / 2, top - step * (1 + generator.unit() * 4_000))
      let (count, increment) = RepeatedAddition.stretch(from: start, step: step)
      guard count > 0 else { continue }
      stretches += 1
      var sum = start
      for k in 1...min(count, 5_000) {
        sum += step
        guard start + Double(k) * increment == sum, sum < top else {
          let closedForm = start + Double(k) * increment
          Issue.record("start \(start), step \(step): sum \(k) is \(sum), the closed form \(closedForm)")
          return
        }
      }
    }
    #expect(stretches > 1_500)
  }

  /// The closed form covers the binade but for the last few additions before its top.
  @Test func aStretchReachesTheTopOfItsBinade() {
    let (count, _) = RepeatedAddition.stretch(from: 0.5, step: 1e-4)
    #expect(count >= 4_997 && count < 5_000)
  }

  /// A step halfway between two multiples of the ulp rounds by the last bit of the sum: never
  /// in closed form. A step below half an ulp never changes the sum.
  @Test func halfwayAndVanishingSteps() {
    let unit = 0.75.ulp
    #expect(RepeatedAddition.stretch(from: 0.75, step: 3.5 * unit).count == 0)
    let (count, increment) = RepeatedAddition.stretch(from: 0.75, step: 0.25 * unit)
    #expect(count == .max && increment == 0 && 0.75 + 0.25 * unit == 0.75)
  }

  @Test func noClosedFormOutsidePositiveNormalNumbers() {
    for (start, step) in [(0.0, 0.1), (Double.leastNonzeroMagnitude, 0.1), (-0.5, 0.1), (0.5, 0), (0.5, .infinity)] {
      #expect(RepeatedAddition.stretch(from: start, step: step).count == 0)
    }
  }
}
