/// The compiled timeline of every dynamic parameter of a pattern.
struct Controls: Sendable {
  private let timelines: [DynamicParameterID: ControlTimeline]

  init(_ pattern: Pattern) {
    var timelines: [DynamicParameterID: ControlTimeline] = [:]
    for id in DynamicParameterID.allCases {
      timelines[id] = ControlTimeline(id, in: pattern)
    }
    self.timelines = timelines
  }

  subscript(id: DynamicParameterID) -> ControlTimeline {
    timelines[id] ?? ControlTimeline(id, in: Pattern())
  }

  /// The effective value of `parameter` for `event` at `time` seconds: the event's value
  /// combined with its control (if the parameter has one for this event type), clamped.
  func value(of parameter: ParameterID, for event: Event, at time: Double) -> Double {
    let own = event.value(of: parameter)
    guard let id = DynamicParameterID.control(for: parameter, on: event.type) else { return own }
    return id.combine(event: own, control: self[id].value(at: time))
  }
}
