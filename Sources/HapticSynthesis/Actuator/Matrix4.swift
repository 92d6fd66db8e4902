/// A 4 × 4 matrix by its columns, in double or single precision, for ``EqualizingDrive``'s
/// steps of four frames.
struct Matrix4<Scalar: SIMDScalar & BinaryFloatingPoint & Sendable>: Sendable where Scalar.SIMD4Storage: Sendable {
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
