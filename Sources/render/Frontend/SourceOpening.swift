import ArgumentParser
import HapticRender

/// Opens one side of a comparison: an audio file, or an AHAP file rendered in memory.
enum SourceOpening {
  static func open(
    _ path: String, render: RenderOptionGroup, input: InputOptionGroup, console: Console
  ) throws -> any FrameSource {
    guard PatternFiles.isPattern(path) else { return try AudioFileReader(path: path) }
    let options = try render.renderOptions(strict: input.strict, console: console)
    guard let pattern = PatternLoading.load(path, input: input, console: console) else {
      throw ExitCode.failure
    }
    return try PatternSource(pattern, options: options)
  }
}
