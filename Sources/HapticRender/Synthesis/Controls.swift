/// The compiled timeline of every dynamic parameter of a pattern.
struct Controls: Sendable {
  /// One timeline per ID, in `DynamicParameterID.allCases` order.
  private let timelines: [ControlTimeline]

  init(_ pattern: Pattern) {
    timelines = DynamicParameterID.allCases.map { ControlTimeline($0, in: pattern) }
  }

  subscript(id: DynamicParameterID) -> ControlTimeline {
    timelines[DynamicParameterID.allCases.firstIndex(of: id) ?? 0]
  }

  /// The effective value of `parameter` for `event` at `time` seconds.
  func value(of parameter: ParameterID, for event: Event, at time: Double) -> Double {
    ParameterTrack(parameter, of: event, controls: self).value(at: time)
  }
}
