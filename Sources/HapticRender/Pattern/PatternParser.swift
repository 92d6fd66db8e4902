/// Walks a JSON tree and builds a ``Pattern``, applying Core Haptics' loading rules and
/// reporting each default, clamp, alias and ignored key as a diagnostic with its place.
struct PatternParser {
  let file: String
  var diagnostics: Diagnostics

  /// Control points per curve above which devices may refuse a curve (a warning).
  static let maximumCurvePoints = 16

  // MARK: - Document

  mutating func parseDocument(_ root: JSONValue) -> Pattern? {
    guard case .object(let members) = root.kind else {
      error(root, JSONPath(), "expected an object with a \"Pattern\" array, found \(root.typeDescription)")
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
        elements = items
      case "Version":
        guard case .number(let version) = value.kind else {
          warn(value, path, "expected a number, found \(value.excerpt); ignored")
          continue
        }
        if version != 1 { warn(value, path, "version \(version.formatted) is not 1; read as version 1") }
        pattern.version = version
      case "Metadata":
        pattern.metadata = value
      default:
        warnUnknownKey(member, path, expected: ["Version", "Metadata", "Pattern"])
      }
    }
    guard let elements else {
      let fragment = members.first { ["Event", "Parameter", "ParameterCurve", "EventParameters"].contains($0.key) }
      let hint = fragment.map { "; this file holds a lone \"\($0.key)\", not a pattern" } ?? ""
      error(root, JSONPath(), "missing \"Pattern\": an AHAP file needs a \"Pattern\" array\(hint)")
      return nil
    }
    var latestTime = -Double.infinity
    var reportedOrder = false
    for (index, element) in elements.enumerated() {
      let path = JSONPath([.key("Pattern"), .index(index)])
      let counts = (pattern.events.count, pattern.parameters.count, pattern.curves.count)
      parseElement(element, path, into: &pattern)
      let time =
        pattern.events.count > counts.0
        ? pattern.events.last?.time
        : pattern.parameters.count > counts.1
          ? pattern.parameters.last?.time
          : pattern.curves.count > counts.2 ? pattern.curves.last?.time : nil
      guard let time else { continue }
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

  private mutating func parseElement(_ element: JSONValue, _ path: JSONPath, into pattern: inout Pattern) {
    guard case .object(let members) = element.kind else {
      error(
        element, path,
        "expected an object holding an Event, a Parameter or a ParameterCurve, found \(element.typeDescription)")
      return
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
        return
      }
      found = member
    }
    guard let found else {
      if members.isEmpty { warn(element, path, "empty element is ignored") }
      return
    }
    let memberPath = path.appending(found.key)
    switch found.key {
    case "Event":
      if let event = parseEvent(found.value, memberPath) { pattern.events.append(event) }
    case "Parameter":
      if let parameter = parseParameter(found.value, memberPath) { pattern.parameters.append(parameter) }
    default:
      if let curve = parseCurve(found.value, memberPath) { pattern.curves.append(curve) }
    }
  }

  // MARK: - Event

