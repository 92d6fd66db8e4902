import ArgumentParser
import HapticRender

/// Opens one side of a comparison: an audio file, or an AHAP file rendered in memory.
enum SourceOpening {
  static func open(_ path: String, render: RenderOptionGroup, console: Console) throws -> any FrameSource {
    guard path.lowercased().hasSuffix(".ahap") else { return try AudioFileReader(path: path) }
    let options = try render.renderOptions(console: console)
    guard let pattern = PatternLoading.load(path, render: render, console: console) else {
      throw ExitCode.failure
    }
    return try PatternSource(pattern, options: options)
  }
}
