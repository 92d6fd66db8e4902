import HapticAudio
import HapticModel
import HapticPipeline
import HapticSupport
import HapticSynthesis

/// What a pattern feels like on an actuator, event by event (`render info --actuator`;
/// docs/actuators.md §4): how fast the acceleration the drive produces rises and stops against
/// the pattern's own render (the target), how far it overshoots, and for transients the peak
/// and the ring after it.
///
/// Envelopes are the largest magnitude within half a period of f0 on each side. An event's
/// frames end at the next event's onset (``EventFigures/nextEvent``). For a continuous event:
/// its level is the target's largest envelope while it sounds; rise is from its `Time` to the
/// first frame whose envelope reaches 90 % of the level; stop is from its end (`Time +
/// EventDuration`) to the last frame above 10 %; overshoot is the largest envelope over the
/// level, less 1; an event whose target follows a curve (below 80 % of its level somewhere in
/// the middle half of its sound) reports instead of its rise the tracking error, the largest
/// difference of the two envelopes while it sounds over the level. For a transient, against its
/// felt peak: the peak, the time to it, the stop from the end of its cycles to the last frame
/// above 10 % of the peak, and the ring, the largest magnitude from 5 to 50 ms after the end of
/// its cycles over the peak: what is left once the tap is over. Times are never negative (a
/// drive that starts early reaches its level at 0). Events that overlap share their frames, so
/// their figures mix.
///
/// For a voice coil (docs/actuators.md §8.3) the envelopes span half a period of the band's
/// lower edge (when it is below f0), and every event also reports the tracking error of its
/// envelope and its carrier's frequency, felt and target, from the upward zero crossings while
/// it sounds (a continuous event's middle half, a transient's cycles).
public struct ActuatorFigures: Sendable, Encodable {
  /// The figures of one haptic event.
  public struct EventFigures: Sendable, Encodable {
    /// Index in the pattern's events.
    public var event: Int
    public var path: String
    public var type: String
    /// Seconds.
    public var time: Double
    /// The target's level (1 is the level intensity 1 asks for).
    public var level: Double
    /// Seconds from the event's time to 90 % of the level, target and felt; `nil`: never.
    public var targetRise: Double?
    public var rise: Double?
    /// Seconds from the event's end to the last frame above 10 % of the level.
    public var targetStop: Double?
    public var stop: Double?
    /// Largest felt envelope over the level, less 1.
    public var overshoot: Double
    /// Transients: the largest felt magnitude, and the largest 5 … 50 ms after the transient's
    /// last frame over it.
    public var peak: Double?
    public var ring: Double?
    /// Continuous events whose target follows a curve, and every event on a voice coil: the
    /// largest difference of the felt and target envelopes while the event sounds, over the
    /// level.
    public var trackingError: Double?
    /// Seconds from the event's time to the next event's onset, where the event's frames end.
    public var nextEvent: Double?
    /// Voice coils: the carrier's frequency in Hz, felt and target; `nil` without two cycles.
    public var carrier: Double?
    public var targetCarrier: Double?
  }

  public var actuator: String
  public var resonance: Double
  public var qualityFactor: Double
  public var ratedDrive: Double
  public var gPerUnit: Double?
  /// The resonance of the unit simulated, Hz, when it is not ``resonance`` (`--spread`).
  public var unitResonance: Double?
  /// A voice coil's usable band; `nil` for an LRA.
  public var usableBand: FrequencyBand?
  public var events: [EventFigures]

