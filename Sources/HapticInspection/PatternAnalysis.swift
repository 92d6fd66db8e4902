import HapticAudio
import HapticModel
import HapticPipeline
import HapticSynthesis

/// Facts about a pattern that `info`, `lint` and `plot` show: when each event sounds, how
/// many sound at once, the effective parameters over time, the loudest point.
public struct PatternAnalysis: Sendable {
  /// When one event sounds, tails included, in seconds.
  public struct Span: Sendable, Equatable {
    /// Index in `pattern.events`.
    public var event: Int
    public var start: Double
    public var end: Double
  }

  public let pattern: Pattern

  /// Where the event of `span` ends as designed, in seconds: the end of its `EventDuration`
  /// (at most where its sound ends); for a transient or an event without a duration, where its
  /// sound ends. What sounds after it is the event's release tail.
  public func designedEnd(of span: Span) -> Double {
    let event = pattern.events[span.event]
    return event.type == .hapticTransient || event.duration <= 0 ? span.end : min(event.time + event.duration, span.end)
  }

  /// The decoded audio of the pattern's waveforms as they are played, by path
  /// (`LoadedPattern.playableWaveforms`).
  public let waveforms: [String: SampledAudio]
  public let options: RenderOptions
  /// One span per event, in event order.
  public let spans: [Span]
  /// Seconds from 0 to the end of the last sound, event or control (docs/signal-model.md §5.2),
  /// with the options' tail.
  public let duration: Double
  /// What ends the render before the tail.
  public let lengthSource: LengthSource
  /// Seconds from 0 to where ``lengthSource`` ends: ``duration`` without the tail.
  public let lengthEnd: Double
  /// Seconds of the options' tail, as rendered (a whole number of frames).
  public let tailSeconds: Double
  private let controls: Controls

  /// - Parameters:
  ///   - pattern: A pattern with its `AudioCustom` waveforms decoded (`PatternLoader`).
  ///   - options: The render the figures describe (rate, profile, tail).
  public init(_ pattern: some RenderablePattern, options: RenderOptions = RenderOptions()) throws(RenderError) {
    try options.validate()
    let loaded = pattern.loadedPattern
    let pattern = loaded.pattern
    let playable = loaded.playableWaveforms
    let schedule = try Schedule(pattern: pattern, waveforms: playable, options: options)
    let rate = Double(options.sampleRate)
    self.pattern = pattern
    waveforms = playable
    self.options = options
    controls = Controls(pattern)
    duration = Double(schedule.frameCount) / rate
    lengthSource = schedule.lengthSource
    lengthEnd = Double(schedule.lengthEndFrame) / rate
    tailSeconds = Double(schedule.frameCount - schedule.lengthEndFrame) / rate
    spans = schedule.spans.enumerated().map { index, frames in
      Span(event: index, start: Double(frames.lowerBound) / rate, end: Double(frames.upperBound) / rate)
    }
  }

  /// The largest number of events sounding at one time.
  public var polyphony: Int {
    let edges = spans.flatMap { [($0.start, 1), ($0.end, -1)] }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
    var current = 0
    var most = 0
    for edge in edges {
      current += edge.1
      most = max(most, current)
    }
    return most
  }

  /// Events per type, in `EventType.allCases` order, types that occur only.
  public var eventCounts: [(type: EventType, count: Int)] {
    EventType.allCases.compactMap { type in
      let count = pattern.events.filter { $0.type == type }.count
      return count > 0 ? (type, count) : nil
    }
  }

  /// The event parameters given, with how many events give each.
  public var parametersUsed: [(id: ParameterID, count: Int)] {
    ParameterID.allCases.compactMap { id in
      let count = pattern.events.filter { $0.parameters[id] != nil }.count
      return count > 0 ? (id, count) : nil
    }
  }

  /// The dynamic parameters set, with how many `Parameter` and `ParameterCurve` elements set each.
  public var controlsUsed: [(id: DynamicParameterID, parameters: Int, curves: Int)] {
    DynamicParameterID.allCases.compactMap { id in
      let parameters = pattern.parameters.filter { $0.id == id }.count
      let curves = pattern.curves.filter { $0.id == id }.count
      return parameters + curves > 0 ? (id, parameters, curves) : nil
    }
  }

