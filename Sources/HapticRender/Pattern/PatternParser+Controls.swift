/// `Parameter` and `ParameterCurve` elements.
extension PatternParser {
  mutating func parseParameter(_ value: JSONValue, _ path: JSONPath) -> DynamicParameter? {
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

  mutating func parseCurve(_ value: JSONValue, _ path: JSONPath) -> ParameterCurve? {
    guard var fields = object(value, path) else { return nil }
    let idField = fields.take("ParameterID")
    let id = idField.flatMap { dynamicID($0.value, $0.path) }
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
    if !id.acceptsCurves, let idField {
      refuse(
        idField.value, idField.path,
        "curves accept intensity, sharpness, volume, pan, pitch and brightness controls, not \(id.rawValue); applied here as written"
      )
    }
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

  mutating func dynamicID(_ value: JSONValue, _ path: JSONPath) -> DynamicParameterID? {
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
        hint = " (\"\(name)\" is an event parameter\(control.map { "; did you mean \"\($0.rawValue)\"?" } ?? ""))"
      }
      error(value, path, "unknown dynamic parameter \"\(name)\"\(hint)")
      return nil
    }
    return id
  }
}
