/// A haptic and audio pattern: the content of one AHAP file, resolved and validated.
///
/// Elements keep their file order; nothing here knows about audio.
public struct Pattern: Sendable {
  /// `Version`, when the file gives a number.
  public var version: Double?
  /// `Metadata`, kept as the file wrote it.
  public var metadata: JSONValue?
  public var events: [Event]
  public var parameters: [DynamicParameter]
  public var curves: [ParameterCurve]

  public init(
    version: Double? = nil, metadata: JSONValue? = nil, events: [Event] = [],
    parameters: [DynamicParameter] = [], curves: [ParameterCurve] = []
  ) {
    self.version = version
    self.metadata = metadata
    self.events = events
    self.parameters = parameters
    self.curves = curves
  }

  /// The latest time a control acts at, in seconds: every `Parameter`'s `Time` and every
  /// curve's `Time` plus its last point's; 0 without controls. Counts towards the length.
  public var lastControlTime: Double {
    let parameterEnd = parameters.map(\.time).max() ?? 0
    let curveEnd = curves.map { $0.time + ($0.points.last?.time ?? 0) }.max() ?? 0
    return max(parameterEnd, curveEnd)
  }

  /// Apple's duration of the pattern, in seconds (`CHHapticPattern.duration`): the latest of
  /// every event's `Time` plus its `EventDuration` and every control's time
  /// (``lastControlTime``); no release tails, which the render's length adds.
  public var duration: Double {
    max(events.map { $0.time + $0.duration }.max() ?? 0, lastControlTime)
  }

  /// `true` when at least one event is an audio event.
  public var hasAudioEvents: Bool { events.indices.contains { !events[$0].type.isHaptic } }
}
