import HapticPipeline
import HapticReader
import HapticSupport
import HapticSynthesis

/// Writes the tool's messages to standard error: those of `render`, and of `render-serve`,
/// which speaks for `render serve`.
package struct Console {
  /// Print errors only: no warnings, notes or summaries (`--quiet`).
  package var isQuiet = false

  package init(isQuiet: Bool = false) {
    self.isQuiet = isQuiet
  }

  /// Prints each diagnostic (warnings only when not quiet), one that repeats with a count
  /// (``RepeatedDiagnostics``), then `error` when there is one: after `input`, the file of a
  /// batch it is about, when it is a render's, whose message does not name the file.
  package func print(
    _ diagnostics: [Diagnostic], omitted: Int = 0, error: (any Error)? = nil, input: String? = nil
  ) {
    let shown = diagnostics.filter { $0.severity == .error || !isQuiet }
    for entry in RepeatedDiagnostics.collapse(shown) {
      line(CommandLineMessages.line(for: entry.diagnostic))
      if let note = entry.note { line(note) }
    }
    if let file = diagnostics.last?.location.file { note(omitted: omitted, in: file) }
    guard let error else { return }
    if let input, case .render = error as? PatternFailure {
      self.error("\(input): \(CommandLineMessages.text(for: error))")
    } else {
      self.error(error)
    }
  }

  /// Says how many diagnostics of `file` were found beyond those shown, when any were.
  package func note(omitted: Int, in file: String) {
    if omitted > 0 { note("\(file): note: \(omitted) more diagnostics not shown") }
  }

  package func error(_ message: String) {
    line("render: error: \(message)")
  }

  /// Prints `error` in the tool's words (``CommandLineMessages``).
  package func error(_ error: any Error) {
    self.error(CommandLineMessages.text(for: error))
  }

  /// Prints `error` as ``error(_:)-(any Error)`` does, or located at the file `actuator` was
  /// read from when it is that actuator's drive's (``CommandLineMessages/located(_:actuator:)``).
  package func error(_ error: any Error, actuator: ActuatorRendering?) {
    guard let located = CommandLineMessages.located(error, actuator: actuator) else { return self.error(error) }
    line(located)
  }

  package func warning(_ message: String) {
    if !isQuiet { line("render: warning: \(message)") }
  }

  package func note(_ message: String) {
    if !isQuiet { line(message) }
  }

  /// Writes `text` as one line, control characters escaped (names and text from files are
  /// printed in messages).
  private func line(_ text: String) {
    StandardError.write(text.escapedForOneLine + "\n")
  }
}
