import HapticModel
import HapticSupport

/// Typed values, reporting and suggestions shared by the element parsers.
extension PatternParser {
  package typealias Node = JSONDocument.Index

  package mutating func requireTime(_ value: Node) -> Double? {
    number(value, atLeast: LoadingRules.earliestTime, what: "a time in seconds")
  }

  package mutating func number(_ value: Node, atLeast minimum: Double? = nil, what: String) -> Double? {
    guard let number = document.number(value) else {
      report(.wrongType, value, "expected \(what), found \(document.excerpt(value))")
      return nil
    }
    if let minimum, number < minimum {
      report(.outOfRange, value, "expected \(what) ≥ \(minimum.formatted), found \(number.formatted)")
      return nil
    }
    return number
  }

  package mutating func bool(_ value: Node) -> Bool? {
    guard let flag = document.bool(value) else {
      report(.wrongType, value, "expected true or false, found \(document.excerpt(value))")
      return nil
    }
    return flag
  }

  /// The case of `Name` that the string at `value` names, or `nil` after an error.
  ///
  /// - Parameters:
  ///   - expected: What the value should be, for a value that is not a string ("an event
  ///     type name").
  ///   - unknown: What the name is, for one no case has ("event type").
  ///   - hint: What to add to the message about an unknown name.
  package mutating func name<Name: SpelledName>(
    _ value: Node, expected: String, unknown: String, hint: (String) -> String
  ) -> Name? {
    if let name = document.string(value, spelling: Name.self) { return name }
    guard let text = document.string(value) else {
      report(.wrongType, value, "expected \(expected), found \(document.excerpt(value))")
      return nil
    }
    guard let name = Name(rawValue: text) else {
      report(.unknownName, value, "unknown \(unknown) \"\(text)\"\(hint(text))")
      return nil
    }
    return name
  }

  package mutating func clamp(_ value: Double, to range: ClosedRange<Double>, _ node: Node, name: String) -> Double {
    let clamped = min(max(value, range.lowerBound), range.upperBound)
    if clamped != value {
      report(
        .clampedValue, node,
        "\(name) \(value.formatted) is outside \(range.lowerBound.formatted)…\(range.upperBound.formatted); clamped to \(clamped.formatted)"
      )
    }
    return clamped
  }

  /// The fields of an object, after warning about each `null` member; `nil` (with an error)
  /// for another value.
  package mutating func object(_ value: Node) -> ObjectFields? {
    guard let fields = ObjectFields(value, in: document) else {
      report(.wrongType, value, "expected an object, found \(document.typeDescription(value))")
      return nil
    }
    var keys = fields.keys
    while let key = keys.next(in: document) { _ = present(key) }
    return fields
  }

  package mutating func requireKeys(_ keys: [StaticString], in fields: ObjectFields, _ value: Node) {
    for key in keys where !fields.hadKey(key, in: document) {
      report(.missingKey, value, "missing \"\(key)\"")
    }
  }

  /// The value of the member whose key is `key`, or `nil` (with a warning) when it is JSON `null`.
  package mutating func present(_ key: Node) -> Node? {
    guard document.isNull(key + 1) else { return key + 1 }
    report(.nullValue, key + 1, "null is treated as if \"\(document.string(key) ?? "")\" were absent")
    return nil
  }

  package mutating func warnUnknownKey(_ key: Node, expected: [String], what: String = "key") {
    let name = document.string(key) ?? ""
    report(.unknownKey, key, "unknown \(what) \"\(name)\" is ignored\(Self.suggestion(for: name, among: expected))")
  }

  // MARK: - Reporting

  /// Reports what a loading rule found at `node`.
  package mutating func report(_ finding: LoadingRules.Finding, at node: Node) {
    report(finding.code, node, finding.message)
  }

  /// Reports at the value's place, or for a key at the key's place with its value's path.
  package mutating func report(_ code: DiagnosticCode, _ node: Node, _ message: String) {
    diagnostics.report(code, at: location(node), document.path(node), message)
  }

  private func location(_ node: Node) -> SourceLocation {
    document.position(node).location(in: file)
  }

  /// `; did you mean "X"?` when a known name is close to `name`, else an empty string.
  package static func suggestion(for name: String, among candidates: [String]) -> String {
    NameSuggestion.closest(to: name, among: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
  }
}
