import ArgumentParser
import RenderCommandSupport

extension Console {
  /// Prints `message` as a warning; with `--strict` (`strict`), which treats every warning as
  /// an error, prints it as an error and fails, before anything is written.
  ///
  /// - Throws: `ExitCode.failure` when `strict`.
  func warning(_ message: String, strict: Bool) throws {
    guard strict else { return warning(message) }
    error(message)
    throw ExitCode.failure
  }
}