  private mutating func parseEvent(_ value: JSONValue, _ path: JSONPath) -> Event? {
    guard var fields = object(value, path) else { return nil }
    fields.alias("Type", for: "EventType", parser: &self)
    fields.alias("Parameters", for: "EventParameters", parser: &self)
    fields.alias("Duration", for: "EventDuration", parser: &self)

    let time = fields.take("Time").flatMap { requireTime($0.value, $0.path) }
    let type: EventType? = fields.take("EventType").flatMap { field in
      guard case .string(let name) = field.value.kind else {
        error(field.value, field.path, "expected an event type name, found \(field.value.excerpt)")
        return nil
      }
      guard let type = EventType(rawValue: name) else {
        error(
          field.value, field.path,
          "unknown event type \"\(name)\"\(suggestion(for: name, among: EventType.allCases.map(\.rawValue)))")
        return nil
      }
      return type
    }
    if fields.take("Time") == nil, time == nil, !fields.hadKey("Time") {
      error(value, path, "missing \"Time\": every event needs a start time in seconds")
    }
    if type == nil, !fields.hadKey("EventType") {
      error(
        value, path,
        "missing \"EventType\": one of \(EventType.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
    }
    let durationField = fields.take("EventDuration")
    var duration = durationField.flatMap { number($0.value, $0.path, atLeast: 0, what: "a duration in seconds") }
    let parameterField = fields.take("EventParameters")
    var parameters: [ParameterID: Double] = [:]
    if let parameterField, let type {
      parameters = parseEventParameters(parameterField.value, parameterField.path, for: type)
    }
    if let type {
      for parameter in [ParameterID.hapticIntensity, .hapticSharpness]
      where type.isHaptic && parameters[parameter] == nil {
        warn(
          value, path,
          "no \(parameter.rawValue); the signal model's default \(parameter.defaultValue.formatted) is used (Apple documents none)"
        )
      }
    }
    let pathField = fields.take("EventWaveformPath")
    let envelopeField = fields.take("EventWaveformUseVolumeEnvelope")
    let loopField = fields.take("EventWaveformLoopEnabled")
    fields.warnRemaining(
      parser: &self,
      expected: [
        "Time", "EventType", "EventDuration", "EventParameters", "EventWaveformPath",
        "EventWaveformUseVolumeEnvelope", "EventWaveformLoopEnabled",
      ])
    guard let type, let time else { return nil }

    var waveform: Waveform?
    if type == .audioCustom {
      let waveformPath: String? = pathField.flatMap { field in
        guard case .string(let text) = field.value.kind, !text.isEmpty else {
          error(field.value, field.path, "expected the path of an audio file, found \(field.value.excerpt)")
          return nil
        }
        return text
      }
      if pathField == nil {
        error(value, path, "missing \"EventWaveformPath\": an AudioCustom event plays an audio file")
      }
      let usesEnvelope = envelopeField.flatMap { bool($0.value, $0.path) } ?? true
      let loops = loopField.flatMap { bool($0.value, $0.path) } ?? false
      waveform = waveformPath.map { Waveform(path: $0, usesVolumeEnvelope: usesEnvelope, isLoopEnabled: loops) }
    } else {
      for field in [pathField, envelopeField, loopField].compactMap({ $0 }) {
        warn(field.value, field.path, "only AudioCustom events use \"\(field.key)\"; ignored")
      }
    }

    if type.isContinuous {
      let sustained = (parameters[.sustained] ?? 1) >= 0.5
      let durationWasInvalid = durationField != nil && duration == nil
      if sustained, (duration ?? 0) <= 0, !durationWasInvalid {
        let place = durationField?.value ?? value
        error(
          place, durationField?.path ?? path,
          "a sustained \(type.rawValue) event needs a positive \"EventDuration\" in seconds")
        return nil
      }
      if let given = duration, given > Event.maximumContinuousDuration, let durationField {
        warn(
          durationField.value, durationField.path,
          "\(given.formatted) s is longer than Core Haptics' 30 s limit for continuous events; rendered as 30 s")
        duration = Event.maximumContinuousDuration
      }
    }
    return Event(
      type: type, time: time, duration: duration ?? 0, parameters: parameters, waveform: waveform,
      position: value.position, path: path)
  }

  private mutating func parseEventParameters(
    _ value: JSONValue, _ path: JSONPath, for type: EventType
  ) -> [ParameterID: Double] {
    guard case .array(let items) = value.kind else {
      error(value, path, "expected an array of {ParameterID, ParameterValue}, found \(value.typeDescription)")
      return [:]
    }
    var parameters: [ParameterID: Double] = [:]
    for (index, item) in items.enumerated() {
      let itemPath = path.appending(index)
      guard var fields = object(item, itemPath) else { continue }
      let idField = fields.take("ParameterID")
      let valueField = fields.take("ParameterValue")
      fields.warnRemaining(parser: &self, expected: ["ParameterID", "ParameterValue"])
      guard let idField else {
        error(item, itemPath, "missing \"ParameterID\"")
        continue
      }
      guard case .string(let name) = idField.value.kind else {
        error(idField.value, idField.path, "expected a parameter name, found \(idField.value.excerpt)")
        continue
      }
      guard let id = ParameterID(rawValue: name) else {
        var hint = suggestion(for: name, among: ParameterID.allCases.map(\.rawValue))
        if DynamicParameterID(rawValue: name) != nil {
          hint = " (\"\(name)\" is a dynamic parameter: use it in a Parameter or ParameterCurve element)"
        }
        error(idField.value, idField.path, "unknown event parameter \"\(name)\"\(hint)")
        continue
      }
      guard let valueField else {
        error(item, itemPath, "missing \"ParameterValue\" for \(name)")
        continue
      }
      guard let raw = number(valueField.value, valueField.path, what: "a number") else { continue }
      let clamped = clamp(raw, to: id.range, valueField.value, valueField.path, name: name)
      if id == .sustained, clamped != 0, clamped != 1 {
        warn(
          valueField.value, valueField.path,
          "Sustained is 0 or 1; \(clamped.formatted) read as \(clamped >= 0.5 ? 1 : 0)")
      }
      if !id.applies(to: type) {
        warn(idField.value, idField.path, "\(name) has no effect on \(type.rawValue) events")
      }
      if parameters[id] != nil {
        warn(idField.value, idField.path, "\(name) is given twice; this later value is used")
      }
      parameters[id] = clamped
    }
    return parameters
  }

  // MARK: - Dynamic parameters

  private mutating func parseParameter(_ value: JSONValue, _ path: JSONPath) -> DynamicParameter? {
    guard var fields = object(value, path) else { return nil }
    let id = fields.take("ParameterID").flatMap { dynamicID($0.value, $0.path) }
    let time = fields.take("Time").flatMap { requireTime($0.value, $0.path) }
    let valueField = fields.take("ParameterValue")
    let raw = valueField.flatMap { number($0.value, $0.path, what: "a number") }
    fields.warnRemaining(parser: &self, expected: ["ParameterID", "Time", "ParameterValue"])
    requireKeys(["ParameterID", "Time", "ParameterValue"], in: fields, value, path)
    guard let id, let time, let raw, let valueField else { return nil }
    let clamped = clamp(raw, to: id.range, valueField.value, valueField.path, name: id.rawValue)
    return DynamicParameter(id: id, time: time, value: clamped, position: value.position, path: path)
  }

  private mutating func parseCurve(_ value: JSONValue, _ path: JSONPath) -> ParameterCurve? {
    guard var fields = object(value, path) else { return nil }
    let id = fields.take("ParameterID").flatMap { dynamicID($0.value, $0.path) }
    let time = fields.take("Time").flatMap { requireTime($0.value, $0.path) }
    let pointsField = fields.take("ParameterCurveControlPoints")
    fields.warnRemaining(parser: &self, expected: ["ParameterID", "Time", "ParameterCurveControlPoints"])
    requireKeys(["ParameterID", "Time", "ParameterCurveControlPoints"], in: fields, value, path)
    guard let pointsField else { return nil }
    guard case .array(let items) = pointsField.value.kind else {
      error(
        pointsField.value, pointsField.path,
        "expected an array of {Time, ParameterValue}, found \(pointsField.value.typeDescription)")
      return nil
    }
    var points: [ParameterCurve.Point] = []
    var firstTimeValue: JSONValue?
    for (index, item) in items.enumerated() {
      let itemPath = pointsField.path.appending(index)
      guard var pointFields = object(item, itemPath) else { continue }
      let timeField = pointFields.take("Time")
      let pointTime = timeField.flatMap { requireTime($0.value, $0.path) }
      let valueField = pointFields.take("ParameterValue")
      let raw = valueField.flatMap { number($0.value, $0.path, what: "a number") }
      pointFields.warnRemaining(parser: &self, expected: ["Time", "ParameterValue"])
      requireKeys(["Time", "ParameterValue"], in: pointFields, item, itemPath)
      guard let pointTime, let raw, let valueField, let id else { continue }
      if index == 0 { firstTimeValue = timeField?.value }
      if let last = points.last, pointTime < last.time {
        warn(
          item, itemPath,
          "point time \(pointTime.formatted) s comes before the previous point's \(last.time.formatted) s; points are sorted by time"
        )
      }
      let clamped = clamp(raw, to: id.range, valueField.value, valueField.path, name: id.rawValue)
      points.append(ParameterCurve.Point(time: pointTime, value: clamped))
    }
    guard let id, let time else { return nil }
    if points.isEmpty {
      if items.isEmpty { warn(pointsField.value, pointsField.path, "a curve without control points has no effect") }
      return nil
    }
    if points.count > Self.maximumCurvePoints {
      warn(
        pointsField.value, pointsField.path,
        "\(points.count) control points; Core Haptics devices may refuse curves with more than \(Self.maximumCurvePoints)"
      )
    }
    if time > 0, points[0].time == time, let firstTimeValue {
      warn(
        firstTimeValue, pointsField.path.appending(0).appending("Time"),
        "the first point's time equals the curve's Time (\(time.formatted) s); point times are relative to the curve, so this file may use absolute times"
      )
    }
    points = points.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    return ParameterCurve(id: id, time: time, points: points, position: value.position, path: path)
  }

  private mutating func dynamicID(_ value: JSONValue, _ path: JSONPath) -> DynamicParameterID? {
    guard case .string(let name) = value.kind else {
      error(value, path, "expected a dynamic parameter name, found \(value.excerpt)")
      return nil
    }
    guard let id = DynamicParameterID(rawValue: name) else {
      var hint = suggestion(for: name, among: DynamicParameterID.allCases.map(\.rawValue))
      if let eventParameter = ParameterID(rawValue: name) {
        let control =
          DynamicParameterID.control(for: eventParameter, on: .hapticContinuous)
          ?? DynamicParameterID.control(for: eventParameter, on: .audioContinuous)
        hint = " (\"\(name)\" is an event parameter\(control.map { "; did you mean \"\($0.rawValue)\"?" } ?? "")"
        if control == nil { hint += ")" } else { hint += ")" }
      }
      error(value, path, "unknown dynamic parameter \"\(name)\"\(hint)")
      return nil
    }
    return id
  }

  // MARK: - Values

  private mutating func requireTime(_ value: JSONValue, _ path: JSONPath) -> Double? {
    number(value, path, atLeast: 0, what: "a time in seconds")
  }

  private mutating func number(
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

  private mutating func bool(_ value: JSONValue, _ path: JSONPath) -> Bool? {
    guard case .bool(let flag) = value.kind else {
      error(value, path, "expected true or false, found \(value.excerpt)")
      return nil
    }
    return flag
  }

  private mutating func clamp(
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

  private mutating func object(_ value: JSONValue, _ path: JSONPath) -> ObjectFields? {
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

  private mutating func requireKeys(_ keys: [String], in fields: ObjectFields, _ value: JSONValue, _ path: JSONPath) {
    for key in keys where !fields.hadKey(key) {
      error(value, path, "missing \"\(key)\"")
    }
  }

  /// The member's value, or `nil` (with a warning) when it is JSON `null`.
  private mutating func present(_ member: JSONValue.Member, _ path: JSONPath) -> JSONValue? {
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

  mutating func error(_ node: JSONValue, _ path: JSONPath, _ message: String) {
    diagnostics.error(at: node.position.location(in: file), path, message)
  }

  /// `; did you mean "X"?` when a known name is close to `name`, else an empty string.
  func suggestion(for name: String, among candidates: [String]) -> String {
    guard name.utf8.count <= 64 else { return "" }
    let lowered = name.lowercased()
    let best = candidates.min { editDistance(lowered, $0.lowercased()) < editDistance(lowered, $1.lowercased()) }
    guard let best, editDistance(lowered, best.lowercased()) <= max(1, name.count / 4) else { return "" }
    return "; did you mean \"\(best)\"?"
  }

  private func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.utf8)
    let b = Array(b.utf8)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...max(b.count, 1) where !b.isEmpty {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
