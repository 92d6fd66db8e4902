/// The normal equations `AᵀA·v = Aᵀb` of a least-squares problem over `unknowns` real
/// values, accumulated row by row (``RobustStop``'s plans).
struct NormalEquations {
  /// `AᵀA`, row-major, its upper triangle only; `Aᵀb`.
  var normal: [Double]
  var right: [Double]

  init(unknowns: Int) {
    normal = [Double](repeating: 0, count: unknowns * unknowns)
    right = [Double](repeating: 0, count: unknowns)
  }

  /// Adds the row whose first `length` coefficients are `row`'s (the others 0) and whose
  /// wanted value is `value`.
  mutating func add(_ row: [Double], length: Int, value: Double) {
    let unknowns = right.count
    row.withUnsafeBufferPointer { row in
      right.withUnsafeMutableBufferPointer { right in
        normal.withUnsafeMutableBufferPointer { normal in
          for i in 0..<length where row[i] != 0 {
            let left = row[i]
            right[i] += left * value
            Self.add(left, times: row.baseAddress! + i, count: length - i, to: normal.baseAddress! + i * unknowns + i)
          }
        }
      }
    }
  }

  /// Adds `scale` times the equations `other` (over as many unknowns).
  mutating func add(_ other: NormalEquations, times scale: Double) {
    for index in normal.indices { normal[index] += scale * other.normal[index] }
    for index in right.indices { right[index] += scale * other.right[index] }
  }

  /// Adds `scale` times each of the `count` values from `values` to those from `sums`, two at a
  /// time (each sum rounded as alone).
  @inline(__always)
  private static func add(
    _ scale: Double, times values: UnsafePointer<Double>, count: Int, to sums: UnsafeMutablePointer<Double>
  ) {
    let scales = SIMD2<Double>(repeating: scale)
    var index = 0
    while index + 2 <= count {
      let sum = UnsafeMutableRawPointer(sums + index)
      let product = scales * UnsafeRawPointer(values + index).loadUnaligned(as: SIMD2<Double>.self)
      sum.storeBytes(of: sum.loadUnaligned(as: SIMD2<Double>.self) + product, as: SIMD2<Double>.self)
      index += 2
    }
    if index < count { sums[index] += scale * values[index] }
  }
}
