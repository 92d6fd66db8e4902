import ArgumentParser
import HapticRender
import RenderCommandSupport

/// Opens one side of a comparison: an audio file, an AHAP file rendered in memory, or the
/// waveform of an Android effect file (`.json`) played back as steps.
enum SourceOpening {
  static func open(
    _ path: String, render: RenderOptionGroup, input: InputOptionGroup, console: Console
  ) throws -> any FrameSource {
    if AndroidEffectFile(path: path) == .json {
      let options = try render.renderOptions(strict: input.strict, console: console)
      var diagnostics = Diagnostics(treatsWarningsAsErrors: input.strict)
      let waveform = try AndroidWaveform.load(path: path, diagnostics: &diagnostics)
      console.print(diagnostics.all)
      guard let waveform else { throw ExitCode.failure }
      return AndroidWaveformSource(waveform, sampleRate: options.sampleRate, profile: options.profile)
    }
    guard PatternFiles.isPattern(path) else { return try AudioFileReader(path: path) }
    let options = try render.renderOptions(strict: input.strict, console: console)
    guard let pattern = PatternLoading.load(path, input: input, console: console) else {
      throw ExitCode.failure
    }
    return try PatternSource(pattern, options: options)
  }
}
