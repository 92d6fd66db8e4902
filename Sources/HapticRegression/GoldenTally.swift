/// The counts of a `render check` run, and its closing line.
package struct GoldenTally: Sendable, Equatable {
  package var passed = 0
  /// Patterns that differed or could not be checked (``errors`` among them).
  package var failed = 0
  package var missing = 0
  /// Golden files recorded or rewritten.
  package var written = 0
  /// Patterns that could not be read or rendered: counted in ``failed`` too.
  package var errors = 0
  /// The shard checked, when the run checks one (`--shard`).
  package var shard: Shard?
  /// How many patterns the run found before taking the shard's (with ``shard``).
  package var found = 0

  package init() {}

  /// Counts one outcome.
  package mutating func add(_ outcome: GoldenCheck.Outcome) {
    switch outcome {
    case .passed: passed += 1
    case .failed: failed += 1
    case .error:
      failed += 1
      errors += 1
    case .missing: missing += 1
    case .recorded, .updated: written += 1
    }
  }

  /// Patterns checked.
  package var count: Int { passed + failed + missing + written }

  /// `true` when any pattern differed, was missing its golden file or failed.
  package var hasFailures: Bool { failed + missing > 0 }

  /// `checked 14 patterns: 14 passed, 0 failed, 0 missing`, with `, N written` when some were;
  /// `checked 3 of 14 patterns (shard 2/4): …` for a shard.
  package var summary: String {
    let count = count
    let written = written > 0 ? ", \(written) written" : ""
    let checked =
      if let shard {
        "checked \(count) of \(found) pattern\(found == 1 ? "" : "s") (shard \(shard))"
      } else {
        "checked \(count) pattern\(count == 1 ? "" : "s")"
      }
    return "\(checked): \(passed) passed, \(failed) failed, \(missing) missing\(written)"
  }
}

extension GoldenTally: Encodable {
  private enum CodingKeys: String, CodingKey {
    case kind, checked, passed, failed, missing, written, errors, shard, found
  }

  /// The closing object of `render check --json`: `"kind": "summary"`, the counts, and for a
  /// shard its `I/N` and the number of patterns found (`null` otherwise).
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode("summary", forKey: .kind)
    try container.encode(count, forKey: .checked)
    try container.encode(passed, forKey: .passed)
    try container.encode(failed, forKey: .failed)
    try container.encode(missing, forKey: .missing)
    try container.encode(written, forKey: .written)
    try container.encode(errors, forKey: .errors)
    try container.encode(shard?.description, forKey: .shard)
    try container.encode(shard.map { _ in found }, forKey: .found)
  }
}
