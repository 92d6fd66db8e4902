import HapticModel

extension Pattern {
  /// The pattern as AHAP text, which ``parse(_:file:diagnostics:)`` reads back to the same
  /// pattern: `Version` (1 when not given), `Metadata` as given, then the events in order and
  /// the controls in their application order (by position in their file), each control just
  /// before the first event that comes after it in its file (after every event when the
  /// elements have no positions, as elements built in code).
  ///
  /// Only the parameters an event gives are written; defaults stay implicit. Ends with a newline.
  public func ahapText() -> String {
    ahapDocument().text() + "\n"
  }

  /// The JSON document of ``ahapText()``.
  public func ahapDocument() -> JSONValue {
    var members: [(String, JSONValue)] = [("Version", JSONValue(.number(version ?? 1)))]
    if let metadata { members.append(("Metadata", metadata)) }
    let controls =
      parameters.map { (position: $0.position, value: Self.element($0)) }
      + curves.map { (position: $0.position, value: Self.element($0)) }
    let ordered = controls.enumerated().sorted {
      ($0.element.position.line, $0.element.position.column, $0.offset)
        < ($1.element.position.line, $1.element.position.column, $1.offset)
    }
    // Events keep their order; a control goes before the first event it precedes in its file.
    var elements: [JSONValue] = []
    var controlIndex = 0
    for event in events {
      while controlIndex < ordered.count,
        Self.precedes(ordered[controlIndex].element.position, event.position)
      {
        elements.append(ordered[controlIndex].element.value)
        controlIndex += 1
      }
      elements.append(Self.element(event))
    }
    elements += ordered[controlIndex...].map(\.element.value)
    members.append(("Pattern", JSONValue(.array(elements))))
    return JSONValue.object(members)
  }

  /// `true` when `left` lies before `right` in a file.
  private static func precedes(_ left: TextPosition, _ right: TextPosition) -> Bool {
    (left.line, left.column) < (right.line, right.column)
  }

  private static func element(_ event: Event) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("Time", JSONValue(.number(event.time))), ("EventType", JSONValue(.string(event.type.rawValue))),
    ]
    if event.duration > 0 { fields.append(("EventDuration", JSONValue(.number(event.duration)))) }
    if let waveform = event.waveform {
      fields.append(("EventWaveformPath", JSONValue(.string(waveform.path))))
      fields.append(("EventWaveformUseVolumeEnvelope", JSONValue(.bool(waveform.usesVolumeEnvelope))))
      fields.append(("EventWaveformLoopEnabled", JSONValue(.bool(waveform.isLoopEnabled))))
    }
    let parameters = ParameterID.allCases.compactMap { id in
      event.parameters[id].map {
        JSONValue.object([("ParameterID", JSONValue(.string(id.rawValue))), ("ParameterValue", JSONValue(.number($0)))])
      }
    }
    fields.append(("EventParameters", JSONValue(.array(parameters))))
    return JSONValue.object([("Event", JSONValue.object(fields))])
  }

  private static func element(_ parameter: DynamicParameter) -> JSONValue {
    JSONValue.object([
      (
        "Parameter",
        JSONValue.object([
          ("ParameterID", JSONValue(.string(parameter.id.rawValue))), ("Time", JSONValue(.number(parameter.time))),
          ("ParameterValue", JSONValue(.number(parameter.value))),
        ])
      )
    ])
  }

  private static func element(_ curve: ParameterCurve) -> JSONValue {
    let points = curve.points.map {
      JSONValue.object([("Time", JSONValue(.number($0.time))), ("ParameterValue", JSONValue(.number($0.value)))])
    }
    return JSONValue.object([
      (
        "ParameterCurve",
        JSONValue.object([
          ("ParameterID", JSONValue(.string(curve.id.rawValue))), ("Time", JSONValue(.number(curve.time))),
          ("ParameterCurveControlPoints", JSONValue(.array(points))),
        ])
      )
    ])
  }
}
