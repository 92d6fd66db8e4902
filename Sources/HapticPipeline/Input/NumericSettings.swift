import HapticModel
import HapticReader
import HapticSupport

/// A JSON file of numeric settings (``SignalProfile`` and ``ActuatorModel`` files): one object
/// whose members are numbers (or, for the keys of `choices`, one of a few words), each checked
/// where it is written, with located diagnostics in the order of the text.
package struct NumericSettings {
  /// How a key that is not one of the settings is reported.
  package enum UnknownKeys {
    /// An error, with the closest known key or the list of them: `"an actuator"` has …
    case error(owner: String)
    /// A warning that the key is ignored: `"a profile"` has …
    case ignored(owner: String)
  }

  /// Where the object begins, for what concerns the file as a whole (a missing key).
  package let location: SourceLocation
  /// Every key written, known or not.
  package let writtenKeys: [String]
  /// The values written as numbers that `check` accepted, by key.
  package let values: [String: Double]
  /// Where each accepted value is written, by key: for a check between two values.
  package let valueLocations: [String: SourceLocation]
  /// The words written for the keys of `choices` that are among theirs, by key.
  package let words: [String: String]

  /// Reads `bytes` as an object of the settings `keys`; `nil` when the text is not JSON or not
  /// an object (with an error in `diagnostics`).
  ///
  /// - Parameters:
  ///   - kind: What the object holds, for the error when it is not one: "actuator settings".
  ///   - choices: The keys (among `keys`) whose value is a string, with the words each accepts.
  ///   - check: What is wrong with a number written for a known key, or `nil`; a value it
  ///     refuses is reported as an error at the value and left out of ``values``.
  package static func read(
    _ bytes: [UInt8], file: String, kind: String, keys: [String], choices: [String: [String]] = [:],
    unknownKeys: UnknownKeys, diagnostics: inout Diagnostics, check: (_ key: String, _ value: Double) -> String?
  ) -> NumericSettings? {
    guard let document = JSONParser.parse(bytes, file: file, diagnostics: &diagnostics) else { return nil }
    let root = document.value(document.root)
    let location = root.position.location(in: file)
    guard case .object(let members) = root.kind else {
      diagnostics.report(
        .wrongType, at: location, JSONPath(), "expected an object of \(kind), found \(root.typeDescription)")
      return nil
    }
    let listed = keys.map { "\"\($0)\"" }.joined(separator: ", ")
    var values: [String: Double] = [:]
    var valueLocations: [String: SourceLocation] = [:]
    var words: [String: String] = [:]
    for member in members {
      let path = JSONPath([.key(member.key)])
      let valueLocation = member.value.position.location(in: file)
      guard keys.contains(member.key) else {
        let keyLocation = member.keyPosition.location(in: file)
        switch unknownKeys {
        case .error(let owner):
          let suggestion = NameSuggestion.closest(to: member.key, among: keys).map { "; did you mean \"\($0)\"?" }
          diagnostics.report(
            .unknownSetting, at: keyLocation, path,
            "unknown key \"\(member.key)\"\(suggestion ?? "; \(owner) has \(listed)")")
        case .ignored(let owner):
          diagnostics.report(
            .unknownKey, at: keyLocation, path, "unknown key \"\(member.key)\" is ignored; \(owner) has \(listed)")
        }
        continue
      }
      if let accepted = choices[member.key] {
        let listed = accepted.map { "\"\($0)\"" }.joined(separator: " or ")
        guard case .string(let word) = member.value.kind, accepted.contains(word) else {
          diagnostics.report(.wrongType, at: valueLocation, path, "expected \(listed), found \(member.value.excerpt)")
          continue
        }
        words[member.key] = word
        valueLocations[member.key] = valueLocation
        continue
      }
      guard case .number(let value) = member.value.kind else {
        diagnostics.report(.wrongType, at: valueLocation, path, "expected a number, found \(member.value.excerpt)")
        continue
      }
      if let message = check(member.key, value) {
        diagnostics.report(.outOfRange, at: valueLocation, path, message)
        continue
      }
      values[member.key] = value
      valueLocations[member.key] = valueLocation
    }
    return NumericSettings(
      location: location, writtenKeys: members.map(\.key), values: values, valueLocations: valueLocations,
      words: words)
  }
}
