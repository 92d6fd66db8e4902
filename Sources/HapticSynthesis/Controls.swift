import HapticModel

/// The compiled timeline of every dynamic parameter of a pattern.
package struct Controls: Sendable {
  /// One timeline per ID, in `DynamicParameterID.allCases` order.
  private let timelines: [ControlTimeline]
  /// For each ID, in the same order, whether any element sets it.
  private let isSet: [Bool]

  package init(_ pattern: Pattern) {
    timelines = DynamicParameterID.allCases.map { ControlTimeline($0, in: pattern) }
    isSet = timelines.map { !$0.isConstant }
  }

  package subscript(id: DynamicParameterID) -> ControlTimeline {
    timelines[Self.index(of: id)]
  }

  /// Whether a control acts on `parameter` of events of type `type`; when none does, the
  /// parameter keeps the event's own value throughout.
  package func act(on parameter: ParameterID, of type: EventType) -> Bool {
    guard let id = DynamicParameterID.control(for: parameter, on: type) else { return false }
    return isSet[Self.index(of: id)]
  }

  /// The effective value of `parameter` for `event` at `time` seconds.
  package func value(of parameter: ParameterID, for event: Event, at time: Double) -> Double {
    guard act(on: parameter, of: event.type) else { return event.value(of: parameter) }
    return ParameterTrack(parameter, of: event, controls: self).value(at: time)
  }

  private static func index(of id: DynamicParameterID) -> Int {
    DynamicParameterID.allCases.firstIndex(of: id) ?? 0
  }
}
