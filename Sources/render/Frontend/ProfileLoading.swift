import ArgumentParser
import HapticRender

/// Finds the signal profile that `--profile` names.
enum ProfileLoading {
  /// A built-in profile by name, or the profile in a JSON file (its diagnostics printed).
  ///
  /// - Throws: `ExitCode.failure` for a file that cannot be read or has errors.
  static func load(_ value: String, strict: Bool, console: Console) throws -> SignalProfile {
    if let profile = SignalProfile.named(value) { return profile }
    var diagnostics = Diagnostics(treatsWarningsAsErrors: strict)
    defer { console.print(diagnostics.all, omitted: diagnostics.omittedCount) }
    do {
      guard let profile = try SignalProfile.load(path: value, diagnostics: &diagnostics) else { throw ExitCode.failure }
      return profile
    } catch let error as FileSystemError {
      console.error("cannot read profile \(error)")
      throw ExitCode.failure
    }
  }
}
