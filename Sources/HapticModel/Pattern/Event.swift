/// One event of a pattern, with every parameter resolved (defaults filled in, values clamped).
///
/// 136 bytes: a pattern of 100,000 events holds 13.6 MB of them.
public struct Event: Sendable {
  /// Start time in seconds from the pattern's start, ≥ 0.
  public var time: Double
  /// `EventDuration` in seconds, ≥ 0, as written; 0 means "not given". A `HapticContinuous`
  /// event sounds at most ``Event/maximumContinuousDuration`` of it (``soundingDuration``).
  public var duration: Double
  /// The values the event gave, clamped to each parameter's range.
  public var parameters: EventParameters
  public var type: EventType
  /// Where the event is in its file, and its JSON path.
  public var position: TextPosition
  public var path: JSONPath
  /// The waveform of an `AudioCustom` event, boxed: only such events pay for its size.
  @usableFromInline
  var waveformBox: Box<Waveform>?

  /// The waveform of an `AudioCustom` event.
  public var waveform: Waveform? {
    get { waveformBox?.value }
    set { waveformBox = newValue.map(Box.init) }
  }

  /// Longest `HapticContinuous` event Core Haptics plays, in seconds; longer ones sound this
  /// long and then release.
  public static let maximumContinuousDuration = 30.0

  /// An event; parameter values are clamped to their ranges. Events built in code have no
  /// position or path unless given.
  public init(
    type: EventType, time: Double, duration: Double = 0, parameters: [ParameterID: Double] = [:],
    waveform: Waveform? = nil, position: TextPosition = TextPosition(line: 0, column: 0), path: JSONPath = JSONPath()
  ) {
    var clamped = EventParameters()
    for (id, value) in parameters { clamped[id] = id.clamped(value) }
    self.init(
      type: type, time: time, duration: duration, clampedParameters: clamped, waveform: waveform, position: position,
      path: path)
  }

  /// An event whose parameter values are already within their ranges (as the parser leaves
  /// them): stored as given.
  @inlinable
  package init(
    type: EventType, time: Double, duration: Double, clampedParameters: EventParameters, waveform: Waveform?,
    position: TextPosition, path: JSONPath
  ) {
    self.type = type
    self.time = time
    self.duration = duration
    parameters = clampedParameters
    waveformBox = waveform.map(Box.init)
    self.position = position
    self.path = path
  }

  /// The value of `parameter`: the event's own, or the parameter's default.
  public func value(of parameter: ParameterID) -> Double {
    parameters[parameter] ?? parameter.defaultValue
  }

  /// `true` when the envelope holds its level until the end of the duration: any `Sustained`
  /// value but exactly 0 (Apple: `Sustained` is a Boolean, false only at 0).
  public var isSustained: Bool { value(of: .sustained) != 0 }

  /// The seconds a continuous event sounds before its release: its `EventDuration`, at most
  /// ``maximumContinuousDuration`` for a `HapticContinuous` event.
  public var soundingDuration: Double {
    type == .hapticContinuous ? min(duration, Self.maximumContinuousDuration) : duration
  }
}
