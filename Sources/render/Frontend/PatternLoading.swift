import HapticRender

/// Reads a pattern for a subcommand and prints its diagnostics.
enum PatternLoading {
  /// The pattern at `path` with its waveforms resolved, or `nil` after printing why not.
  static func load(_ path: String, resources: [String], strict: Bool, console: Console) -> Pattern? {
    var diagnostics = Diagnostics(treatsWarningsAsErrors: strict)
    defer { console.print(diagnostics.all) }
    do {
      return try Pattern.load(path: path, resourceFolders: resources, diagnostics: &diagnostics)
    } catch {
      console.error("cannot read \(error)")
      return nil
    }
  }
}
