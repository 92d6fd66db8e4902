import HapticFiles
import HapticModel
import HapticReader
import HapticSupport
import HapticSynthesis

extension ActuatorModel {
  /// The keys of an actuator file.
  public static let fileKeys = [
    "kind", "resonance", "q", "ratedDrive", "gPerUnit", "resonanceTolerance", "ceiling", "minimumFrequency",
    "maximumFrequency",
  ]

  /// Reads an actuator from JSON text such as `{"resonance": 170, "q": 12, "ratedDrive": 0.5}`.
  ///
  /// `resonance` (Hz, 40…1000 and below half of `sampleRate`) and `q` (1…100) are required;
  /// `ratedDrive` (0.01…1 of full scale) takes 0.5 when missing, with a warning; `gPerUnit`
  /// (0.01…100 g) is optional; `resonanceTolerance` (Hz, 0…250 and below a quarter of the
  /// resonance) is 0 when missing; `ceiling` (dBFS, −40…0) is −1 when missing. `kind` is `"lra"`
  /// or `"voice-coil"`: a voice coil needs its
  /// usable band, `minimumFrequency` and `maximumFrequency` (Hz, from 1 to below half of
  /// `sampleRate`, the upper above the lower, the lower no lower than
  /// the model's `lowestBandEdge`), and a band written without a kind makes the file a
  /// voice coil's; without either the file is an LRA's (with a warning when its Q, at most 3, is
  /// a wideband actuator's). Unknown keys, values of the wrong type and values out of range are errors: a
  /// misspelt key in the description of a piece of hardware must not pass unnoticed.
  ///
  /// The diagnostics come in the order of the text.
  ///
  /// - Returns: The actuator, or `nil` when `diagnostics` holds an error.
  public static func parse(
    _ bytes: [UInt8], file: String, sampleRate: Int, diagnostics: inout Diagnostics
  ) -> ActuatorModel? {
    var found = diagnostics.emptyCopy
    let start = found.found
    let model = parseUnsorted(bytes, file: file, sampleRate: sampleRate, diagnostics: &found)
    found.sortByLocation()
    diagnostics.append(found, from: start, to: found.found)
    return model
  }

  /// ``parse(_:file:sampleRate:diagnostics:)``, its diagnostics in the order they are found.
  private static func parseUnsorted(
    _ bytes: [UInt8], file: String, sampleRate: Int, diagnostics: inout Diagnostics
  ) -> ActuatorModel? {
    guard
      let settings = NumericSettings.read(
        bytes, file: file, kind: "actuator settings", keys: fileKeys,
        choices: ["kind": ActuatorModel.Kind.allCases.map(\.rawValue)], unknownKeys: .error(owner: "an actuator"),
        diagnostics: &diagnostics, check: { problem(key: $0, value: $1, sampleRate: sampleRate) })
    else { return nil }
    for key in ["resonance", "q"] where !settings.writtenKeys.contains(key) {
      diagnostics.report(.missingKey, at: settings.location, JSONPath(), "missing \"\(key)\", which is required")
    }
    if !settings.writtenKeys.contains("ratedDrive") {
      diagnostics.report(
        .defaultValue, at: settings.location, JSONPath(), "missing \"ratedDrive\"; 0.5 (half of full scale) is used")
    }
    let values = settings.values
    if let tolerance = values["resonanceTolerance"], let resonance = values["resonance"],
      let message = toleranceProblem(tolerance, resonance: resonance),
      let location = settings.valueLocations["resonanceTolerance"]
    {
      diagnostics.report(.outOfRange, at: location, JSONPath([.key("resonanceTolerance")]), message)
    }
    let band = readBand(settings, diagnostics: &diagnostics)
    let bandKeys = ["minimumFrequency", "maximumFrequency"]
    if settings.words["kind"] == nil, !settings.writtenKeys.contains(where: bandKeys.contains), let q = values["q"],
      q <= wideQualityFactor,
      let location = settings.valueLocations["q"]
    {
      diagnostics.report(
        .defaultValue, at: location, JSONPath([.key("q")]),
        "a Q of \(q.formatted) is a wideband actuator's; without \"minimumFrequency\" and \"maximumFrequency\" it is driven as an LRA, its carriers within its -3 dB band (\"kind\": \"lra\" says so)"
      )
    }
    guard !diagnostics.hasErrors else { return nil }
    return model(values, band: band)
  }

