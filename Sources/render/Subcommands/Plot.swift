import ArgumentParser
import HapticRender
import RenderCommandSupport

/// `render plot FILE.ahap -o OUT.svg`: see a pattern.
struct Plot: ParsableCommand, OptionChecking {
  static let configuration = CommandConfiguration(
    commandName: "plot",
    abstract: "Draw an AHAP file as an SVG picture.",
    discussion: """
      Lanes: the rendered waveform of each output channel (min/max envelope), the effective \
      intensity and sharpness of the haptic events after curves and dynamic parameters \
      (transients as ticks), and the events as bars labelled with their parameters, release \
      tails lighter. Silences of half a second or more are shaded. Long patterns are \
      summarised, never drawn point by point. Convert to PNG with any SVG tool, e.g. \
      rsvg-convert.
      """)

  @Argument(help: ArgumentHelp("The AHAP file.", valueName: "file.ahap"), completion: .file(extensions: ["ahap"]))
  var file: String

  @Option(
    name: [.customShort("o"), .long], help: ArgumentHelp("The SVG file to write.", valueName: "file.svg"),
    completion: .file(extensions: ["svg"]))
  var output: String

  @Option(help: ArgumentHelp("Width of the time axis in pixels (100 to 20000).", valueName: "pixels"))
  var width = 1_200

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "With --actuator: also the felt acceleration on units resonating HZ/2 and HZ below and above the actuator's resonance, the drive computed for its own.",
      valueName: "hz"))
  var spread: Double?

  @OptionGroup var render: RenderOptionGroup
  @OptionGroup var actuator: ActuatorOptionGroup
  @OptionGroup var input: InputOptionGroup
  @OptionGroup var diagnostics: DiagnosticOptionGroup

  func checkOptions() throws {
    try render.check()
    try actuator.check(layout: render.layout)
    try actuator.check(spread: spread)
    guard output.lowercased().hasSuffix(".svg") else {
      throw ValidationError(
        "plot writes SVG; name the output .svg (convert it to PNG with an SVG tool such as rsvg-convert)")
    }
    try PlotWidthArgument.check(width)
  }

  func run() throws {
    let console = Console(isQuiet: diagnostics.quiet)
    try input.warnAboutResources(console: console)
    var options = try render.renderOptions(strict: input.strict, console: console)
    try actuator.apply(
      to: &options, output: .targetAndAcceleration, hasProfile: render.hasProfile, strict: input.strict,
      console: console)
    try actuator.check(spread: spread, around: options, console: console)
    try PatternLoading.checkOutput(output, isNot: file, console: console)
    guard let pattern = PatternLoading.load(file, input: input, console: console) else {
      throw ExitCode.failure
    }
    try PatternLoading.checkOutput(
      output, isNot: file, norInputsOf: pattern, otherInputs: render.profileFiles + actuator.actuatorFiles,
      console: console)
    do {
      let svg: String
      let analysis: PatternAnalysis
      if let actuator = options.actuator {
        // The drive first: its refusal of a pattern too long names the output's length.
        var source = try ActuatorSource(pattern, options: options)
        // The felt acceleration runs on for the ring-down: the time axis does too.
        var plain = options
        plain.actuator = nil
        plain.tailSeconds += actuator.model.ringSeconds
        analysis = try PatternAnalysis(pattern, options: plain)
        var envelope = try EnvelopeSummary(of: &source, columns: width)
        // With --spread, the felt acceleration on each other unit, after the target and the felt.
        var units: [String] = []
        for offset in ActuatorSpread.offsets where offset != 0 {
          guard let spread else { break }
          var unit = options
          let resonance = actuator.model.resonance + offset * spread
          unit.actuator?.simulatedResonance = resonance
          var unitSource = try ActuatorSource(pattern, options: unit)
          let felt = try EnvelopeSummary(of: &unitSource, columns: width)
          envelope.minimum.append(felt.minimum[1])
          envelope.maximum.append(felt.maximum[1])
          units.append("\(resonance.formatted) Hz")
        }
        svg = try SVGPlot(width: width).draw(analysis, envelope: envelope, actuator: actuator.name, units: units)
      } else {
        analysis = try PatternAnalysis(pattern, options: options)
        var source = try PatternSource(pattern, options: options)
        svg = try SVGPlot(width: width).draw(analysis, waveform: &source)
      }
      try TextFile.write(svg, to: output)
      console.note("wrote \(output): \(Summary.seconds(analysis.duration)) s of \(pattern.events.count) events")
    } catch {
      console.error(error, actuator: options.actuator)
      throw ExitCode.failure
    }
  }
}
