import ArgumentParser
import HapticRender
import RenderCommandSupport

/// `render info FILE`: what is in a pattern or an audio file.
struct Info: ParsableCommand, OptionChecking {
  static let configuration = CommandConfiguration(
    commandName: "info",
    abstract:
      "Describe an AHAP file (duration and what ends it, events, parameters, polyphony, loudest point, metadata) or an audio file (rate, channels, length, peak and RMS per channel)."
  )

  @Argument(help: ArgumentHelp("An AHAP file or an audio file.", valueName: "file"), completion: .file())
  var file: String

  @Flag(help: "Print JSON.")
  var json = false

  @OptionGroup var render: RenderOptionGroup
  @OptionGroup var actuator: ActuatorOptionGroup
  @OptionGroup var input: InputOptionGroup
  @OptionGroup var diagnostics: DiagnosticOptionGroup

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "With --actuator: the figures also on units resonating HZ/2 and HZ below and above the actuator's resonance, the drive computed for its own.",
      valueName: "hz"))
  var spread: Double?

  func checkOptions() throws {
    try render.check()
    try actuator.check(layout: render.layout)
    try actuator.check(spread: spread)
  }

  func run() throws {
    let console = Console(isQuiet: diagnostics.quiet)
    try input.warnAboutResources(console: console)
    var rendering: ActuatorRendering?
    do {
      if PatternFiles.isPattern(file) {
        var options = try render.renderOptions(strict: input.strict, console: console)
        try actuator.apply(
          to: &options, output: .drive, hasProfile: render.hasProfile, strict: input.strict, console: console)
        try actuator.check(spread: spread, around: options, console: console)
        guard let pattern = PatternLoading.load(file, input: input, console: console) else {
          throw ExitCode.failure
        }
        rendering = options.actuator
        options.actuator = nil
        let analysis = try PatternAnalysis(pattern, options: options)
        let figures = try rendering.map { try ActuatorFigures(pattern, analysis: analysis, actuator: $0) }
        let units = try rendering.flatMap { rendering in
          try spread.map { try ActuatorSpread(pattern, analysis: analysis, actuator: rendering, spread: $0) }
        }
        try show(PatternInfo(file: file, analysis: analysis, actuator: figures, spread: units))
      } else {
        // An audio file has no drive to describe: the actuator's options would be ignored.
        guard actuator.actuator == nil, spread == nil else {
          console.error(
            "--actuator and --spread describe a pattern's drive; '\(file)' is read as an audio file, which has none")
          throw ExitCode.validationFailure
        }
        let info = try AudioFileInfo(path: file)
        if let damage = info.damage { try console.warning("'\(file)' is damaged: \(damage)", strict: input.strict) }
        try show(info)
      }
    } catch let exit as ExitCode {
      throw exit
    } catch {
      console.error(error, actuator: rendering)
      throw ExitCode.failure
    }
  }

  private func show(_ info: some Encodable & CustomStringConvertible) throws {
    if json { try JSONOutput.print(info) } else { StandardOutput.print("\(info)") }
  }
}
