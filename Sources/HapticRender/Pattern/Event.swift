/// One event of a pattern, with every parameter resolved (defaults filled in, values clamped).
public struct Event: Sendable {
  public var type: EventType
  /// Start time in seconds from the pattern's start, ≥ 0.
  public var time: Double
  /// Duration in seconds, ≥ 0, at most ``Event/maximumContinuousDuration`` for continuous events.
  /// 0 means "not given".
  public var duration: Double
  /// The values the event gave, clamped to each parameter's range.
  public var parameters: [ParameterID: Double]
  /// The waveform of an `AudioCustom` event.
  public var waveform: Waveform?
  /// Where the event is in its file, and its JSON path.
  public var position: TextPosition
  public var path: JSONPath

  /// Longest continuous event Core Haptics plays, in seconds; longer ones are cut to it.
  public static let maximumContinuousDuration = 30.0

  /// The value of `parameter`: the event's own, or the parameter's default.
  public func value(of parameter: ParameterID) -> Double {
    parameters[parameter] ?? parameter.defaultValue
  }

  /// `true` when the envelope holds its level until the end of the duration.
  public var isSustained: Bool { value(of: .sustained) >= 0.5 }
}
