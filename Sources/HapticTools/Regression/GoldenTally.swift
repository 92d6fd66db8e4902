/// The counts of a `render check` run, and its closing line.
public struct GoldenTally: Sendable, Equatable {
  public var passed = 0
  public var failed = 0
  public var missing = 0
  /// Golden files recorded or rewritten.
  public var written = 0

  public init() {}

  /// Counts one outcome.
  public mutating func add(_ outcome: GoldenCheck.Outcome) {
    switch outcome {
    case .passed: passed += 1
    case .failed, .error: failed += 1
    case .missing: missing += 1
    case .recorded, .updated: written += 1
    }
  }

  /// `true` when any pattern differed, was missing its golden file or failed.
  public var hasFailures: Bool { failed + missing > 0 }

  /// `checked 14 patterns: 14 passed, 0 failed, 0 missing`, with `, N written` when some were.
  public var summary: String {
    let count = passed + failed + missing + written
    let written = written > 0 ? ", \(written) written" : ""
    return
      "checked \(count) pattern\(count == 1 ? "" : "s"): \(passed) passed, \(failed) failed, \(missing) missing\(written)"
  }
}
