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

  /// `true` when at least one event is an audio event.
  public var hasAudioEvents: Bool { events.contains { !$0.type.isHaptic } }
}
