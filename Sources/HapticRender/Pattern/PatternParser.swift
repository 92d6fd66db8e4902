/// Walks a JSON tree and builds a ``Pattern``, applying Core Haptics' loading rules and
/// reporting each default, clamp, alias and ignored key as a diagnostic with its place.
struct PatternParser {
  let file: String
  var diagnostics: Diagnostics

  /// The `Version`s Core Haptics accepts.
  static let acceptedVersions = 1.0...1.1

  /// Control points per curve above which devices may refuse a curve (a warning).
  static let maximumCurvePoints = 16

  /// The error for JSON that holds no pattern.
  static let notAPattern = "not an AHAP pattern (no \"Pattern\" array)"

  // MARK: - Document

  mutating func parseDocument(_ root: JSONValue) -> Pattern? {
    guard case .object(let members) = root.kind else {
      error(root, JSONPath(), "expected an object with a \"Pattern\" array, found \(root.typeDescription)")
      return nil
    }
    guard members.contains(where: { $0.key == "Pattern" }) else {
      let fragment = members.first { ["Event", "Parameter", "ParameterCurve", "EventParameters"].contains($0.key) }
      let hint = fragment.map { "; this file holds a lone \"\($0.key)\", not a pattern" } ?? ""
      error(root, JSONPath(), Self.notAPattern + hint)
      return nil
    }
    var pattern = Pattern()
    var elements: [JSONValue]?
    for member in members {
      let path = JSONPath([.key(member.key)])
      guard let value = present(member, path) else { continue }
      switch member.key {
      case "Pattern":
        guard case .array(let items) = value.kind else {
          error(value, path, "expected an array of events and parameters, found \(value.typeDescription)")
          return nil
        }
        if items.isEmpty { warn(value, path, "the pattern is empty; the render is silent and 0 s long") }
        elements = items
      case "Version":
        guard case .number(let version) = value.kind else {
          warn(value, path, "expected a number, found \(value.excerpt); ignored")
          continue
        }
        if !Self.acceptedVersions.contains(version) {
          refuse(value, path, "version \(version.formatted) is outside 1.0…1.1; read here as version 1")
        } else if version != 1 {
          warn(value, path, "version \(version.formatted) is read as version 1")
        }
        pattern.version = version
      case "Metadata":
        pattern.metadata = value
      default:
        warnUnknownKey(member, path, expected: ["Version", "Metadata", "Pattern"])
      }
    }
    guard let elements else {
      error(root, JSONPath(), Self.notAPattern)
      return nil
    }
    var latestTime = -Double.infinity
    var reportedOrder = false
    for (index, element) in elements.enumerated() {
      let path = JSONPath([.key("Pattern"), .index(index)])
      guard let time = parseElement(element, path, into: &pattern) else { continue }
      if time < latestTime, !reportedOrder {
        warn(
          element, path,
          "elements are not in time order (\(time.formatted) s after \(latestTime.formatted) s); they are rendered by their times"
        )
        reportedOrder = true
      }
      latestTime = max(latestTime, time)
    }
    return diagnostics.hasErrors ? nil : pattern
  }

  /// Adds the element to `pattern`.
  ///
  /// - Returns: The time of the element added, or `nil` when none was.
  private mutating func parseElement(_ element: JSONValue, _ path: JSONPath, into pattern: inout Pattern) -> Double? {
    guard case .object(let members) = element.kind else {
      error(
        element, path,
        "expected an object holding an Event, a Parameter or a ParameterCurve, found \(element.typeDescription)")
      return nil
    }
    let kinds = ["Event", "Parameter", "ParameterCurve"]
    var found: JSONValue.Member?
    for member in members {
      let memberPath = path.appending(member.key)
      guard kinds.contains(member.key) else {
        warnUnknownKey(member, memberPath, expected: kinds, what: "element kind")
        continue
      }
      guard present(member, memberPath) != nil else { continue }
      if let found {
        error(
          member.value, memberPath,
          "an element holds exactly one of Event, Parameter, ParameterCurve; this one also holds \"\(found.key)\"")
        return nil
      }
      found = member
    }
    guard let found else {
      if members.isEmpty { warn(element, path, "empty element is ignored") }
      return nil
    }
    let memberPath = path.appending(found.key)
    switch found.key {
    case "Event":
      guard let event = parseEvent(found.value, memberPath) else { return nil }
      pattern.events.append(event)
      return event.time
    case "Parameter":
      guard let parameter = parseParameter(found.value, memberPath) else { return nil }
      pattern.parameters.append(parameter)
      return parameter.time
    default:
      guard let curve = parseCurve(found.value, memberPath) else { return nil }
      pattern.curves.append(curve)
      return curve.time
    }
  }
}
