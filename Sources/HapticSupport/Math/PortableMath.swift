/// `exp2`, `log2`, `exp` and `pow` from basic IEEE operations only.
///
/// The system's libm gives results that differ in the last bits between Apple's platforms and
/// glibc; every value that reaches the rendered samples goes through these instead, so a golden
/// file recorded on one platform matches a render on another bit for bit.
///
/// Invariants: relative error below 1e-14 against the exact functions over the ranges the
/// renderer uses (tested); results depend only on the bits of the arguments.
package enum PortableMath {
  /// `2^x` for finite `x`; 0 below 2^-1074 and +∞ above the largest Double.
  package static func exp2(_ x: Double) -> Double {
    // Exactly what the series gives at 0, without it: a transient without a decay control.
    if x == 0 { return 1 }
    if x >= 1024 { return .infinity }
    if x < -1075 { return 0 }
    let whole = x.rounded(.down)
    let fraction = x - whole  // 0 ..< 1, exact
    // e^(f·ln 2) by its Taylor series; (ln 2)^15 / 15! < 6e-15.
    let y = fraction * 0.693_147_180_559_945_3
    var sum = 1.0 / 1_307_674_368_000
    for divisor in [
      87_178_291_200.0, 6_227_020_800, 479_001_600, 39_916_800, 3_628_800, 362_880, 40_320, 5_040, 720, 120, 24, 6, 2,
      1, 1,
    ] {
      sum = sum * y + 1 / divisor
    }
    return scaled(sum, by: Int(whole))
  }

  /// `log2(x)` for `x > 0`; −∞ at 0 and NaN below.
  package static func log2(_ x: Double) -> Double {
    guard x > 0 else { return x == 0 ? -.infinity : .nan }
    guard x.isFinite else { return x }
    var exponent = Double(x.exponent)
    var m = x.significand  // 1 ..< 2
    if m > 1.414_213_562_373_095 {  // keep m within [√½, √2] for a fast series
      m /= 2
      exponent += 1
    }
    // ln m = 2·atanh(z), z = (m − 1)/(m + 1), |z| ≤ 0.1716
    let z = (m - 1) / (m + 1)
    let z2 = z * z
    var sum = 1.0 / 27
    for odd in stride(from: 25.0, through: 1, by: -2) {
      sum = sum * z2 + 1 / odd
    }
    return exponent + 2 * z * sum * 1.442_695_040_888_963_4  // log2(e)
  }

  /// `e^x`.
  package static func exp(_ x: Double) -> Double {
    exp2(x * 1.442_695_040_888_963_4)
  }

  /// `e^x − 1`, accurate near 0 as well (where `exp(x) − 1` loses its digits).
  package static func expm1(_ x: Double) -> Double {
    guard abs(x) < 0.5 else { return exp(x) - 1 }
    // x + x²/2! + … + x¹⁸/18! by Horner's rule; 0.5¹⁹/19! < 2e-23.
    var sum = 1.0 / 6_402_373_705_728_000
    for k in stride(from: 17, through: 1, by: -1) {
      sum = sum * x + inverseFactorials[k - 1]
    }
    return sum * x
  }

  /// `1/k!` for k = 1 … 17 (each factorial exact in a Double).
  private static let inverseFactorials: [Double] = {
    var factorial = 1.0
    return (1...17).map { k in
      factorial *= Double(k)
      return 1 / factorial
    }
  }()

  /// `base^exponent` for `base ≥ 0`: `0^e` is 0 for `e > 0` and 1 for `e = 0`.
  package static func pow(_ base: Double, _ exponent: Double) -> Double {
    if exponent == 0 { return 1 }
    if base == 0 { return 0 }
    if exponent == 1 { return base }
    if exponent == 2 { return base * base }
    return exp2(exponent * log2(base))
  }

  /// `value · 2^power`, exact unless the result is subnormal.
  private static func scaled(_ value: Double, by power: Int) -> Double {
    var result = value
    var remaining = power
    while remaining > 1000 {
      result *= 0x1p1000
      remaining -= 1000
    }
    while remaining < -1000 {
      result *= 0x1p-1000
      remaining += 1000
    }
    return result * Double(sign: .plus, exponent: remaining, significand: 1)
  }
}
