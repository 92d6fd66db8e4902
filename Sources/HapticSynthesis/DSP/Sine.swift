/// A sine of a phase in turns, computed with basic IEEE operations only, so that every
/// platform gives the same bits (libm's `sin` differs in the last bits between systems).
package enum Sine {
  /// `sin(2π · turns)`, for any finite `turns`.
  ///
  /// The phase is reduced to a quarter wave, then a Taylor polynomial of degree 13 is evaluated.
  ///
  /// Invariants: |error| < 1e-9 against the exact sine (the output is 32-bit float, whose step
  /// near full scale is 6e-8); the result depends on the bits of `turns` only (no libm calls).
  @inlinable @inline(__always)
  package static func of(turns: Double) -> Double {
    guard turns >= 0, turns < 0x1p52 else { return of(unitTurns: turns - turns.rounded(.down)) }
    // ⌊turns⌋ with two additions (`rounded(.down)` is a libm call on baseline x86-64).
    var whole = (turns + 0x1p52) - 0x1p52
    if whole > turns { whole -= 1 }
    return of(unitTurns: turns - whole)
  }

  /// `sin(2π · x)` for `x` in `0 ..< 1` (an oscillator's wrapped phase), without the
  /// reduction's `floor`.
  @inlinable @inline(__always)
  package static func of(unitTurns x: Double) -> Double {
    var x = x
    if x > 0.75 {
      x -= 1  // -0.25 ..< 0
    } else if x > 0.25 {
      x = 0.5 - x  // -0.25 ... 0.25, by sin(π - θ) = sin θ
    }
    let theta = x * (2 * Double.pi)
    let t2 = theta * theta
    // Horner form of θ − θ³/3! + θ⁵/5! − … + θ¹³/13!; the first omitted term is below 7e-10.
    var sum = 1.0 / 6_227_020_800
    sum = sum * t2 - 1.0 / 39_916_800
    sum = sum * t2 + 1.0 / 362_880
    sum = sum * t2 - 1.0 / 5_040
    sum = sum * t2 + 1.0 / 120
    sum = sum * t2 - 1.0 / 6
    sum = sum * t2 + 1
    return sum * theta
  }

  /// `sin(2π · turns)` and `cos(2π · turns)` within a few units in the last place, for any
  /// finite `turns`: slower than ``of(turns:)``, for values that are used many times.
  ///
  /// The phase is reduced exactly to `r` in −1/8 … 1/8 turn plus whole quarter turns; Taylor
  /// series to the 17th and 16th powers of `2πr` (the first omitted terms are below 3e-18) give
  /// its sine and cosine, which the quarter turns then exchange and negate.
  package static func precise(turns: Double) -> (sine: Double, cosine: Double) {
    let fraction = turns - nearestInteger(turns)  // −1/2 … 1/2, exact
    let quarters = nearestInteger(4 * fraction)  // −2 … 2
    let theta = (fraction - quarters / 4) * (2 * Double.pi)  // the subtraction is exact
    let (sine, cosine) = series(theta)
    switch Int(quarters) {
    case 1: return (cosine, -sine)
    case 2, -2: return (-sine, -cosine)
    case -1: return (-cosine, sine)
    default: return (sine, cosine)
    }
  }

  /// The Taylor series of ``precise(turns:)`` at `theta` (radians, within ±π/4): Horner's rule
  /// on θ − θ³/3! + … + θ¹⁷/17! and 1 − θ²/2! + … + θ¹⁶/16!, for one value or eight lanes alike.
  @inline(__always)
  private static func series<Value: PreciseSeries>(_ theta: Value) -> (sine: Value, cosine: Value) {
    let t2 = theta * theta
    var sine = Value(repeating: 1.0 / 355_687_428_096_000)
    sine = sine * t2 - 1.0 / 1_307_674_368_000
    sine = sine * t2 + 1.0 / 6_227_020_800
    sine = sine * t2 - 1.0 / 39_916_800
    sine = sine * t2 + 1.0 / 362_880
    sine = sine * t2 - 1.0 / 5_040
    sine = sine * t2 + 1.0 / 120
    sine = sine * t2 - 1.0 / 6
    sine = (sine * t2 + 1) * theta
    var cosine = Value(repeating: 1.0 / 20_922_789_888_000)
    cosine = cosine * t2 - 1.0 / 87_178_291_200
    cosine = cosine * t2 + 1.0 / 479_001_600
    cosine = cosine * t2 - 1.0 / 3_628_800
    cosine = cosine * t2 + 1.0 / 40_320
    cosine = cosine * t2 - 1.0 / 720
    cosine = cosine * t2 + 1.0 / 24
    cosine = cosine * t2 - 1.0 / 2
    cosine = cosine * t2 + 1
    return (sine, cosine)
  }

  /// Eight ``precise(turns:)`` at once, lane by lane the same operations (so the same bits).
  package static func precise(turns: SIMD8<Double>) -> (sine: SIMD8<Double>, cosine: SIMD8<Double>) {
    let fraction = turns - nearestInteger(turns)
    let quarters = nearestInteger(4 * fraction)
    let theta = (fraction - quarters / 4) * (2 * Double.pi)
    let (sine, cosine) = series(theta)
    // The quarter turns exchange and negate them as ``precise(turns:)``'s cases do; negated by
    // a product with −1, which is exact and flips a zero's sign (`SIMD`'s prefix minus is
    // `0 − x`, which turns −0 into +0 where the scalar minus gives −0).
    var (sines, cosines) = (sine, cosine)
    let (negativeSine, negativeCosine) = (sine * -1, cosine * -1)
    let (first, half, last) = (quarters .== 1, (quarters .== 2) .| (quarters .== -2), quarters .== -1)
    sines.replace(with: cosine, where: first)
    cosines.replace(with: negativeSine, where: first)
    sines.replace(with: negativeSine, where: half)
    cosines.replace(with: negativeCosine, where: half)
    sines.replace(with: negativeCosine, where: last)
    cosines.replace(with: sine, where: last)
    return (sines, cosines)
  }

  /// ``nearestInteger(_:)`` of eight values, lane by lane the same operations.
  package static func nearestInteger(_ x: SIMD8<Double>) -> SIMD8<Double> {
    let bits = unsafeBitCast(x, to: SIMD8<UInt64>.self)
    let signs = bits & SIMD8(repeating: 1 << 63)
    let magnitude = unsafeBitCast(bits & ~SIMD8(repeating: 1 << 63), to: SIMD8<Double>.self)
    var whole = (magnitude + 0x1p52) - 0x1p52
    whole.replace(with: whole + 1, where: magnitude - whole .== 0.5)
    // Past 2⁵² (or not finite) a value is its own nearest integer, as `rounded()` gives it.
    let rounded = unsafeBitCast(unsafeBitCast(whole, to: SIMD8<UInt64>.self) | signs, to: SIMD8<Double>.self)
    return rounded.replacing(with: x, where: .!(magnitude .< 0x1p52))
  }

  /// `x.rounded()` (to the nearest integer, halves away from zero), bit for bit, with two
  /// additions instead of a libm call (`round` on baseline x86-64).
  @inline(__always)
  package static func nearestInteger(_ x: Double) -> Double {
    let magnitude = x.magnitude
    guard magnitude < 0x1p52 else { return x.rounded() }  // already whole, or not finite
    // To the nearest, halves to even: exact below 2^52. An even half rounded down goes up.
    var whole = (magnitude + 0x1p52) - 0x1p52
    if magnitude - whole == 0.5 { whole += 1 }
    return Double(signOf: x, magnitudeOf: whole)
  }

  /// Four sines at once, lane by lane the same operations as ``of(turns:)`` (so the same bits),
  /// for `turns` in `0 ..< 2⁵²` (others are reduced one lane at a time, as ``of(turns:)`` does).
  @inlinable @inline(__always)
  package static func of(turns: SIMD4<Double>) -> SIMD4<Double> {
    guard all((turns .>= 0) .& (turns .< 0x1p52)) else {
      return SIMD4(of(turns: turns[0]), of(turns: turns[1]), of(turns: turns[2]), of(turns: turns[3]))
    }
    var whole = (turns + 0x1p52) - 0x1p52
    whole.replace(with: whole - 1, where: whole .> turns)
    return of(unitTurns: turns - whole)
  }

  /// Four sines at once, lane by lane the same operations as ``of(unitTurns:)`` (so the same
  /// bits), for `x` in `0 ..< 1`.
  @inlinable @inline(__always)
  package static func of(unitTurns x: SIMD4<Double>) -> SIMD4<Double> {
    var reduced = x
    reduced.replace(with: 0.5 - x, where: x .> 0.25)
    reduced.replace(with: x - 1, where: x .> 0.75)
    let theta = reduced * (2 * Double.pi)
    let t2 = theta * theta
    var sum = SIMD4<Double>(repeating: 1.0 / 6_227_020_800)
    sum = sum * t2 - SIMD4(repeating: 1.0 / 39_916_800)
    sum = sum * t2 + SIMD4(repeating: 1.0 / 362_880)
    sum = sum * t2 - SIMD4(repeating: 1.0 / 5_040)
    sum = sum * t2 + SIMD4(repeating: 1.0 / 120)
    sum = sum * t2 - SIMD4(repeating: 1.0 / 6)
    sum = sum * t2 + SIMD4(repeating: 1)
    return sum * theta
  }
}

/// What ``Sine``'s precise series computes with: a `Double`, or eight lanes of them (each lane
/// the same operations).
private protocol PreciseSeries {
  init(repeating value: Double)
  static func * (left: Self, right: Self) -> Self
  static func + (left: Self, right: Double) -> Self
  static func - (left: Self, right: Double) -> Self
}

extension Double: PreciseSeries {
  fileprivate init(repeating value: Double) { self = value }
}

extension SIMD8: PreciseSeries where Scalar == Double {}
