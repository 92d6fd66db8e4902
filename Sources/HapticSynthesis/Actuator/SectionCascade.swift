/// Two second-order sections in series, each in transposed direct form II, as one state space
/// of four states: `s ← A·s + B·x`, `y = C·s + D·x`. The first section's two states come
/// first; its output is the second section's input. Built once, outside the audio loop, for
/// ``EqualizingDrive``.
struct SectionCascade {
  /// A 4 × 4 matrix by its columns, in double or single precision.
  struct Matrix<Scalar: SIMDScalar & BinaryFloatingPoint & Sendable>: Sendable where Scalar.SIMD4Storage: Sendable {
    var columns: (SIMD4<Scalar>, SIMD4<Scalar>, SIMD4<Scalar>, SIMD4<Scalar>)

    init(_ columns: [SIMD4<Scalar>]) {
      self.columns = (columns[0], columns[1], columns[2], columns[3])
    }

    /// The matrix times `v`.
    @inline(__always) func callAsFunction(_ v: SIMD4<Scalar>) -> SIMD4<Scalar> {
      let low = columns.0 * v[0] + columns.1 * v[1]
      return low + (columns.2 * v[2] + columns.3 * v[3])
    }
  }

  /// The columns of `A`.
  let columns: [SIMD4<Double>]
  /// `B`.
  let input: SIMD4<Double>
  /// `C`.
  let output: SIMD4<Double>
  /// `D`.
  let direct: Double

  /// The sections `gain·(1 + c1·z⁻¹ + c2·z⁻²)/(1 + a1·z⁻¹ + a2·z⁻²)` then `(1 + c1·z⁻¹ +
  /// c2·z⁻²)/(1 + a1·z⁻¹ + a2·z⁻²)`, their `(c1, c2)` in `numerators` and `(a1, a2)` in
  /// `denominators`.
  init(gain: Double, numerators: [(Double, Double)], denominators: [(Double, Double)]) {
    // Each section: s ← [[−a1, 1], [−a2, 0]]·s + (b1 − a1·b0, b2 − a2·b0)·u, y = s[0] + b0·u.
    let (first, second) = (numerators[0], numerators[1])
    let (poles1, poles2) = (denominators[0], denominators[1])
    let b1 = (gain, gain * first.0, gain * first.1)
    let input1 = (b1.1 - poles1.0 * b1.0, b1.2 - poles1.1 * b1.0)
    let input2 = (second.0 - poles2.0, second.1 - poles2.1)
    // The second section's input is the first's output, s1[0] + b0·x.
    columns = [
      SIMD4(-poles1.0, -poles1.1, input2.0, input2.1),
      SIMD4(1, 0, 0, 0),
      SIMD4(0, 0, -poles2.0, -poles2.1),
      SIMD4(0, 0, 1, 0),
    ]
    input = SIMD4(input1.0, input1.1, input2.0 * b1.0, input2.1 * b1.0)
    output = SIMD4(1, 0, 1, 0)
    direct = b1.0
  }

  /// `A·v`.
  func matrixTimes(_ v: SIMD4<Double>) -> SIMD4<Double> {
    columns[0] * v[0] + columns[1] * v[1] + columns[2] * v[2] + columns[3] * v[3]
  }

  /// `row·A`.
  func timesMatrix(_ row: SIMD4<Double>) -> SIMD4<Double> {
    SIMD4((row * columns[0]).sum(), (row * columns[1]).sum(), (row * columns[2]).sum(), (row * columns[3]).sum())
  }
}
