import HapticModel

/// The compiled timeline of every dynamic parameter of a pattern, with its steps ramped (what
/// continuous voices follow) and as written (what transients sample).
package struct Controls: Sendable {
  /// One timeline per ID, in `DynamicParameterID.allCases` order, steps ramped.
  private let timelines: [ControlTimeline]
  /// The same with their steps as written.
  private let abruptTimelines: [ControlTimeline]
  /// For each ID, in the same order, whether any element sets it.
  private let isSet: [Bool]

  package init(_ pattern: Pattern) {
    timelines = DynamicParameterID.allCases.map { ControlTimeline($0, in: pattern) }
    abruptTimelines = DynamicParameterID.allCases.map { ControlTimeline($0, in: pattern, steps: .abrupt) }
    isSet = timelines.map { !$0.isConstant }
  }

  /// The timeline of `id`, its steps shaped as `steps` says.
  package subscript(id: DynamicParameterID, steps: ControlTimeline.Steps = .ramped) -> ControlTimeline {
    steps == .ramped ? timelines[Self.index(of: id)] : abruptTimelines[Self.index(of: id)]
  }

  /// Whether a control acts on `parameter` of events of type `type`; when none does, the
  /// parameter keeps the event's own value throughout.
  package func act(on parameter: ParameterID, of type: EventType) -> Bool {
    guard let id = DynamicParameterID.control(for: parameter, on: type) else { return false }
    return isSet[Self.index(of: id)]
  }

  /// The effective value of `parameter` for `event` at `time` seconds, the control's steps
  /// shaped as `steps` says.
  package func value(
    of parameter: ParameterID, for event: Event, at time: Double, steps: ControlTimeline.Steps = .ramped
  ) -> Double {
    guard act(on: parameter, of: event.type) else { return event.value(of: parameter) }
    return ParameterTrack(parameter, of: event, controls: self, steps: steps).value(at: time)
  }

  private static func index(of id: DynamicParameterID) -> Int {
    DynamicParameterID.allCases.firstIndex(of: id) ?? 0
  }
}
