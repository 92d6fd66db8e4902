import HapticFiles
import HapticSupport

/// A `render check` run as a JUnit XML report, the format CI systems read test results in
/// (GitHub Actions' test reporters, GitLab, Jenkins).
///
/// One `<testsuite>` inside `<testsuites>`, one `<testcase>` per pattern named by its path
/// relative to the folder searched, with its time in seconds. A pattern that differs, or has no
/// golden file, carries a `<failure>` whose `message` has the comparison's figures and the path
/// of the rendered file (the full report is the element's text); a pattern that cannot be read
/// or rendered carries an `<error>` (its message has the reader's first error, its text all of
/// them). The counts are the suite's attributes: `tests`, `failures`, `errors`, `skipped`
/// (always 0) and `time`. The reader's warnings about a pattern are its `<system-err>`, and a
/// golden file written by `--update` is said in its `<system-out>`.
package struct JUnitReport: Sendable {
  /// The suite's name: `render check`, with the shard (`render check 2/4`) when there is one.
  package var suiteName: String
  package var cases: [GoldenCase]
  /// Wall-clock seconds of the whole run.
  package var seconds: Double

  package init(suiteName: String, cases: [GoldenCase], seconds: Double) {
    self.suiteName = suiteName
    self.cases = cases
    self.seconds = seconds
  }

  /// The report's text: UTF-8 XML 1.0, every name and message escaped, so the document is
  /// well-formed whatever the file names and messages hold.
  package var xml: String {
    let errors = cases.filter { $0.verdict == .error }.count
    let failures = cases.filter(\.isFailure).count - errors
    let counts =
      "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\" time=\"\(time(seconds))\""
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<testsuites name=\"\(attribute(suiteName))\" \(counts)>",
      "  <testsuite name=\"\(attribute(suiteName))\" \(counts)>",
    ]
    for entry in cases { lines += testCase(entry) }
    lines += ["  </testsuite>", "</testsuites>", ""]
    return lines.joined(separator: "\n")
  }

  /// Writes ``xml`` to `path` as every output is written: to a temporary file renamed over the
  /// target when complete, so a report is never left half-written.
  ///
  /// - Throws: `FileSystemError`.
  package func write(to path: String) throws(FileSystemError) {
    try TextFile.write(xml, to: path)
  }

  /// Creates the folder of a report to be written at `path` when it is missing (a CI step
  /// names `reports/check.xml` in a fresh checkout), and refuses a folder, or a place that may
  /// not be written, as the report: called before the checks, so that a report that cannot be
  /// written stops the run before it starts.
  ///
  /// - Throws: `FileSystemError` naming the path and the reason.
  package static func prepare(_ path: String) throws(FileSystemError) {
    if FileSystem.isDirectory(path) { throw .failed(path: path, reason: "is a folder; name the report's file") }
    let folder = FileSystem.directory(of: path)
    do {
      try FileSystem.createDirectory(folder)
    } catch {
      throw error.about(folder, context: "cannot create the report's folder")
    }
    if let problem = FileSystem.writeProblem(path) { throw problem }
  }

  private func testCase(_ entry: GoldenCase) -> [String] {
    let opening =
      "    <testcase name=\"\(attribute(entry.name))\" classname=\"render check\" file=\"\(Markup.escapedAttribute(entry.path))\" time=\"\(time(entry.seconds))\""
    var body: [String] = []
    switch entry.outcome {
    case .failed(let report, let rendered):
      let text = "\(report)\nrendered: \(rendered ?? "(could not be written)")"
      body.append(element("failure", type: "mismatch", message: entry.message, text: text))
    case .missing:
      body.append(element("failure", type: "missing", message: entry.message, text: nil))
    case .error:
      // The reader's first error says more than "has errors"; all of them are the text.
      let firstError = entry.diagnostics.first { $0.severity == .error }
      let message = entry.message + (firstError.map { ": \($0)" } ?? "")
      let text = entry.diagnostics.isEmpty ? nil : entry.diagnostics.map(\.description).joined(separator: "\n")
      body.append(element("error", type: "error", message: message, text: text))
    case .recorded, .updated:
      body.append("      <system-out>\(Markup.escaped(lines(entry.message)))</system-out>")
    case .passed:
      break
    }
    if entry.verdict != .error, !entry.diagnostics.isEmpty {
      let text = lines(entry.diagnostics.map(\.description).joined(separator: "\n"))
      body.append("      <system-err>\(Markup.escaped(text))</system-err>")
    }
    guard !body.isEmpty else { return [opening + "/>"] }
    return [opening + ">"] + body + ["    </testcase>"]
  }

  private func element(_ name: String, type: String, message: String, text: String?) -> String {
    let start = "      <\(name) type=\"\(type)\" message=\"\(attribute(message))\""
    guard let text else { return start + "/>" }
    return start + ">\(Markup.escaped(lines(text)))</\(name)>"
  }

  /// `text` for an attribute: one line, control characters written as `\n`, `\u001b`…
  /// (a parser would turn a line break in an attribute into a space), then escaped.
  private func attribute(_ text: String) -> String {
    Markup.escaped(text.escapingControlCharacters)
  }

  /// `text` for an element's content: its line breaks kept, other control characters written
  /// as `\t`, `\u001b`… within each line.
  private func lines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).escapingControlCharacters }
      .joined(separator: "\n")
  }

  /// Seconds with millisecond precision, `0.012`.
  private func time(_ seconds: Double) -> String {
    NumberText.fixed(max(seconds, 0), 3)
  }
}
