import HapticAnalysis
import HapticReader

/// One pattern of a `render check` run: what happened, how long it took, what the reader said.
///
/// The entry of a JUnit report (``JUnitReport``) and a line of `render check --json`.
package struct GoldenCase: Sendable {
  /// The pattern's path relative to the folder searched (`PatternFiles.name(of:foundIn:)`):
  /// the test case's name, and what ``Shard`` hashes.
  package var name: String
  /// The pattern's path as found, which opens it from the working directory.
  package var path: String
  /// The golden file it was compared with.
  package var goldenPath: String
  package var outcome: GoldenCheck.Outcome
  /// Wall-clock seconds the check took: reading, rendering, comparing, writing a failed render.
  package var seconds: Double
  /// The reader's warnings and errors about the pattern.
  package var diagnostics: [Diagnostic]

  package init(
    name: String, path: String, goldenPath: String, outcome: GoldenCheck.Outcome, seconds: Double,
    diagnostics: [Diagnostic] = []
  ) {
    self.name = name
    self.path = path
    self.goldenPath = goldenPath
    self.outcome = outcome
    self.seconds = seconds
    self.diagnostics = diagnostics
  }

  /// What the check concluded, as `render check` prints it (`PASS`, lowercase in JSON).
  package enum Verdict: String, Sendable, Encodable {
    case pass, fail, missing, recorded, updated, error
  }

  package var verdict: Verdict {
    switch outcome {
    case .passed: .pass
    case .failed: .fail
    case .missing: .missing
    case .recorded: .recorded
    case .updated: .updated
    case .error: .error
    }
  }

  /// `true` for a pattern that differed, had no golden file or could not be checked: what
  /// fails the run.
  package var isFailure: Bool {
    switch outcome {
    case .failed, .missing, .error: true
    case .passed, .recorded, .updated: false
    }
  }

  /// The comparison, when one was made and kept (passed or failed).
  package var report: ComparisonReport? {
    switch outcome {
    case .passed(let report), .failed(let report, _): report
    default: nil
    }
  }

  /// Where the failing render was written, when it was.
  package var renderedPath: String? {
    if case .failed(_, let rendered) = outcome { return rendered }
    return nil
  }

  /// The outcome in one line, without the pattern's name: the figures and the rendered file of
  /// a failure, the reason of a missing golden file or an error, the file written by `--update`.
  package var message: String {
    switch outcome {
    case .passed(let report): report.maxDifference == 0 ? "identical" : "within tolerance: \(report.figures)"
    case .failed(let report, let rendered):
      "\(report.figures); rendered: \(rendered ?? "(could not be written)")"
    case .missing(let golden): "no golden file '\(golden)' (run with --update to record it)"
    case .recorded(let golden): "recorded \(golden)"
    case .updated(let previous): "rewrote \(goldenPath) (was: \(previous))"
    case .error(let failure): failure.description
    }
  }
}

extension GoldenCase: Encodable {
  private enum CodingKeys: String, CodingKey {
    case kind, path, file, golden, verdict, message, figures, rendered
  }

  /// A line of `render check --json`: `"kind": "pattern"`, the relative `path`, the `file` as
  /// found, the `golden` file, the `verdict`, a one-line `message`, the comparison's `figures`
  /// (as `render compare --json` gives them; `null` when none was made) and the `rendered` file
  /// of a failure (`null` otherwise).
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode("pattern", forKey: .kind)
    try container.encode(name, forKey: .path)
    try container.encode(path, forKey: .file)
    try container.encode(goldenPath, forKey: .golden)
    try container.encode(verdict, forKey: .verdict)
    try container.encode(message, forKey: .message)
    try container.encode(report, forKey: .figures)
    try container.encode(renderedPath, forKey: .rendered)
  }
}
