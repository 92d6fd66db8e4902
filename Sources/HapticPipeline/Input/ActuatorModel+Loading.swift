import HapticFiles
import HapticModel
import HapticReader
import HapticSupport
import HapticSynthesis

extension ActuatorModel {
  /// The keys of an actuator file.
  public static let fileKeys = ["resonance", "q", "ratedDrive", "gPerUnit"]

  /// Reads an actuator from JSON text such as `{"resonance": 170, "q": 12, "ratedDrive": 0.5}`.
  ///
  /// `resonance` (Hz, below half of `sampleRate`) and `q` (above 0.5) are required;
  /// `ratedDrive` (0 < x ≤ 1) takes 0.5 when missing, with a warning; `gPerUnit` (> 0) is
  /// optional. Unknown keys, values of the wrong type and values out of range are errors: a
  /// misspelt key in the description of a piece of hardware must not pass unnoticed.
  ///
  /// - Returns: The actuator, or `nil` when `diagnostics` holds an error.
  public static func parse(
    _ bytes: [UInt8], file: String, sampleRate: Int, diagnostics: inout Diagnostics
  ) -> ActuatorModel? {
    guard
      let settings = NumericSettings.read(
        bytes, file: file, kind: "actuator settings", keys: fileKeys, unknownKeys: .error(owner: "an actuator"),
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
    guard !diagnostics.hasErrors, let resonance = values["resonance"], let q = values["q"] else { return nil }
    return ActuatorModel(
      resonance: resonance, qualityFactor: q, ratedDrive: values["ratedDrive"] ?? 0.5, gPerUnit: values["gPerUnit"])
  }

  /// What is wrong with `value` for `key`, or `nil`.
  private static func problem(key: String, value: Double, sampleRate: Int) -> String? {
    switch key {
    case "resonance":
      guard resonanceRange.contains(value) else {
        return "expected a resonance in Hz within 1…20000, found \(value.formatted)"
      }
      guard 2 * value < Double(sampleRate) else {
        return
          "the resonance \(value.formatted) Hz is not below half the \(sampleRate) Hz sample rate; it needs a sample rate above \((2 * value).formatted) Hz"
      }
    case "q":
      guard value > qualityFactorRange.lowerBound, value <= qualityFactorRange.upperBound else {
        return "expected a quality factor above 0.5 (an actuator that rings) and at most 1000, found \(value.formatted)"
      }
    case "ratedDrive":
      guard value > 0, value <= 1 else {
        return "expected a rated drive above 0 and at most 1 (of full scale), found \(value.formatted)"
      }
    default:
      guard value > 0, value.isFinite else {
        return "expected g per unit of acceleration above 0, found \(value.formatted)"
      }
    }
    return nil
  }

  /// Reads the actuator file at `path`; see ``parse(_:file:sampleRate:diagnostics:)``.
  public static func load(path: String, sampleRate: Int, diagnostics: inout Diagnostics) throws(FileSystemError)
    -> ActuatorModel?
  {
    parse(try FileSystem.readAll(path, limit: 1 << 20), file: path, sampleRate: sampleRate, diagnostics: &diagnostics)
  }
}
