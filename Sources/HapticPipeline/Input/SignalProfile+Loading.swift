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
    guard let document = JSONParser.parse(bytes, file: file, diagnostics: &diagnostics) else { return nil }
    let root = document.value(document.root)
    guard case .object(let members) = root.kind else {
      diagnostics.error(
        at: root.position.location(in: file), JSONPath(),
        "expected an object of profile settings, found \(root.typeDescription)")
      return nil
    }
    var profile = SignalProfile.preview
    let keys = ["minimumFrequency", "maximumFrequency", "amplitudeExponent", "transientCycles"]
    for member in members {
      let path = JSONPath([.key(member.key)])
      let location = member.value.position.location(in: file)
      guard keys.contains(member.key) else {
        diagnostics.warn(
          at: member.keyPosition.location(in: file), path,
          "unknown key \"\(member.key)\" is ignored; a profile has \(keys.map { "\"\($0)\"" }.joined(separator: ", "))")
        continue
      }
      guard case .number(let value) = member.value.kind else {
        diagnostics.error(at: location, path, "expected a number, found \(member.value.excerpt)")
        continue
      }
      switch member.key {
      case "minimumFrequency", "maximumFrequency":
        guard frequencyRange.contains(value) else {
          diagnostics.error(at: location, path, "expected a frequency in Hz within 1…20000, found \(value.formatted)")
          continue
        }
        if member.key == "minimumFrequency" {
          profile.minimumFrequency = value
        } else {
          profile.maximumFrequency = value
        }
      case "amplitudeExponent":
        guard exponentRange.contains(value) else {
          diagnostics.error(at: location, path, "expected an exponent within 0.1…10, found \(value.formatted)")
          continue
        }
        profile.amplitudeExponent = value
      default:
        guard value == value.rounded(), value >= Double(cycleRange.lowerBound), value <= Double(cycleRange.upperBound)
        else {
          diagnostics.error(
            at: location, path, "expected a whole number of cycles within 1…64, found \(value.formatted)")
          continue
        }
        profile.transientCycles = Int(value)
      }
    }
    for key in keys where !members.contains(where: { $0.key == key }) {
      diagnostics.warn(
        at: root.position.location(in: file), JSONPath(), "missing \"\(key)\"; the preview profile's value is used")
    }
    return diagnostics.hasErrors ? nil : profile
  }

  /// Reads the profile file at `path`; see ``parse(_:file:diagnostics:)``.
  public static func load(path: String, diagnostics: inout Diagnostics) throws(FileSystemError) -> SignalProfile? {
    parse(try FileSystem.readAll(path, limit: 1 << 20), file: path, diagnostics: &diagnostics)
  }
}
