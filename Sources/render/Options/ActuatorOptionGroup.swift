import ArgumentParser
import HapticRender
import RenderCommandSupport

/// `--actuator`: render for a resonant actuator (docs/actuators.md).
struct ActuatorOptionGroup: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Drive an actuator: lra (170 Hz, Q 12), voice-coil (80 Hz, Q 2, played over 50-300 Hz) or a JSON actuator file. The output is the drive: for an LRA with overdrive and braking, for a voice coil equalized; without --profile the carriers span the LRA's -3 dB band or the voice coil's band.",
      valueName: "name|file.json"),
    completion: .list(ActuatorModel.builtIn.map(\.name)))
  var actuator: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "With --actuator: the spread of the actuator's resonance between units, in Hz, instead of the actuator's own (lra: 10); 0 stops the nominal unit alone, fastest.",
      valueName: "hz"))
  var resonanceTolerance: Double?

  /// Throws a usage error for an unknown actuator name, a layout of more than one channel, or a
  /// tolerance without an actuator or out of range.
  func check(layout: ChannelLayout) throws {
    if let resonanceTolerance {
      guard actuator != nil else { throw ValidationError("--resonance-tolerance needs --actuator NAME|FILE.json") }
      let bounds = RenderOptions.Setting.actuatorResonanceTolerance.bounds
      guard bounds.contains(resonanceTolerance) else {
        throw ValidationError(
          "--resonance-tolerance: expected a tolerance in Hz within \(bounds), found \(resonanceTolerance.formatted)")
      }
    }
    guard let actuator else { return }
    if ActuatorModel.named(actuator) == nil, !actuator.hasSuffix(".json"), !actuator.contains("/") {
      throw Suggestion.unknownName(
        actuator, kind: "actuator", builtIn: ActuatorModel.builtIn.map(\.name), orFile: "a JSON actuator file")
    }
    guard layout == .auto || layout == .haptic else {
      throw ValidationError(
        "--actuator writes one channel (the haptic one); --layout \(layout.rawValue) cannot be used with it")
    }
  }

  /// Throws a usage error for `--spread` without `--actuator`, or a spread that is not a width in
  /// Hz.
  func check(spread: Double?) throws {
    guard let spread else { return }
    guard actuator != nil else { throw ValidationError("--spread needs --actuator NAME|FILE.json") }
    guard spread > 0, spread <= ActuatorModel.resonanceRange.upperBound else {
      throw ValidationError(
        "--spread: expected a spread in Hz above 0 and at most \(ActuatorModel.resonanceRange.upperBound.formatted), found \(spread.formatted)"
      )
    }
  }

  /// Fails, saying why (a usage error), when `--spread` puts a unit outside the resonances an
  /// actuator may have (``ActuatorModel/resonanceRange``) around the actuator of `options`.
  func check(spread: Double?, around options: RenderOptions, console: Console) throws {
    guard let spread, let resonance = options.actuator?.model.resonance else { return }
    let range = ActuatorModel.resonanceRange
    guard !range.contains(resonance - spread) || !range.contains(resonance + spread) else { return }
    let largest = min(resonance - range.lowerBound, range.upperBound - resonance)
    console.error(
      "--spread \(spread.formatted) Hz puts units at \((resonance - spread).formatted) and \((resonance + spread).formatted) Hz, "
        + "outside the resonances an actuator may have (\(range.lowerBound.formatted)…\(range.upperBound.formatted) Hz); "
        + (largest > 0
          ? "around \(resonance.formatted) Hz a spread may be at most \(largest.formatted) Hz"
          : "an actuator at \(resonance.formatted) Hz has no spread"))
    throw ExitCode.validationFailure
  }

  /// The actuator file `--actuator` names, when it names a file: an input no output may replace.
  var actuatorFiles: [String] {
    actuator.flatMap { ActuatorModel.named($0) == nil ? [$0] : nil } ?? []
  }

  /// `options` for the actuator `--actuator` names (its file's diagnostics printed), writing
  /// `output`; without `--profile` (`hasProfile` false) the carriers take the actuator's band.
  ///
  /// - Throws: `ExitCode.failure` for a file that cannot be read or has errors.
  func apply(
    to options: inout RenderOptions, output: ActuatorRendering.Output, hasProfile: Bool, strict: Bool,
    console: Console
  ) throws {
    guard let actuator else { return }
    let sampleRate = options.sampleRate
    let model = try SettingsLoading.load(
      actuator, kind: "actuator", strict: strict, console: console, named: ActuatorModel.named(_:),
      file: { try ActuatorModel.load(path: $0, sampleRate: sampleRate, diagnostics: &$1) })
    var tolerated = model
    if let resonanceTolerance {
      if model.kind == .voiceCoil {
        try console.warning(
          "--resonance-tolerance is ignored: a voice coil's drive is equalized across its band, not braked at its resonance",
          strict: strict)
      } else {
        tolerated.resonanceTolerance = resonanceTolerance
      }
    }
    options.actuator = ActuatorRendering(model: tolerated, output: output, name: actuator)
    if !hasProfile { options.profile = model.bandProfile }
  }
}