  /// Measures every haptic event of `pattern`, rendered with `analysis.options` for `actuator`.
  ///
  /// - Complexity: two renders; memory independent of the pattern's length.
  public init(_ pattern: some RenderablePattern, analysis: PatternAnalysis, actuator rendering: ActuatorRendering)
    throws
  {
    let model = rendering.model
    actuator = rendering.name
    resonance = model.resonance
    qualityFactor = model.qualityFactor
    ratedDrive = model.ratedDrive
    gPerUnit = model.gPerUnit
    usableBand = model.usableBand
    var options = analysis.options
    unitResonance = rendering.simulatedResonance
    options.actuator = ActuatorRendering(
      model: model, output: .targetAndAcceleration, name: rendering.name,
      simulatedResonance: rendering.simulatedResonance)
    let rate = Double(options.sampleRate)
    let frames = { (seconds: Double) in Int((seconds * rate).rounded()) }
    let ring = frames(model.ringSeconds)
    var windows: [Window] = []
    for span in analysis.spans {
      let event = analysis.pattern.events[span.event]
      guard event.type == .hapticTransient || event.type == .hapticContinuous else { continue }
      let onset = frames(event.time)
      let end =
        event.type == .hapticContinuous
        ? frames(event.time + min(event.duration, 30)) : frames(span.end)
      windows.append(
        Window(
          event: span.event, onset: onset, end: end, soundEnd: frames(span.end), first: max(0, onset - frames(0.02)),
          last: frames(span.end) + ring, isTransient: event.type == .hapticTransient))
    }
    windows.sort { ($0.first, $0.event) < ($1.first, $1.event) }
    // Each event's frames end before the next event's: 10 ms before its onset (where its drive
    // may begin) and half a period more (the envelopes' reach).
    let lowest = min(model.resonance, model.usableBand?.minimumFrequency ?? model.resonance)
    let half = max(1, Int((rate / (2 * lowest)).rounded()))
    let onsets = windows.map(\.onset).sorted()
    for index in windows.indices {
      let onset = windows[index].onset
      guard let next = Self.first(after: onset, in: onsets), next <= windows[index].last else { continue }
      windows[index].last = max(onset, next - frames(0.01) - half - 1)
      windows[index].nextOnset = next
    }
    try Self.sweep(pattern, options: options, windows: &windows, half: half) { window, frame, target, _, raw, _ in
      if frame >= window.onset, frame < window.soundEnd { window.level = max(window.level, target) }
      if raw > window.peak {
        window.peak = raw
        window.peakFrame = frame
      }
      window.targetPeak = max(window.targetPeak, target)
    }
    let fiveMilliseconds = frames(0.005)
    let fiftyMilliseconds = frames(0.05)
    let measuresCarrier = model.kind == .voiceCoil
    try Self.sweep(pattern, options: options, windows: &windows, half: half) {
      window, frame, target, felt, raw, signed in
      let level = window.level
      if measuresCarrier, window.carrierSpan.contains(frame) {
        window.targetCarrier.take(signed.target, at: frame, peak: window.targetPeak)
        window.feltCarrier.take(signed.felt, at: frame, peak: window.peak)
      }
      // A transient against its own peaks: the target's and the felt one.
      let (targetTop, feltTop) = window.isTransient ? (window.targetPeak, window.peak) : (level, level)
      if window.targetRiseFrame == nil, target >= 0.9 * targetTop { window.targetRiseFrame = frame }
      if window.riseFrame == nil, felt >= 0.9 * feltTop { window.riseFrame = frame }
      if target > 0.1 * targetTop { window.targetStopFrame = frame + 1 }
      if felt > 0.1 * feltTop { window.stopFrame = frame + 1 }
      window.largestFelt = max(window.largestFelt, felt)
      if frame >= window.onset, frame < window.end {
        window.trackingError = max(window.trackingError, abs(felt - target))
      }
      if frame >= window.onset, frame < window.soundEnd {
        let quarter = (window.soundEnd - window.onset) / 4
        if frame >= window.onset + quarter, frame < window.soundEnd - quarter, target < 0.8 * level {
          window.followsCurve = true
        }
      }
      if frame >= window.end + fiveMilliseconds, frame <= window.end + fiftyMilliseconds {
        window.ring = max(window.ring, raw)
      }
    }
    let seconds = { (frame: Int?, from: Int) in frame.map { max(0, Double($0 - from) / rate) } }
    events = windows.sorted { $0.event < $1.event }.filter { $0.level > 0 }.map { window in
      let event = analysis.pattern.events[window.event]
      // A transient's time to its peak; a continuous event's rise, unless it follows a curve.
      let riseFrame = window.isTransient ? window.peakFrame : window.riseFrame
      let follows = !window.isTransient && window.followsCurve
      return EventFigures(
        event: window.event, path: "\(event.path)", type: event.type.rawValue, time: event.time, level: window.level,
        targetRise: follows ? nil : seconds(window.targetRiseFrame, window.onset),
        rise: follows ? nil : seconds(riseFrame, window.onset),
        targetStop: seconds(window.targetStopFrame, window.end), stop: seconds(window.stopFrame, window.end),
        overshoot: window.largestFelt / window.level - 1, peak: window.isTransient ? window.peak : nil,
        ring: window.isTransient && window.peak > 0 ? window.ring / window.peak : nil,
        trackingError: follows || measuresCarrier ? window.trackingError / window.level : nil,
        nextEvent: seconds(window.nextOnset, window.onset), carrier: window.feltCarrier.frequency(sampleRate: rate),
        targetCarrier: window.targetCarrier.frequency(sampleRate: rate))
    }
  }

