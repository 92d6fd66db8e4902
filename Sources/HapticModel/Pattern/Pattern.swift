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

  /// The latest `Time` of a control element, in seconds: every `Parameter`'s and every curve's
  /// (its start; its later points do not count); 0 without controls. Counts towards the length
  /// (docs/signal-model.md §5.2), as Apple counts "the start time of the pattern's last event or
  /// parameter".
  public var lastControlTime: Double {
    let parameterStart = parameters.map(\.time).max() ?? 0
    let curveStart = curves.map(\.time).max() ?? 0
    return max(parameterStart, curveStart)
  }

  /// Apple's duration of the pattern, in seconds (`CHHapticPattern.duration`): "the start time
  /// of the pattern's last event or parameter, plus that event's duration", i.e. the latest of
  /// every event's `Time` plus its `EventDuration` and every control element's `Time`
  /// (``lastControlTime``); no release tails, which the render's length adds.
  public var duration: Double {
    max(events.map { $0.time + $0.duration }.max() ?? 0, lastControlTime)
  }

  /// `true` when at least one event is an audio event.
  public var hasAudioEvents: Bool {
    // Through the storage: an event read there is not copied.
    events.withUnsafeBufferPointer { events in events.indices.contains { events[$0].type.isAudio } }
  }
}
