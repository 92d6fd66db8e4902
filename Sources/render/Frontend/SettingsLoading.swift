import ArgumentParser
import HapticRender
import RenderCommandSupport

/// Finds the settings that an option such as `--profile` or `--actuator` names: a built-in set
/// by name, or the settings in a JSON file.
enum SettingsLoading {
  /// The built-in settings `named` finds for `value`, or else those `file` reads from the file
  /// at `value` (its diagnostics printed).
  ///
  /// - Parameter kind: What the settings are, for the message about a file that cannot be read
  ///   (`cannot read KIND PATH: …`).
  /// - Throws: `ExitCode.failure` for a file that cannot be read or has errors.
  static func load<Settings>(
    _ value: String, kind: String, strict: Bool, console: Console, named: (String) -> Settings?,
    file: (String, inout Diagnostics) throws -> Settings?
  ) throws -> Settings {
    if let settings = named(value) { return settings }
    var diagnostics = Diagnostics(treatsWarningsAsErrors: strict)
    defer { console.print(diagnostics.all, omitted: diagnostics.omittedCount) }
    do {
      guard let settings = try file(value, &diagnostics) else { throw ExitCode.failure }
      return settings
    } catch let error as FileSystemError {
      console.error("cannot read \(kind) \(error)")
      throw ExitCode.failure
    }
  }
}
