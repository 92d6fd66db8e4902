import HapticSupport

/// Lines of results on standard output.
package enum StandardOutput {
  /// Prints each line of `text`, control characters escaped within a line (a line break in
  /// `text` separates lines; one from a file must have been escaped where it was formatted).
  package static func print(_ text: String) {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      Swift.print(String(line).escapedForOneLine)
    }
  }

  /// Prints `text` as one line, every control character escaped.
  package static func printLine(_ text: String) {
    Swift.print(text.escapedForOneLine)
  }
}
