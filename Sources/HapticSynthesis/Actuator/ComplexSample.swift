/// A complex number in double precision, for the actuator's envelopes and modes: only the
/// operations they use.
package struct ComplexSample: Sendable, Hashable {
  package var real: Double
  package var imaginary: Double

  @inline(__always)
  package init(_ real: Double, _ imaginary: Double) {
    self.real = real
    self.imaginary = imaginary
  }

  package static let zero = ComplexSample(0, 0)

  /// `e^(2πi·turns)`, from the project's portable sine.
  package static func unit(turns: Double) -> ComplexSample {
    let (sine, cosine) = Sine.precise(turns: turns)
    return ComplexSample(cosine, sine)
  }

  @inline(__always)
  package var conjugate: ComplexSample { ComplexSample(real, -imaginary) }

  @inline(__always)
  package var magnitudeSquared: Double { real * real + imaginary * imaginary }

  @inline(__always)
  package var magnitude: Double { magnitudeSquared.squareRoot() }

  @inline(__always)
  package static func + (a: ComplexSample, b: ComplexSample) -> ComplexSample {
    ComplexSample(a.real + b.real, a.imaginary + b.imaginary)
  }

  @inline(__always)
  package static func - (a: ComplexSample, b: ComplexSample) -> ComplexSample {
    ComplexSample(a.real - b.real, a.imaginary - b.imaginary)
  }

  /// `(a.re·b.re − a.im·b.im, a.re·b.im + a.im·b.re)`, as two lanes
  /// `(a.re, a.im)·b.re + (−a.im, a.re)·b.im`: the same rounded products, and sums equal to the
  /// bit (`x + (−y)` is `x − y`, and a sum does not depend on its order).
  @inline(__always)
  package static func * (a: ComplexSample, b: ComplexSample) -> ComplexSample {
    let sums =
      SIMD2(a.real, a.imaginary) * SIMD2(repeating: b.real) + SIMD2(-a.imaginary, a.real)
      * SIMD2(repeating: b.imaginary)
    return ComplexSample(sums.x, sums.y)
  }

  @inline(__always)
  package static func * (a: ComplexSample, b: Double) -> ComplexSample {
    ComplexSample(a.real * b, a.imaginary * b)
  }

  /// `a / b`; `b` must not be 0.
  package static func / (a: ComplexSample, b: ComplexSample) -> ComplexSample {
    let scale = 1 / b.magnitudeSquared
    return (a * b.conjugate) * scale
  }
}
