import ArgumentParser
import HapticRender
import RenderCommandSupport

/// Reads a pattern for a subcommand and prints its diagnostics.
enum PatternLoading {
  /// The pattern at `path` with its waveforms decoded, or `nil` after printing why not.
  static func load(_ path: String, input: InputOptionGroup, console: Console) -> LoadedPattern? {
    loadWithDiagnostics(path, input: input, console: console)?.pattern
  }

  /// ``load(_:input:console:)``, with the diagnostics it printed (for a page that lists them).
  static func loadWithDiagnostics(
    _ path: String, input: InputOptionGroup, console: Console
  ) -> (pattern: LoadedPattern, diagnostics: [Diagnostic])? {
    let loaded = input.loader.load(path: path, treatsWarningsAsErrors: input.strict)
    console.print(
      loaded.diagnostics, omitted: loaded.omittedDiagnostics, error: loaded.error.map(PatternFailure.unreadable))
    return loaded.pattern.map { ($0, loaded.diagnostics) }
  }

  /// Fails, saying why, when `output` would replace a file the render of `pattern` reads: the
  /// pattern `input`, one of its waveforms, or one of `otherInputs`.
  static func checkOutput(
    _ output: String, isNot input: String, norInputsOf pattern: LoadedPattern, otherInputs: [String],
    console: Console
  ) throws {
    do {
      try PatternFiles.checkOutput(output, isNot: input, norInputsOf: pattern, otherInputs: otherInputs)
    } catch {
      console.error(error)
      throw ExitCode.failure
    }
  }

  /// Fails, saying why, when `output` is the input file itself.
  static func checkOutput(_ output: String, isNot input: String, console: Console) throws {
    do {
      try PatternFiles.checkOutput(output, isNot: input)
    } catch {
      console.error(error)
      throw ExitCode.failure
    }
  }
}
