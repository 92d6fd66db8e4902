import ArgumentParser
import HapticRender
import RenderCommandSupport

/// The options that shape the rendered signal.
struct RenderOptionGroup: ParsableArguments {
  @Option(
    name: [.customShort("r"), .long], help: ArgumentHelp("Output sample rate in Hz (1000 to 384000).", valueName: "hz"))
  var rate = 48_000

  @Option(help: "Channel layout; auto is haptic (one channel), or stereo when the pattern has audio events.")
  var layout: ChannelLayout = .auto

  @Option(
    help: ArgumentHelp(
      "The signal model: preview (65 to 300 Hz, for listening; the default), lra150 (a 150 Hz resonant actuator), wideband (a 55 to 200 Hz voice coil), or a JSON profile file.",
      valueName: "name|file.json"),
    completion: .list(SignalProfile.builtIn.map(\.name)))
  var profile: String?

  @Option(
    help:
      "When the mix exceeds full scale: limit each overload to the ceiling (0 dBFS; -1 dBFS for ogg, opus, mp3) and leave the rest untouched, normalize the whole output to -1 dBFS (with a warning), clip it, or fail."
  )
  var peak: PeakPolicy = .limit

  @Option(
    help: ArgumentHelp(
      "Multiply every haptic intensity by x (0 to 1) before the amplitude law, like an app's strength setting.",
      valueName: "x"))
  var intensityScale = 1.0

  @Option(
    parsing: .unconditional, help: ArgumentHelp("Final gain in dB (-120 to 60), e.g. --gain -6.", valueName: "dB"))
  var gain = 0.0

  @Option(help: ArgumentHelp("Seconds of silence added at the end.", valueName: "seconds"))
  var tail = 0.0

  @Option(
    help: ArgumentHelp("Refuse outputs longer than this many seconds (up to 604800, a week).", valueName: "seconds"))
  var maxDuration = 3_600.0

  @Option(help: ArgumentHelp("Frames per render block (the output does not depend on it).", visibility: .hidden))
  var blockSize = 32_768

  /// Throws a usage error for values out of range or an unknown profile name.
  func check() throws {
    do {
      try options.validate()
    } catch {
      throw ValidationError(CommandLineMessages.text(for: error))
    }
    if let profile, SignalProfile.named(profile) == nil, !profile.hasSuffix(".json"), !profile.contains("/") {
      throw Suggestion.unknownName(
        profile, kind: "profile", builtIn: SignalProfile.builtIn.map(\.name), orFile: "a JSON file")
    }
  }

  /// The profile file `--profile` names, when it names a file rather than a built-in profile:
  /// an input that no output may replace.
  var profileFiles: [String] {
    profile.flatMap { SignalProfile.named($0) == nil ? [$0] : nil } ?? []
  }

  /// Whether `--profile` was given.
  var hasProfile: Bool { profile != nil }

  /// The library's options, with the default profile.
  private var options: RenderOptions {
    var options = RenderOptions()
    options.sampleRate = rate
    options.layout = layout
    options.peakPolicy = peak
    options.intensityScale = intensityScale
    options.gainDecibels = gain
    options.tailSeconds = tail
    options.maximumDurationSeconds = maxDuration
    options.blockSize = blockSize
    return options
  }

  /// The library's options, with the profile `--profile` names loaded (its diagnostics printed).
  ///
  /// - Throws: `ExitCode.failure` for a profile file that cannot be read or has errors.
  func renderOptions(strict: Bool, console: Console) throws -> RenderOptions {
    var options = options
    options.profile = try SettingsLoading.load(
      profile ?? "preview", kind: "profile", strict: strict, console: console, named: SignalProfile.named(_:),
      file: { try SignalProfile.load(path: $0, diagnostics: &$1) })
    return options
  }
}
