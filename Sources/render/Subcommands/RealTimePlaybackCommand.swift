import ArgumentParser
import HapticRender
import RenderCommandSupport

/// `render rtp FILE.ahap -o OUT`: the pattern's envelope for a closed-loop driver chip's
/// real-time playback (docs/actuators.md §7).
struct RealTimePlaybackCommand: ParsableCommand, OptionChecking {
  static let configuration = CommandConfiguration(
    commandName: "rtp",
    abstract: "Write a pattern's haptic envelope as real-time-playback values for a closed-loop LRA driver (DRV2605).",
    discussion: """
      One value per update: the largest envelope of the haptic channel (the default render, 48 \
      kHz) over the update, of full scale, times 127 (signed) or 255 (unsigned). By the output's extension: .csv (time,value), \
      .h (a C header: a const uint8_t array, its length and the rate) or .bin (the bytes).
      """)

  @Argument(help: ArgumentHelp("The AHAP file.", valueName: "file.ahap"), completion: .file(extensions: ["ahap"]))
  var file: String

  @Option(
    name: [.customShort("o"), .long], help: ArgumentHelp("The file to write: .csv, .h or .bin.", valueName: "file"))
  var output: String

  @Option(help: ArgumentHelp("Updates per second (50 to 2000).", valueName: "hz"))
  var rate = 200

  @Option(help: ArgumentHelp("The chip's DATA_FORMAT_RTP: signed (0…127) or unsigned (0…255).", valueName: "format"))
  var format = "signed"

  @Option(
    help: ArgumentHelp("Refuse patterns longer than this many seconds (up to 604800, a week).", valueName: "seconds"))
  var maxDuration = 3_600.0

  @OptionGroup var input: InputOptionGroup
  @OptionGroup var diagnostics: DiagnosticOptionGroup

  /// The kinds of output, by extension.
  private enum Kind: String, CaseIterable { case csv, h, bin }

  private var kind: Kind? { Kind(rawValue: String(output.split(separator: ".").last ?? "").lowercased()) }

  func checkOptions() throws {
    guard kind != nil, output.contains(".") else {
      throw ValidationError("rtp writes .csv, .h or .bin; name the output so ('\(output)')")
    }
    guard RealTimePlayback.rates.contains(rate) else {
      throw ValidationError("--rate: expected updates per second within 50…2000, found \(rate)")
    }
    guard RealTimePlayback.Format(rawValue: format) != nil else {
      throw ValidationError("--format: expected signed or unsigned, found '\(format)'")
    }
  }

  func run() throws {
    let console = Console(isQuiet: diagnostics.quiet)
    try input.warnAboutResources(console: console)
    try PatternLoading.checkOutput(output, isNot: file, console: console)
    guard let pattern = PatternLoading.load(file, input: input, console: console) else { throw ExitCode.failure }
    do {
      var options = RenderOptions()
      options.maximumDurationSeconds = maxDuration
      let playback = try RealTimePlayback(
        pattern, options: options, rate: rate, format: RealTimePlayback.Format(rawValue: format) ?? .signed)
      switch kind ?? .csv {
      case .csv: try TextFile.write(playback.csv, to: output)
      case .h:
        try TextFile.write(playback.cHeader(named: FileSystem.stem(of: output)), to: output)
      case .bin: try TextFile.write(bytes: playback.values, to: output)
      }
      console.note("wrote \(output): \(playback.values.count) values at \(rate) Hz (\(format))")
    } catch {
      console.error(error)
      throw ExitCode.failure
    }
  }
}