  /// The actuator of a file's `values` and `band`, the missing optional values at their defaults;
  /// `nil` without a resonance and a Q.
  static func model(_ values: [String: Double], band: FrequencyBand?) -> ActuatorModel? {
    guard let resonance = values["resonance"], let q = values["q"] else { return nil }
    return ActuatorModel(
      resonance: resonance, qualityFactor: q, ratedDrive: values["ratedDrive"] ?? 0.5, gPerUnit: values["gPerUnit"],
      resonanceTolerance: values["resonanceTolerance"] ?? 0, ceiling: values["ceiling"] ?? defaultCeiling,
      usableBand: band)
  }

  /// The largest Q of a wideband voice coil: a file without a band or a kind whose Q is at most
  /// this gets a warning that it is driven as an LRA, and one with a band whose Q is above it a
  /// warning that its band cannot be played.
  static let wideQualityFactor = 3.0

  /// What is wrong with `value` for `key`, or `nil`: each value within its physical range
  /// (``resonanceRange``, ``qualityFactorRange``, ``ratedDriveRange``, ``gPerUnitRange``,
  /// ``ceilingRange``), the resonance and the band's edges below half the sample rate.
  private static func problem(key: String, value: Double, sampleRate: Int) -> String? {
    if key == "minimumFrequency" || key == "maximumFrequency" {
      let lowest = FrequencyBand.lowestFrequency
      guard value >= lowest, 2 * value < Double(sampleRate) else {
        return
          "expected a frequency in Hz of at least \(lowest.formatted) and below half the \(sampleRate) Hz sample rate (\((Double(sampleRate) / 2).formatted)), found \(value.formatted)"
      }
      return nil
    }
    let (setting, what): (RenderOptions.Setting, String) =
      switch key {
      case "resonance": (.actuatorResonance, "a resonance in Hz")
      case "q": (.actuatorQualityFactor, "a quality factor")
      case "ratedDrive": (.actuatorRatedDrive, "a rated drive, of full scale,")
      case "resonanceTolerance": (.actuatorResonanceTolerance, "a resonance tolerance in Hz")
      case "ceiling": (.actuatorCeiling, "a ceiling in dBFS")
      default: (.actuatorGPerUnit, "g per unit of acceleration")
      }
    guard setting.bounds.contains(value) else {
      return "expected \(what) within \(setting.bounds), found \(value.formatted)"
    }
    if setting == .actuatorResonance, 2 * value >= Double(sampleRate) {
      return
        "the resonance \(value.formatted) Hz is not below half the \(sampleRate) Hz sample rate; it needs a sample rate above \((2 * value).formatted) Hz"
    }
    return nil
  }

  /// What is wrong with the tolerance for the resonance, or `nil`: a band reaching below three
  /// quarters of the resonance is not a spread between units.
  private static func toleranceProblem(_ tolerance: Double, resonance: Double) -> String? {
    guard 4 * tolerance >= resonance else { return nil }
    return
      "the tolerance \(tolerance.formatted) Hz is not below a quarter of the \(resonance.formatted) Hz resonance"
  }

  /// Reads the actuator file at `path`; see ``parse(_:file:sampleRate:diagnostics:)``.
  public static func load(path: String, sampleRate: Int, diagnostics: inout Diagnostics) throws(FileSystemError)
    -> ActuatorModel?
  {
    parse(try FileSystem.readAll(path, limit: 1 << 20), file: path, sampleRate: sampleRate, diagnostics: &diagnostics)
  }
}
