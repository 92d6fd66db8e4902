import HapticFiles
import HapticModel
import HapticPipeline
import HapticReader
import HapticSupport

extension AndroidDevice {
  /// Accepted shortest points, in milliseconds.
  public static let pointRange = 1...10_000
  /// Accepted strongest outputs, in dB above the perception threshold.
  public static let levelRange = 1.0...120.0

  /// Reads a device from JSON text such as
  /// `{"minPointMillis": 16, "maxSensitivityLevelDb": 38.2}`.
  ///
  /// A key that is missing takes ``reference``'s value, with a warning; unknown keys are
  /// warnings; values of the wrong type or out of range are errors. A device given its own
  /// `maxSensitivityLevelDb` has no frequency profile: it is taken to reach intensity 1 at every
  /// sharpness.
  ///
  /// - Returns: The device, or `nil` when `diagnostics` holds an error.
  public static func parse(_ bytes: [UInt8], file: String, diagnostics: inout Diagnostics) -> AndroidDevice? {
    let keys = ["minPointMillis", "maxSensitivityLevelDb"]
    guard
      let settings = NumericSettings.read(
        bytes, file: file, kind: "device settings", keys: keys, unknownKeys: .ignored(owner: "an Android device"),
        diagnostics: &diagnostics, check: problem)
    else { return nil }
    var device = AndroidDevice.reference
    if let value = settings.values["minPointMillis"] { device.minPointMillis = Int(value) }
    if let value = settings.values["maxSensitivityLevelDb"] {
      // Another device's level: the reference HAL's frequency map is not its own.
      device.maxSensitivityLevelDb = value
      device.frequencyProfile = nil
    }
    for key in keys where !settings.writtenKeys.contains(key) {
      diagnostics.report(
        .defaultValue, at: settings.location, JSONPath(), "missing \"\(key)\"; the reference HAL's value is used")
    }
    return diagnostics.hasErrors ? nil : device
  }

  /// What is wrong with `value` for the device setting `key`, or `nil`.
  private static func problem(key: String, value: Double) -> String? {
    if key == "minPointMillis" {
      guard value == value.rounded(), value >= 1, value <= Double(pointRange.upperBound) else {
        return "expected a whole number of milliseconds within 1…10000, found \(value.formatted)"
      }
    } else if !levelRange.contains(value) {
      return "expected a level in dB within 1…120, found \(value.formatted)"
    }
    return nil
  }

  /// Reads the device file at `path`; see ``parse(_:file:diagnostics:)``.
  public static func load(path: String, diagnostics: inout Diagnostics) throws(FileSystemError) -> AndroidDevice? {
    parse(try FileSystem.readAll(path, limit: 1 << 20), file: path, diagnostics: &diagnostics)
  }
}
