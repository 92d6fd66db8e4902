/// Events and their parameters.
extension PatternParser {
  mutating func parseEvent(_ value: JSONValue, _ path: JSONPath) -> Event? {
    guard var fields = object(value, path) else { return nil }
    fields.alias("Type", for: "EventType", parser: &self)
    fields.alias("Parameters", for: "EventParameters", parser: &self)
    fields.alias("Duration", for: "EventDuration", parser: &self)

    let time = fields.take("Time").flatMap { requireTime($0.value, $0.path) }
    let type = fields.take("EventType").flatMap { eventType($0.value, $0.path) }
    if time == nil, !fields.hadKey("Time") {
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
      waveform = parseWaveform(path: pathField, envelope: envelopeField, loop: loopField, event: value, path)
    } else {
      for field in [pathField, envelopeField, loopField].compactMap({ $0 }) {
        warn(field.value, field.path, "only AudioCustom events use \"\(field.key)\"; ignored")
      }
    }

    if type.isContinuous {
      let sustained = (parameters[.sustained] ?? 1) != 0
      let durationWasInvalid = durationField != nil && duration == nil
      if sustained, (duration ?? 0) <= 0, !durationWasInvalid {
        let place = durationField?.value ?? value
        error(
          place, durationField?.path ?? path,
          "a sustained \(type.rawValue) event needs a positive \"EventDuration\" in seconds")
        return nil
      }
      if type == .hapticContinuous, sustained, let given = duration, given > Event.maximumContinuousDuration,
        let durationField
      {
        warn(
          durationField.value, durationField.path,
          "\(given.formatted) s is longer than Core Haptics' 30 s limit for continuous haptic events; rendered as 30 s")
        duration = Event.maximumContinuousDuration
      }
    }
    return Event(
      type: type, time: time, duration: duration ?? 0, parameters: parameters, waveform: waveform,
      position: value.position, path: path)
  }

  mutating func parseEventParameters(
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
          "Sustained is 0 or 1; \(clamped.formatted) is read as 1 (only exactly 0 means not sustained)")
      }
      if id.isHaptic != nil, id.isHaptic != type.isHaptic {
        let (kind, accepted) = type.isHaptic ? ("an audio", "haptic") : ("a haptic", "audio")
        refuse(
          idField.value, idField.path,
          "\(name) is \(kind) parameter, and \(type.rawValue) events take \(accepted) parameters only; ignored here")
      } else if !id.applies(to: type) {
        warn(idField.value, idField.path, "\(name) has no effect on \(type.rawValue) events")
      }
      if parameters[id] != nil {
        warn(idField.value, idField.path, "\(name) is given twice; this later value is used")
      }
      parameters[id] = clamped
    }
    return parameters
  }

  private mutating func eventType(_ value: JSONValue, _ path: JSONPath) -> EventType? {
    guard case .string(let name) = value.kind else {
      error(value, path, "expected an event type name, found \(value.excerpt)")
      return nil
    }
    guard let type = EventType(rawValue: name) else {
      error(
        value, path, "unknown event type \"\(name)\"\(suggestion(for: name, among: EventType.allCases.map(\.rawValue)))"
      )
      return nil
    }
    return type
  }

  /// The waveform of an `AudioCustom` event from its three fields, or `nil` after an error.
  private mutating func parseWaveform(
    path pathField: ObjectFields.Field?, envelope envelopeField: ObjectFields.Field?,
    loop loopField: ObjectFields.Field?, event value: JSONValue, _ path: JSONPath
  ) -> Waveform? {
    guard let pathField else {
      error(value, path, "missing \"EventWaveformPath\": an AudioCustom event plays an audio file")
      return nil
    }
    guard case .string(let text) = pathField.value.kind, !text.isEmpty else {
      error(pathField.value, pathField.path, "expected the path of an audio file, found \(pathField.value.excerpt)")
      return nil
    }
    guard !text.unicodeScalars.contains("\0") else {
      // The system would read the path only up to the NUL: another file than the one written.
      error(pathField.value, pathField.path, "the path contains a NUL character (\\u0000); no file name can hold one")
      return nil
    }
    let usesEnvelope = envelopeField.flatMap { bool($0.value, $0.path) } ?? true
    let loops = loopField.flatMap { bool($0.value, $0.path) } ?? false
    return Waveform(path: text, usesVolumeEnvelope: usesEnvelope, isLoopEnabled: loops)
  }
}
