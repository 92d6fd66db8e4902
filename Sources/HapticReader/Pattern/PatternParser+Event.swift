import HapticModel

/// Events and their parameters.
extension PatternParser {
  /// What Core Haptics documents about `Duration`: Apple's AHAP article spells the key so in its
  /// table, while the reference, the header (`CHHapticPatternKeyEventDuration`) and Apple's own
  /// files spell it `EventDuration`.
  static let durationSpelling =
    "Core Haptics documents \"EventDuration\" (its reference, header and Apple's own files); the AHAP article's table spells it \"Duration\""

  /// The event whose object is at `value`, or `nil` after an error.
  ///
  /// - Parameter path: The JSON path of `value`.
  package mutating func parseEvent(_ value: Node, path: JSONPath) -> Event? {
    guard var fields = object(value) else { return nil }
    fields.alias("Type", for: "EventType", parser: &self)
    fields.alias("Parameters", for: "EventParameters", parser: &self)
    fields.alias("Duration", for: "EventDuration", documentation: Self.durationSpelling, parser: &self)

    let time = fields.take("Time", in: document).flatMap { requireTime($0.value) }
    let type = fields.take("EventType", in: document).flatMap { eventType($0.value) }
    if time == nil, !fields.hadKey("Time", in: document) {
      report(.missingKey, value, "missing \"Time\": every event needs a start time in seconds")
    }
    if type == nil, !fields.hadKey("EventType", in: document) {
      report(
        .missingKey, value,
        "missing \"EventType\": one of \(EventType.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
    }
    let durationField = fields.take("EventDuration", in: document)
    let duration = durationField.flatMap {
      number($0.value, atLeast: LoadingRules.shortestDuration, what: "a duration in seconds")
    }
    let parameterField = fields.take("EventParameters", in: document)
    var parameters = EventParameters()
    if let parameterField, let type {
      parameters = parseEventParameters(parameterField.value, for: type)
    }
    if let type {
      LoadingRules.signalParameters(of: type, parameters) { report($0, at: value) }
    }
    let pathField = fields.take("EventWaveformPath", in: document)
    let envelopeField = fields.take("EventWaveformUseVolumeEnvelope", in: document)
    let loopField = fields.take("EventWaveformLoopEnabled", in: document)
    fields.warnRemaining(
      parser: &self,
      expected: [
        "Time", "EventType", "EventDuration", "EventParameters", "EventWaveformPath",
        "EventWaveformUseVolumeEnvelope", "EventWaveformLoopEnabled",
      ])
    guard let type, let time else { return nil }

    var waveform: Waveform?
    if type == .audioCustom {
      waveform = parseWaveform(path: pathField, envelope: envelopeField, loop: loopField, event: value)
    } else {
      for field in [pathField, envelopeField, loopField].compactMap({ $0 }) {
        report(.noEffect, field.value, "only AudioCustom events use \"\(field.key)\"; ignored")
      }
    }

    let read = LoadingRules.duration(
      duration, of: type, parameters, wasInvalid: durationField != nil && duration == nil
    ) { report($0, at: durationField?.value ?? value) }
    guard let read else { return nil }
    return Event(
      type: type, time: time, duration: read, clampedParameters: parameters, waveform: waveform,
      position: document.position(value), path: path)
  }

  package mutating func parseEventParameters(_ value: Node, for type: EventType) -> EventParameters {
    guard let items = document.elements(value) else {
      report(
        .wrongType, value,
        "expected an array of {ParameterID, ParameterValue}, found \(document.typeDescription(value))")
      return EventParameters()
    }
    var parameters = EventParameters()
    for item in items {
      guard var fields = object(item) else { continue }
      let idField = fields.take("ParameterID", in: document)
      let valueField = fields.take("ParameterValue", in: document)
      fields.warnRemaining(parser: &self, expected: ["ParameterID", "ParameterValue"])
      guard let idField else {
        report(.missingKey, item, "missing \"ParameterID\"")
        continue
      }
      guard let id = parameterID(idField.value) else { continue }
      guard let valueField else {
        report(.missingKey, item, "missing \"ParameterValue\" for \(id.rawValue)")
        continue
      }
      guard let raw = number(valueField.value, what: "a number") else { continue }
      parameters[id] = LoadingRules.parameter(id, raw, of: type, isRepeated: parameters[id] != nil) { finding in
        report(finding, at: finding.place == .parameterValue ? valueField.value : idField.value)
      }
    }
    return parameters
  }

  private mutating func parameterID(_ value: Node) -> ParameterID? {
    name(value, expected: "a parameter name", unknown: "event parameter") { name in
      guard DynamicParameterID(rawValue: name) != nil else {
        return Self.suggestion(for: name, among: ParameterID.allCases.map(\.rawValue))
      }
      return " (\"\(name)\" is a dynamic parameter: use it in a Parameter or ParameterCurve element)"
    }
  }

  private mutating func eventType(_ value: Node) -> EventType? {
    name(value, expected: "an event type name", unknown: "event type") { name in
      Self.suggestion(for: name, among: EventType.allCases.map(\.rawValue))
    }
  }

  /// The waveform of an `AudioCustom` event from its three fields, or `nil` after an error.
  private mutating func parseWaveform(
    path pathField: ObjectFields.Field?, envelope envelopeField: ObjectFields.Field?,
    loop loopField: ObjectFields.Field?, event value: Node
  ) -> Waveform? {
    guard let pathField else {
      report(.missingKey, value, "missing \"EventWaveformPath\": an AudioCustom event plays an audio file")
      return nil
    }
    guard let text = document.string(pathField.value), !text.isEmpty else {
      report(
        .wrongType, pathField.value, "expected the path of an audio file, found \(document.excerpt(pathField.value))")
      return nil
    }
    guard !text.unicodeScalars.contains("\0") else {
      // The system would read the path only up to the NUL: another file than the one written.
      report(
        .unreadableWaveform, pathField.value, "the path contains a NUL character (\\u0000); no file name can hold one")
      return nil
    }
    let usesEnvelope = envelopeField.flatMap { bool($0.value) } ?? true
    let loops = loopField.flatMap { bool($0.value) } ?? false
    return Waveform(path: text, usesVolumeEnvelope: usesEnvelope, isLoopEnabled: loops)
  }
}