  /// An event that a control silences: its intensity (haptic) or volume (audio) control stays
  /// at or within 1 % of 0 wherever the event sounds (at its onset, for a transient).
  public struct SilencedEvent: Sendable, Equatable {
    /// Index in `pattern.events`.
    public var event: Int
    public var control: DynamicParameterID
    /// Seconds at which the control reached (near) 0 and stayed there up to the event: the
    /// earliest time from which it stays at or below ``PatternAnalysis/silenceThreshold``
    /// until the event has sounded, read from the control's timeline (ramps included).
    public var since: Double
  }

  /// The control value at or below which an event counts as silenced.
  public static let silenceThreshold = 0.01

  /// Every event a control silences (docs/signal-model.md §2.3: controls apply to every event of the pattern).
  public var silencedEvents: [SilencedEvent] {
    spans.compactMap { span in
      let event = pattern.events[span.event]
      let control: DynamicParameterID = event.type.isHaptic ? .hapticIntensityControl : .audioVolumeControl
      let timeline = controls[control, steps(of: event)]
      let sounding = soundingInterval(event: span.event)
      func isSilent(from start: Double) -> Bool {
        timeline.maximum(from: start, to: sounding.end) <= Self.silenceThreshold
      }
      guard isSilent(from: sounding.start) else { return nil }
      return SilencedEvent(
        event: span.event, control: control, since: Self.earliest(in: 0...sounding.start, where: isSilent))
    }
  }

  /// The earliest time in `range` from which `holds` is true, given that it holds at
  /// `range.upperBound` and, once true, stays true at every later time (a maximum over a
  /// shrinking interval). Found by bisection to the nearest representable time: 64 halvings at
  /// most, each a query of O(log n).
  private static func earliest(in range: ClosedRange<Double>, where holds: (Double) -> Bool) -> Double {
    if holds(range.lowerBound) { return range.lowerBound }
    var (low, high) = (range.lowerBound, range.upperBound)  // fails at low, holds at high
    for _ in 0..<64 {
      let middle = low + (high - low) / 2
      guard middle > low, middle < high else { break }
      if holds(middle) { high = middle } else { low = middle }
    }
    return high
  }

  /// The largest effective intensity (haptic) or volume (audio) of the event at `index` over
  /// the time it sounds (at its onset, for a transient), 0 … 1.
  public func loudestLevel(event index: Int) -> Double {
    let event = pattern.events[index]
    let parameter: ParameterID = event.type.isHaptic ? .hapticIntensity : .audioVolume
    let sounding = soundingInterval(event: index)
    return ParameterTrack(parameter, of: event, controls: controls, steps: steps(of: event))
      .maximum(from: sounding.start, to: sounding.end)
  }

  /// How `event` meets a control's steps: as written for a transient, which samples them at its
  /// onset, ramped for every other event (docs/signal-model.md §2.1).
  private func steps(of event: Event) -> ControlTimeline.Steps {
    event.type == .hapticTransient ? .abrupt : .ramped
  }

  /// The seconds over which the event at `index` takes its level from the controls: its onset
  /// alone for a transient (sampled there), else from its onset to the end of its span.
  private func soundingInterval(event index: Int) -> (start: Double, end: Double) {
    let event = pattern.events[index]
    return (event.time, event.type == .hapticTransient ? event.time : max(spans[index].end, event.time))
  }

  /// The effective value of `parameter` for the event at `index` at `time` seconds.
  public func value(of parameter: ParameterID, event index: Int, at time: Double) -> Double {
    controls.value(of: parameter, for: pattern.events[index], at: time)
  }

  /// The loudest sample of the render with these options, before any peak policy.
  public func loudestPoint() -> (peak: Double, time: Double, channel: Int) {
    guard var renderer = try? Renderer(pattern: pattern, waveforms: waveforms, options: options) else {
      return (0, 0, 0)
    }
    var block = AudioBlock(channelCount: renderer.layout.channelCount, capacity: options.blockSize)
    var loudest: (peak: Double, time: Double, channel: Int) = (0, 0, 0)
    var start = 0
    while renderer.render(into: &block) {
      defer { start += block.frameCount }
      // Most blocks hold nothing louder than the blocks before: their peak, eight samples at a
      // time, says so before any search for the place.
      guard block.peak > loudest.peak else { continue }
      for channel in block.channels.indices {
        for frame in 0..<block.frameCount where Double(abs(block.channels[channel][frame])) > loudest.peak {
          loudest = (
            Double(abs(block.channels[channel][frame])), Double(start + frame) / Double(options.sampleRate), channel
          )
        }
      }
    }
    return loudest
  }
}
