#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import HapticRender

/// Writes the tool's messages to standard error.
struct Console {
  var isQuiet = false

  /// Prints each diagnostic; warnings only when not quiet.
  func print(_ diagnostics: Diagnostics) {
    for diagnostic in diagnostics.all where diagnostic.severity == .error || !isQuiet {
      line("\(diagnostic)")
    }
  }

  func error(_ message: String) {
    line("render: error: \(message)")
  }

  func warning(_ message: String) {
    if !isQuiet { line("render: warning: \(message)") }
  }

  func note(_ message: String) {
    if !isQuiet { line(message) }
  }

  private func line(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
  }
}
