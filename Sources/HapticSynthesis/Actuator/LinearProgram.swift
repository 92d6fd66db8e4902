/// A small linear program, `maximise c·x subject to A·x ≤ b, x ≥ 0` with `b ≥ 0` (the origin
/// is feasible), solved by the simplex method on a dense tableau: the variable whose reduced
/// cost raises the objective most enters, the tightest ratio leaves (ties to the largest
/// pivot); a degenerate cycle, which this rule does not rule out, ends at ``pivotLimit``.
///
/// Invariants: deterministic (the same operations in the same order for the same input).
///
/// - Complexity: O(rows·columns) per pivot; at most ``pivotLimit`` pivots.
struct LinearProgram: Sendable {
  /// The most pivots taken before the best vertex so far is returned.
  static let pivotLimit = 2_000

  /// `rows` constraints over `columns` variables, as the tableau's rows: `A[i][j]` at
  /// `tableau[i·(columns + 1) + j]`, `b[i]` after them.
  let columns: Int
  private(set) var rows = 0
  private var tableau: [Double] = []

  /// - Parameter rows: The constraints expected (storage is reserved for them).
  init(columns: Int, rows capacity: Int) {
    self.columns = columns
    tableau.reserveCapacity((capacity + 1) * (columns + 1))
  }

  /// Removes the constraints, keeping the storage.
  mutating func removeAll() {
    tableau.removeAll(keepingCapacity: true)
    rows = 0
  }

  /// Adds the constraint `coefficients·x ≤ bound` (`bound` ≥ 0, raised to 0 below it).
  mutating func add(_ coefficients: [Double], atMost bound: Double) {
    tableau += coefficients
    tableau.append(max(0, bound))
    rows += 1
  }

  /// The `x` that maximises `objective·x`, or nil where the program is unbounded. The
  /// constraints are used up: ``removeAll()`` before adding others.
  mutating func maximise(_ objective: [Double]) -> [Double]? {
    let width = columns + 1
    // Row `i`: the basic variable `basis[i]` = `tableau[i][columns] − Σ tableau[i][j]·x_j` over
    // the nonbasic `x_j` (`nonbasic[j]`); the last row: `z − Σ (−c_j)·x_j`.
    tableau += objective.map { -$0 }
    tableau.append(0)
    var basis = Array(columns..<(columns + rows))
    var nonbasic = Array(0..<columns)
    for _ in 0..<Self.pivotLimit {
      // Entering: the variable whose reduced cost raises the objective most.
      var entering = -1
      var best = -1e-9
      for column in 0..<columns where tableau[rows * width + column] < best {
        best = tableau[rows * width + column]
        entering = column
      }
      guard entering >= 0 else { break }
      // Leaving: the tightest ratio, ties to the largest pivot.
      var leaving = -1
      var ratio = Double.infinity
      for row in 0..<rows where tableau[row * width + entering] > 1e-9 {
        let candidate = tableau[row * width + columns] / tableau[row * width + entering]
        if leaving < 0 || candidate < ratio - 1e-12 {
          ratio = candidate
          leaving = row
        } else if candidate <= ratio + 1e-12, tableau[row * width + entering] > tableau[leaving * width + entering] {
          leaving = row
        }
      }
      guard leaving >= 0 else { return nil }
      pivot(width: width, row: leaving, column: entering)
      swap(&basis[leaving], &nonbasic[entering])
    }
    var solution = [Double](repeating: 0, count: columns)
    for row in 0..<rows where basis[row] < columns { solution[basis[row]] = tableau[row * width + columns] }
    return solution
  }

  /// Exchanges the basic variable of `row` with the nonbasic one of `column`.
  private mutating func pivot(width: Int, row: Int, column: Int) {
    let rows = self.rows
    tableau.withUnsafeMutableBufferPointer { tableau in
      let pivotRow = tableau.baseAddress! + row * width
      let scale = 1 / pivotRow[column]
      for index in 0..<width { pivotRow[index] *= scale }
      pivotRow[column] = scale
      for other in 0...rows where other != row {
        let line = tableau.baseAddress! + other * width
        let factor = line[column]
        guard factor != 0 else { continue }
        for index in 0..<width { line[index] -= factor * pivotRow[index] }
        line[column] = -factor * scale
      }
    }
  }
}
