import ArgumentParser
import HapticRender
import RenderCommandSupport

/// `render compare EXPECTED ACTUAL`: are two sounds the same, in numbers.
struct Compare: ParsableCommand, OptionChecking {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Compare two audio files sample by sample; an AHAP file stands for its render.",
    discussion: """
      Checks rate, channels and length, then compares every sample and reports the largest \
      difference (frame, time, channel), the first frame over the tolerance, the RMS of the \
      difference and the SNR. The render options apply to AHAP sides. An Android effect file \
      (.json, from render android) stands for its waveform played back: a carrier at sharpness \
      0.5 whose amplitude is each step's amplitude / 255.

      Exit status: 0 the same within tolerance, 1 different, 2 could not compare.
      """)

  @Argument(
    help: ArgumentHelp("The reference: an audio file or an AHAP file.", valueName: "expected"), completion: .file())
  var expected: String

  @Argument(
    help: ArgumentHelp("The file under test: an audio file or an AHAP file.", valueName: "actual"), completion: .file())
  var actual: String

  @OptionGroup var tolerance: ToleranceOptionGroup

  @Flag(help: "Print the report as JSON.")
  var json = false

  @OptionGroup var render: RenderOptionGroup
  @OptionGroup var input: InputOptionGroup
  @OptionGroup var diagnostics: DiagnosticOptionGroup

  func checkOptions() throws {
    try tolerance.check()
    try render.check()
  }

  func run() throws {
    let console = Console(isQuiet: diagnostics.quiet)
    try input.warnAboutResources(console: console)
    let report: ComparisonReport
    do {
      var expectedSource = try SourceOpening.open(expected, render: render, input: input, console: console)
      var actualSource = try SourceOpening.open(actual, render: render, input: input, console: console)
      report = try Comparison.compare(
        expected: &expectedSource, actual: &actualSource, names: (expected, actual), tolerance: tolerance.tolerance)
    } catch is ExitCode {
      throw ExitCode(2)
    } catch {
      console.error(error)
      throw ExitCode(2)
    }
    if json {
      try JSONOutput.print(report)
    } else {
      StandardOutput.print("\(report)")
    }
    if !report.passed { throw ExitCode.failure }
  }
}
