import ArgumentParser
import HapticRender

/// `render INPUT.ahap -o OUT.wav`: the default subcommand.
struct Convert: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Render an AHAP file to an audio file (the default command).",
    discussion: """
      Warnings (defaults filled in, values clamped, unknown keys) are printed as \
      FILE:LINE:COL: warning: PATH: message, and the render goes on; errors stop it and \
      nothing is written. The output is written to a temporary file and renamed when \
      complete, so an existing file is never left half-written.

      Exit status: 0 success, 1 input rejected or write failed, 64 usage error.
      """)

  @Argument(help: ArgumentHelp("The AHAP file to render.", valueName: "input.ahap"))
  var input: String

  @OptionGroup var output: OutputOptionGroup
  @OptionGroup var render: RenderOptionGroup
  @OptionGroup var diagnostics: DiagnosticOptionGroup

  func validate() throws {
    _ = try output.format(sampleRate: render.rate)
  }

  func run() throws {
    let console = Console(isQuiet: diagnostics.quiet)
    var options = render.renderOptions
    options.profile = try ProfileLoading.load(render.profile, strict: render.strict, console: console)
    let format = try output.format(sampleRate: options.sampleRate)
    guard
      let pattern = PatternLoading.load(
        input, resources: render.resources, strict: render.strict, console: console)
    else { throw ExitCode.failure }
    do {
      let report = try Render.toFile(pattern, options: options, destination: output.destination, format: format)
      if let gain = report.normalizationGain {
        console.warning("the mix peaked at \(Summary.decibels(report.peak)); normalized to -1.0 dBFS (gain \(Summary.gain(gain)))")
      }
      if report.clippedSamples > 0 {
        console.warning("\(report.clippedSamples) samples exceeded full scale and were clipped")
      }
      console.note(Summary.line(for: report, output: output.output, format: format))
    } catch {
      console.error("\(error)")
      throw ExitCode.failure
    }
  }
}
