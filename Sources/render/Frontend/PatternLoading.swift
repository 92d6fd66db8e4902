import HapticRender

/// Reads a pattern for a subcommand and prints its diagnostics.
enum PatternLoading {
  /// The pattern at `path` with its waveforms resolved, or `nil` after printing why not.
  static func load(_ path: String, render: RenderOptionGroup, console: Console) -> Pattern? {
    var diagnostics = Diagnostics(treatsWarningsAsErrors: render.strict)
    defer { console.print(diagnostics.all, omitted: diagnostics.omittedCount) }
    do {
      return try Pattern.load(
        path: path, resourceFolders: render.resources, isSandboxed: render.sandbox, diagnostics: &diagnostics)
    } catch {
      console.error("cannot read \(error)")
      return nil
    }
  }
}
