/// A small linear program, `maximise c·x subject to A·x ≤ b, x ≥ 0`, solved by the simplex
/// method on a dense tableau: the variable whose reduced cost raises the objective most enters,
/// the tightest ratio leaves (ties to the largest pivot); a degenerate cycle, which this rule
/// does not rule out, ends at ``pivotLimit``. Rows whose `b` is below 0 (the origin outside
/// them) share one shortfall `s ≥ 0`, `a·x − s ≤ b`, costed ``shortfallCost`` per unit in the
/// objective: `s` is 0 where they can all be met, and otherwise the largest shortfall is made
/// as small as the objective allows.
///
/// Invariants: deterministic (the same operations in the same order for the same input).
///
/// - Complexity: O(rows·columns) per pivot; at most ``pivotLimit`` pivots.
struct LinearProgram: Sendable {
  /// The most pivots taken before the best vertex so far is returned.
  static let pivotLimit = 2_000
  /// What a unit of shortfall costs in the objective, and the shortfall below which a row is
  /// taken as met at the origin (rounding).
  static let shortfallCost = 100.0
  static let shortfallFloor = 1e-9

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

  /// Adds the constraint `coefficients·x ≤ bound`.
  mutating func add(_ coefficients: [Double], atMost bound: Double) {
    tableau += coefficients
    tableau.append(bound)
    rows += 1
  }

  /// The `x` that maximises `objective·x`, or nil where the program is unbounded. The
  /// constraints are used up: ``removeAll()`` before adding others.
  mutating func maximise(_ objective: [Double]) -> [Double]? {
    let shortfall = (0..<rows).reduce(0) { max($0, -tableau[$1 * (columns + 1) + columns]) }
    guard shortfall > Self.shortfallFloor else {
      for row in 0..<rows { tableau[row * (columns + 1) + columns] = max(0, tableau[row * (columns + 1) + columns]) }
      return solve(objective, columns: columns)
    }
    // `s = S − u` with `S` the largest shortfall at the origin: `a·x + u ≤ b + S` on the rows
    // below 0, `u ≤ S`, `u` worth ``shortfallCost``; the origin is feasible.
    var widened = [Double]()
    widened.reserveCapacity((rows + 2) * (columns + 2))
    for row in 0..<rows {
      let bound = tableau[row * (columns + 1) + columns]
      widened += tableau[(row * (columns + 1))..<(row * (columns + 1) + columns)]
      widened += bound < 0 ? [1, bound + shortfall] : [0, bound]
    }
    widened += [Double](repeating: 0, count: columns) + [1, shortfall]
    tableau = widened
    rows += 1
    return solve(objective + [Self.shortfallCost], columns: columns + 1).map { Array($0.prefix(columns)) }
  }

  /// The simplex method on the tableau of `columns` variables, its origin feasible.
  private mutating func solve(_ objective: [Double], columns: Int) -> [Double]? {
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
