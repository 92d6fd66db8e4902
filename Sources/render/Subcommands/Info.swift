import ArgumentParser
import HapticRender

/// `render info FILE`: what is in a pattern or an audio file.
struct Info: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Describe an AHAP file (duration, events, parameters, polyphony, loudest point, metadata) or an audio file (rate, channels, length, peak and RMS per channel)."
  )

  @Argument(help: ArgumentHelp("An AHAP file or an audio file.", valueName: "file"))
  var file: String

  @Flag(help: "Print JSON.")
  var json = false

  @OptionGroup var render: RenderOptionGroup

  func run() throws {
    let console = Console()
    do {
      if file.lowercased().hasSuffix(".ahap") {
        let options = try render.renderOptions(console: console)
        guard let pattern = PatternLoading.load(file, render: render, console: console) else {
          throw ExitCode.failure
        }
        let analysis = try PatternAnalysis(
          pattern, options: options, waveforms: try WaveformLibrary(loadingFor: pattern))
        try show(PatternInfo(file: file, analysis: analysis))
      } else {
        try show(try AudioFileInfo(path: file))
      }
    } catch let exit as ExitCode {
      throw exit
    } catch {
      console.error("\(error)")
      throw ExitCode.failure
    }
  }

  private func show(_ info: some Encodable & CustomStringConvertible) throws {
    if json { try JSONOutput.print(info) } else { print(info) }
  }
}
