import HapticModel

/// `Parameter` and `ParameterCurve` elements.
extension PatternParser {
  /// The parameter whose object is at `value` (JSON path `path`), or `nil` after an error.
  package mutating func parseParameter(_ value: Node, path: JSONPath) -> DynamicParameter? {
    guard var fields = object(value) else { return nil }
    let id = fields.take("ParameterID", in: document).flatMap { dynamicID($0.value) }
    let time = fields.take("Time", in: document).flatMap { requireTime($0.value) }
    let valueField = fields.take("ParameterValue", in: document)
    let raw = valueField.flatMap { number($0.value, what: "a number") }
    fields.warnRemaining(parser: &self, expected: ["ParameterID", "Time", "ParameterValue"])
    requireKeys(["ParameterID", "Time", "ParameterValue"], in: fields, value)
    guard let id, let time, let raw, let valueField else { return nil }
    let clamped = clamp(raw, to: id.range, valueField.value, name: id.rawValue)
    return DynamicParameter(
      id: id, time: time, value: clamped, position: document.position(value), path: path)
  }

  /// The curve whose object is at `value` (JSON path `path`), or `nil` after an error.
  package mutating func parseCurve(_ value: Node, path: JSONPath) -> ParameterCurve? {
    guard var fields = object(value) else { return nil }
    let idField = fields.take("ParameterID", in: document)
    let id = idField.flatMap { dynamicID($0.value) }
    let time = fields.take("Time", in: document).flatMap { requireTime($0.value) }
    let pointsField = fields.take("ParameterCurveControlPoints", in: document)
    fields.warnRemaining(parser: &self, expected: ["ParameterID", "Time", "ParameterCurveControlPoints"])
    requireKeys(["ParameterID", "Time", "ParameterCurveControlPoints"], in: fields, value)
    guard let pointsField else { return nil }
    guard let items = document.elements(pointsField.value) else {
      report(
        .wrongType, pointsField.value,
        "expected an array of {Time, ParameterValue}, found \(document.typeDescription(pointsField.value))")
      return nil
    }
    var points: [ParameterCurve.Point] = []
    var firstTimeValue: Node?
    for (index, item) in items.enumerated() {
      guard var pointFields = object(item) else { continue }
      let timeField = pointFields.take("Time", in: document)
      let pointTime = timeField.flatMap { requireTime($0.value) }
      let valueField = pointFields.take("ParameterValue", in: document)
      let raw = valueField.flatMap { number($0.value, what: "a number") }
      pointFields.warnRemaining(parser: &self, expected: ["Time", "ParameterValue"])
      requireKeys(["Time", "ParameterValue"], in: pointFields, item)
      guard let pointTime, let raw, let valueField, let id else { continue }
      if index == 0 { firstTimeValue = timeField?.value }
      if let last = points.last, pointTime < last.time {
        report(
          .unorderedTime, item,
          "point time \(pointTime.formatted) s comes before the previous point's \(last.time.formatted) s; points are sorted by time"
        )
      }
      let clamped = clamp(raw, to: id.range, valueField.value, name: id.rawValue)
      points.append(ParameterCurve.Point(time: pointTime, value: clamped))
    }
    guard let id, let time else { return nil }
    if points.isEmpty {
      if items.isEmpty { report(.noEffect, pointsField.value, "a curve without control points has no effect") }
      return nil
    }
    if points.count > Self.maximumCurvePoints {
      report(
        .deviceLimit, pointsField.value,
        "\(points.count) control points; Apple documents no limit, but Lofelt NiceVibrations and haptify report that Core Haptics takes at most \(Self.maximumCurvePoints) per curve"
      )
    }
    if time > 0, points[0].time == time, let firstTimeValue {
      report(
        .absoluteCurveTime, firstTimeValue,
        "the first point's time equals the curve's Time (\(time.formatted) s); point times are relative to the curve, so this file may use absolute times"
      )
    }
    points = points.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    return ParameterCurve(
      id: id, time: time, points: points, position: document.position(value), path: path)
  }

  package mutating func dynamicID(_ value: Node) -> DynamicParameterID? {
    name(value, expected: "a dynamic parameter name", unknown: "dynamic parameter") { name in
      guard let eventParameter = ParameterID(rawValue: name) else {
        return Self.suggestion(for: name, among: DynamicParameterID.allCases.map(\.rawValue))
      }
      let control =
        DynamicParameterID.control(for: eventParameter, on: .hapticContinuous)
        ?? DynamicParameterID.control(for: eventParameter, on: .audioContinuous)
      return " (\"\(name)\" is an event parameter\(control.map { "; did you mean \"\($0.rawValue)\"?" } ?? ""))"
    }
  }
}
