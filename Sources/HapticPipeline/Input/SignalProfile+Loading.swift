import HapticFiles
import HapticModel
import HapticReader
import HapticSynthesis

extension SignalProfile {
  /// Accepted carrier frequencies in a profile file, in Hz.
  public static let frequencyRange = 1.0...20_000.0
  /// Accepted amplitude exponents.
  public static let exponentRange = 0.1...10.0
  /// Accepted transient lengths, in cycles.
  public static let cycleRange = 1...64

  /// Reads a profile from JSON text such as
  /// `{"minimumFrequency": 140, "maximumFrequency": 160, "amplitudeExponent": 2, "transientCycles": 3}`.
  ///
  /// A key that is missing takes the `preview` profile's value, with a warning; unknown keys
  /// are warnings; values of the wrong type or out of range are errors.
  ///
  /// - Returns: The profile, or `nil` when `diagnostics` holds an error.
  public static func parse(_ bytes: [UInt8], file: String, diagnostics: inout Diagnostics) -> SignalProfile? {
    let keys = ["minimumFrequency", "maximumFrequency", "amplitudeExponent", "transientCycles"]
    guard
      let settings = NumericSettings.read(
        bytes, file: file, kind: "profile settings", keys: keys, unknownKeys: .ignored(owner: "a profile"),
        diagnostics: &diagnostics, check: problem)
    else { return nil }
    var profile = SignalProfile.preview
    if let value = settings.values["minimumFrequency"] { profile.minimumFrequency = value }
    if let value = settings.values["maximumFrequency"] { profile.maximumFrequency = value }
    if let value = settings.values["amplitudeExponent"] { profile.amplitudeExponent = value }
    if let value = settings.values["transientCycles"] { profile.transientCycles = Int(value) }
    for key in keys where !settings.writtenKeys.contains(key) {
      diagnostics.report(
        .defaultValue, at: settings.location, JSONPath(), "missing \"\(key)\"; the preview profile's value is used")
    }
    return diagnostics.hasErrors ? nil : profile
  }

  /// What is wrong with `value` for the profile setting `key`, or `nil`.
  private static func problem(key: String, value: Double) -> String? {
    switch key {
    case "minimumFrequency", "maximumFrequency":
      guard frequencyRange.contains(value) else {
        return "expected a frequency in Hz within 1…20000, found \(value.formatted)"
      }
    case "amplitudeExponent":
      guard exponentRange.contains(value) else { return "expected an exponent within 0.1…10, found \(value.formatted)" }
    default:
      guard value == value.rounded(), value >= Double(cycleRange.lowerBound), value <= Double(cycleRange.upperBound)
      else { return "expected a whole number of cycles within 1…64, found \(value.formatted)" }
    }
    return nil
  }

  /// Reads the profile file at `path`; see ``parse(_:file:diagnostics:)``.
  public static func load(path: String, diagnostics: inout Diagnostics) throws(FileSystemError) -> SignalProfile? {
    parse(try FileSystem.readAll(path, limit: 1 << 20), file: path, diagnostics: &diagnostics)
  }
}
