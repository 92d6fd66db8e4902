import ArgumentParser
import HapticRender

/// Reads a pattern for a subcommand and prints its diagnostics.
enum PatternLoading {
  /// The pattern at `path` with its waveforms decoded, or `nil` after printing why not.
  static func load(_ path: String, input: InputOptionGroup, console: Console) -> Pattern? {
    var diagnostics = Diagnostics(treatsWarningsAsErrors: input.strict)
    defer { console.print(diagnostics.all, omitted: diagnostics.omittedCount) }
    do {
      return try input.loader.load(path: path, diagnostics: &diagnostics)
    } catch {
      console.error("cannot read \(error)")
      return nil
    }
  }

  /// Fails, saying why, when `output` is the input file itself.
  static func checkOutput(_ output: String, isNot input: String, console: Console) throws {
    do {
      try PatternFiles.checkOutput(output, isNot: input)
    } catch {
      console.error("\(error)")
      throw ExitCode.failure
    }
  }
}
