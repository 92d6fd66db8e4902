import HapticSupport
import HapticSynthesis
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The renderer's own transcendental functions stay within a relative 1e-14 of libm's.
@Suite struct PortableMathTests {
  private func relativeError(_ a: Double, _ b: Double) -> Double {
    b == 0 ? abs(a) : abs(a - b) / abs(b)
  }

  @Test func exp2MatchesLibm() {
    var worst = 0.0
    for step in 0...200_000 {
      let x = -30 + Double(step) * 0.000_3
      worst = max(worst, relativeError(PortableMath.exp2(x), exp2(x)))
    }
    #expect(worst < 1e-14, "worst \(worst)")
    #expect(PortableMath.exp2(10) == 1_024 && PortableMath.exp2(-3) == 0.125)
    #expect(PortableMath.exp2(0) == 1 && PortableMath.exp2(-0.0) == 1 && PortableMath.exp2(1) == 2)
    #expect(PortableMath.exp2(2_000) == .infinity && PortableMath.exp2(-2_000) == 0)
  }

  @Test func log2MatchesLibm() {
    var worst = 0.0
    for step in 1...200_000 {
      let x = Double(step) * 0.000_05 * Double(step % 7 + 1)
      worst = max(worst, abs(PortableMath.log2(x) - log2(x)) / max(1, abs(log2(x))))
    }
    #expect(worst < 1e-14, "worst \(worst)")
    #expect(PortableMath.log2(8) == 3)
    #expect(PortableMath.log2(0) == -.infinity)
  }

  @Test func powAndExpMatchLibm() {
    var worst = 0.0
    for base in stride(from: 0.001, through: 100, by: 0.37) {
      for exponent in stride(from: -3.0, through: 3, by: 0.13) {
        worst = max(worst, relativeError(PortableMath.pow(base, exponent), pow(base, exponent)))
      }
    }
    for x in stride(from: -40.0, through: 40, by: 0.011) {
      worst = max(worst, relativeError(PortableMath.exp(x), exp(x)))
    }
    #expect(worst < 1e-13, "worst \(worst)")
    #expect(PortableMath.pow(0, 2.5) == 0 && PortableMath.pow(0, 0) == 1)
  }

  @Test func envelopeTimesAndGainsUseThem() {
    #expect(abs(Envelope.seconds(normalized: 1) - 5.12) < 1e-15)
    #expect(abs(Decibels.gain(-6) - pow(10, -0.3)) < 1e-15)
    #expect(abs(Decibels.level(0.5) - 20 * log10(0.5)) < 1e-13)
  }
}
