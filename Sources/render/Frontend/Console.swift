import HapticRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes the tool's messages to standard error.
struct Console {
  var isQuiet = false

  /// Prints each diagnostic (warnings only when not quiet), one that repeats with a count
  /// (``RepeatedDiagnostics``), then `error` when there is one.
  func print(_ diagnostics: [Diagnostic], omitted: Int = 0, error: String? = nil) {
    let shown = diagnostics.filter { $0.severity == .error || !isQuiet }
    for entry in RepeatedDiagnostics.collapse(shown) {
      line("\(entry.diagnostic)")
      if let note = entry.note { line(note) }
    }
    if let file = diagnostics.last?.location.file { note(omitted: omitted, in: file) }
    if let error { self.error(error) }
  }

  /// Says how many diagnostics of `file` were found beyond those shown, when any were.
  func note(omitted: Int, in file: String) {
    if omitted > 0 { note("\(file): note: \(omitted) more diagnostics not shown") }
  }

  func error(_ message: String) {
    line("render: error: \(message)")
  }

  func warning(_ message: String) {
    if !isQuiet { line("render: warning: \(message)") }
  }

  /// The warnings and one-line summary of a finished render.
  func report(_ report: RenderReport, output: String, format: AudioFileFormat) {
    if let gain = report.normalizationGain {
      warning(
        "the mix peaked at \(NumberText.dBFS(report.peak)); normalized to -1.0 dBFS (gain \(NumberText.decibels(gain)))"
      )
    }
    if report.limitedOverloads > 0 {
      note(
        "limited \(report.limitedOverloads) overload\(report.limitedOverloads == 1 ? "" : "s") above full scale to -1.0 dBFS (largest gain reduction \(NumberText.decibels(1 / report.smallestLimiterGain)))"
      )
    }
    if report.clippedSamples > 0 {
      warning("\(report.clippedSamples) samples exceeded full scale and were clipped")
    }
    note(Summary.line(for: report, output: output, format: format))
  }

  func note(_ message: String) {
    if !isQuiet { line(message) }
  }

  /// Writes `text` as one line, control characters escaped (names and text from files are
  /// printed in messages).
  private func line(_ text: String) {
    StandardError.write(text.escapedForOneLine + "\n")
  }
}

/// Lines of results on standard output.
enum StandardOutput {
  /// Prints each line of `text`, control characters escaped within a line (a line break in
  /// `text` separates lines; one from a file must have been escaped where it was formatted).
  static func print(_ text: String) {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      Swift.print(String(line).escapedForOneLine)
    }
  }

  /// Prints `text` as one line, every control character escaped.
  static func printLine(_ text: String) {
    Swift.print(text.escapedForOneLine)
  }
}

/// Unbuffered writes to standard error.
enum StandardError {
  static func write(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { buffer in
      #if canImport(Glibc)
        Glibc.write(STDERR_FILENO, buffer.baseAddress, buffer.count)
      #else
        Darwin.write(STDERR_FILENO, buffer.baseAddress, buffer.count)
      #endif
    }
  }
}
