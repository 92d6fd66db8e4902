/// The effective value of one event parameter over time: the event's own value combined with
/// its dynamic control (if the parameter has one for the event's type), clamped to its range.
struct ParameterTrack: Sendable {
  /// The event's own value.
  let base: Double
  private let control: DynamicParameterID?
  private let timeline: ControlTimeline

  init(_ parameter: ParameterID, of event: Event, controls: Controls) {
    base = event.value(of: parameter)
    let id = DynamicParameterID.control(for: parameter, on: event.type)
    timeline = id.map { controls[$0] } ?? ControlTimeline(.hapticIntensityControl, in: Pattern())
    control = timeline.isConstant ? nil : id
  }

  /// `true` when no control element acts on the parameter: the value is always ``base``.
  var isConstant: Bool { control == nil }

  /// The value at `time` seconds.
  @inline(__always)
  func value(at time: Double) -> Double {
    guard let control else { return base }
    return control.combine(event: base, control: timeline.value(at: time))
  }

  /// The largest value the track can reach.
  var maximum: Double {
    guard let control else { return base }
    return timeline.values.map { control.combine(event: base, control: $0) }.max() ?? base
  }
}
