/// Typed values, reporting and suggestions shared by the element parsers.
extension PatternParser {
  mutating func requireTime(_ value: JSONValue, _ path: JSONPath) -> Double? {
    number(value, path, atLeast: 0, what: "a time in seconds")
  }

  mutating func number(
    _ value: JSONValue, _ path: JSONPath, atLeast minimum: Double? = nil, what: String
  ) -> Double? {
    guard case .number(let number) = value.kind else {
      error(value, path, "expected \(what), found \(value.excerpt)")
      return nil
    }
    if let minimum, number < minimum {
      error(value, path, "expected \(what) ≥ \(minimum.formatted), found \(number.formatted)")
      return nil
    }
    return number
  }

  mutating func bool(_ value: JSONValue, _ path: JSONPath) -> Bool? {
    guard case .bool(let flag) = value.kind else {
      error(value, path, "expected true or false, found \(value.excerpt)")
      return nil
    }
    return flag
  }

  mutating func clamp(
    _ value: Double, to range: ClosedRange<Double>, _ node: JSONValue, _ path: JSONPath, name: String
  ) -> Double {
    let clamped = min(max(value, range.lowerBound), range.upperBound)
    if clamped != value {
      warn(
        node, path,
        "\(name) \(value.formatted) is outside \(range.lowerBound.formatted)…\(range.upperBound.formatted); clamped to \(clamped.formatted)"
      )
    }
    return clamped
  }

  mutating func object(_ value: JSONValue, _ path: JSONPath) -> ObjectFields? {
    guard case .object(let members) = value.kind else {
      error(value, path, "expected an object, found \(value.typeDescription)")
      return nil
    }
    var fields = ObjectFields(path: path)
    for member in members {
      if present(member, path.appending(member.key)) != nil {
        fields.members.append(member)
      } else {
        fields.nullKeys.insert(member.key)
      }
    }
    return fields
  }

  mutating func requireKeys(_ keys: [String], in fields: ObjectFields, _ value: JSONValue, _ path: JSONPath) {
    for key in keys where !fields.hadKey(key) {
      error(value, path, "missing \"\(key)\"")
    }
  }

  /// The member's value, or `nil` (with a warning) when it is JSON `null`.
  mutating func present(_ member: JSONValue.Member, _ path: JSONPath) -> JSONValue? {
    if case .null = member.value.kind {
      warn(member.value, path, "null is treated as if \"\(member.key)\" were absent")
      return nil
    }
    return member.value
  }

  mutating func warnUnknownKey(
    _ member: JSONValue.Member, _ path: JSONPath, expected: [String], what: String = "key"
  ) {
    diagnostics.warn(
      at: member.keyPosition.location(in: file), path,
      "unknown \(what) \"\(member.key)\" is ignored\(suggestion(for: member.key, among: expected))")
  }

  // MARK: - Reporting

  mutating func warn(_ node: JSONValue, _ path: JSONPath, _ message: String) {
    diagnostics.warn(at: node.position.location(in: file), path, message)
  }

  /// Reports what a device refuses (see ``Diagnostics/refuse(at:_:_:)``).
  mutating func refuse(_ node: JSONValue, _ path: JSONPath, _ message: String) {
    diagnostics.refuse(at: node.position.location(in: file), path, message)
  }

  mutating func error(_ node: JSONValue, _ path: JSONPath, _ message: String) {
    diagnostics.error(at: node.position.location(in: file), path, message)
  }

  /// `; did you mean "X"?` when a known name is close to `name`, else an empty string.
  func suggestion(for name: String, among candidates: [String]) -> String {
    NameSuggestion.closest(to: name, among: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
  }
}
