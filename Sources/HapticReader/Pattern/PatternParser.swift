import HapticModel

/// Walks a JSON document and builds a ``Pattern``, applying Core Haptics' loading rules and
/// reporting each default, clamp, alias and ignored key as a diagnostic with its place.
package struct PatternParser {
  package let document: JSONDocument
  package let file: String
  package var diagnostics: Diagnostics

  package init(document: JSONDocument, file: String, diagnostics: Diagnostics) {
    self.document = document
    self.file = file
    self.diagnostics = diagnostics
  }

  /// Control points per curve above which a curve gets a warning: the limit community tools
  /// report for Core Haptics (Lofelt NiceVibrations and haptify split curves at 16 points);
  /// Apple documents none.
  package static let maximumCurvePoints = 16

  /// The error for JSON that holds no pattern.
  package static let notAPattern = "not an AHAP pattern (no \"Pattern\" array)"

  // MARK: - Document

  package mutating func parseDocument() -> Pattern? {
    let document = document
    let root = document.root
    guard let members = document.members(root) else {
      report(.notAPattern, root, "expected an object with a \"Pattern\" array, found \(document.typeDescription(root))")
      return nil
    }
    guard members.contains(where: { document.string($0, equals: "Pattern") }) else {
      let fragment = members.lazy.compactMap { document.string($0) }
        .first { ["Event", "Parameter", "ParameterCurve", "EventParameters"].contains($0) }
      let hint = fragment.map { "; this file holds a lone \"\($0)\", not a pattern" } ?? ""
      report(.notAPattern, root, Self.notAPattern + hint)
      return nil
    }
    var pattern = Pattern()
    var patternArray: JSONDocument.Index?
    for key in members {
      guard let value = present(key) else { continue }
      if document.string(key, equals: "Pattern") {
        guard let items = document.elements(value) else {
          report(
            .wrongType, value, "expected an array of events and parameters, found \(document.typeDescription(value))")
          return nil
        }
        if items.isEmpty { report(.emptyPattern, value, "the pattern is empty; the render is silent and 0 s long") }
        patternArray = value
      } else if document.string(key, equals: "Version") {
        guard let version = document.number(value) else {
          report(.unsupportedVersion, value, "expected a number, found \(document.excerpt(value)); ignored")
          continue
        }
        LoadingRules.version(version) { report($0, at: value) }
        pattern.version = version
      } else if document.string(key, equals: "Metadata") {
        pattern.metadata = document.value(value)
      } else {
        warnUnknownKey(key, expected: ["Version", "Metadata", "Pattern"])
      }
    }
    guard let patternArray, let items = document.elements(patternArray) else {
      report(.notAPattern, root, Self.notAPattern)
      return nil
    }
    // Gathered into room for all of them at once, rather than grown one doubling at a time.
    var elements: [JSONDocument.Index] = []
    elements.reserveCapacity(document.count(patternArray))
    elements.append(contentsOf: items)
    parseElements(elements, into: &pattern)
    return diagnostics.hasErrors ? nil : pattern
  }

  /// The element kinds, in the order messages list them.
  private static let elementKinds = JSONPath.ElementKind.allCases.map(\.rawValue)

  /// Adds the element at `Pattern[i]` to `pattern`.
  ///
  /// - Returns: The time of the element added, or `nil` when none was.
  package mutating func parseElement(_ element: JSONDocument.Index, into pattern: inout Pattern) -> Double? {
    guard let members = document.members(element) else {
      report(
        .wrongType, element,
        "expected an object holding an Event, a Parameter or a ParameterCurve, found \(document.typeDescription(element))"
      )
      return nil
    }
    var found: JSONDocument.Index?
    for key in members {
      guard
        document.string(key, equals: "Event") || document.string(key, equals: "Parameter")
          || document.string(key, equals: "ParameterCurve")
      else {
        warnUnknownKey(key, expected: Self.elementKinds, what: "element kind")
        continue
      }
      guard present(key) != nil else { continue }
      if let found {
        report(
          .ambiguousElement, key + 1,
          "an element holds exactly one of Event, Parameter, ParameterCurve; this one also holds \"\(document.string(found) ?? "")\""
        )
        return nil
      }
      found = key
    }
    guard let found else {
      if members.isEmpty { report(.noEffect, element, "empty element is ignored") }
      return nil
    }
    // What `document.path(found + 1)` gives, without walking up to the root: the keys matched
    // their names exactly.
    let index = document.ordinal(element)
    if document.string(found, equals: "Event") {
      guard let event = parseEvent(found + 1, path: JSONPath(element: index, .event)) else { return nil }
      pattern.events.append(event)
      return event.time
    }
    if document.string(found, equals: "Parameter") {
      guard let parameter = parseParameter(found + 1, path: JSONPath(element: index, .parameter)) else { return nil }
      pattern.parameters.append(parameter)
      return parameter.time
    }
    guard let curve = parseCurve(found + 1, path: JSONPath(element: index, .parameterCurve)) else { return nil }
    pattern.curves.append(curve)
    return curve.time
  }
}