  /// One event's frames and what has been measured in them.
  struct Window {
    var event: Int
    var onset: Int
    var end: Int
    var soundEnd: Int
    /// The frames measured, `first ... last`.
    var first: Int
    var last: Int
    var isTransient: Bool
    var level = 0.0
    var peak = 0.0
    var peakFrame: Int?
    var targetPeak = 0.0
    var nextOnset: Int?
    var trackingError = 0.0
    var followsCurve = false
    var targetRiseFrame: Int?
    var riseFrame: Int?
    var targetStopFrame: Int?
    var stopFrame: Int?
    var largestFelt = 0.0
    var ring = 0.0
    var targetCarrier = CarrierCount()
    var feltCarrier = CarrierCount()
    /// The frames whose zero crossings give the carriers: a continuous event's middle half, a
    /// transient's cycles.
    var carrierSpan: Range<Int> {
      let quarter = isTransient ? 0 : (soundEnd - onset) / 4
      return (onset + quarter)..<max(onset + quarter, (isTransient ? end : soundEnd) - quarter)
    }
  }
}

extension ActuatorFigures {
  /// The lines `render info` prints: the actuator, then one line per event.
  var rows: [String] {
    let milliseconds = { (seconds: Double?) in seconds.map { "\(NumberText.fixed($0 * 1_000, 1)) ms" } ?? "never" }
    var rows = [
      "  " + "actuator".padded(24)
        + "\(actuator.escapingControlCharacters): \(resonance.formatted) Hz, Q \(qualityFactor.formatted), rated drive \(ratedDrive.formatted)"
        + (usableBand.map { ", voice coil over \($0.minimumFrequency.formatted)…\($0.maximumFrequency.formatted) Hz" }
          ?? "")
    ]
    for figures in events {
      var parts = ["level \(NumberText.fixed(figures.level, 3))"]
      if let peak = figures.peak {
        let inG = gPerUnit.map { " (\(NumberText.fixed(peak * $0, 2)) g)" } ?? ""
        parts += [
          "peak \(NumberText.fixed(peak, 3))\(inG) at \(milliseconds(figures.rise))",
          "stop to 10 % of it \(milliseconds(figures.stop)) (pattern \(milliseconds(figures.targetStop)))",
        ]
        if let ring = figures.ring { parts.append("ring \(NumberText.fixed(ring * 100, 1)) %") }
      } else {
        if usableBand == nil, let error = figures.trackingError {
          parts.append("follows a curve, tracking error \(NumberText.fixed(error * 100, 1)) %")
        } else {
          parts.append("rise \(milliseconds(figures.rise)) (pattern \(milliseconds(figures.targetRise)))")
        }
        parts += [
          "stop \(milliseconds(figures.stop)) (pattern \(milliseconds(figures.targetStop)))",
          "overshoot \(NumberText.fixed(max(figures.overshoot, 0) * 100, 1)) %",
        ]
      }
      if usableBand != nil {
        if let error = figures.trackingError { parts.append("envelope error \(NumberText.fixed(error * 100, 1)) %") }
        let hertz = { (frequency: Double?) in frequency.map { "\(NumberText.fixed($0, 1)) Hz" } ?? "none" }
        parts.append("carrier \(hertz(figures.carrier)) (pattern \(hertz(figures.targetCarrier)))")
      }
      if let next = figures.nextEvent { parts.append("next event at \(milliseconds(next))") }
      rows.append(
        "  " + "\(figures.path.escapingControlCharacters) at \(NumberText.fixed(figures.time, 3)) s: ".padded(24)
          + parts.joined(separator: ", "))
    }
    return rows
  }

  /// The first of `sorted` (ascending) greater than `value`, by binary search; `nil` when none is.
  private static func first(after value: Int, in sorted: [Int]) -> Int? {
    var (lower, upper) = (0, sorted.count)
    while lower < upper {
      let middle = (lower + upper) / 2
      if sorted[middle] > value { upper = middle } else { lower = middle + 1 }
    }
    return lower < sorted.count ? sorted[lower] : nil
  }
}
