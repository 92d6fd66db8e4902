import HapticModel
import HapticReader

/// A breathing session as a haptic pattern: a technique's cycle repeated, the way breathing
/// apps build it with Core Haptics.
///
/// - An inhale is a `HapticContinuous` event under a `HapticIntensityControl` curve rising
///   0 → 1 over the phase; an exhale one under a curve falling 1 → 0; a hold has no event, and
///   renders as exact silence.
/// - Each event's `EventDuration` stops ``releaseSeconds`` before its phase ends, so that its
///   release (docs/signal-model.md §3.3, 20 ms at `ReleaseTime` 0) ends exactly at the phase's
///   end: nothing sounds into a hold, and the rendered file is exactly `cycles × period` long.
/// - Cycle `k` starts at `k × period` seconds; every session is closed by a one-point curve at
///   its end, holding the control's value, which keeps the pattern's duration at
///   `cycles × period` (docs/signal-model.md §5.2: a control counts by its `Time`, and the last
///   event's `EventDuration` ends 20 ms before its phase does), so the pattern loops seamlessly.
/// - A cue (``BreathingCue``) adds its preset's taps where each inhale or exhale starts. The
///   intensity control multiplies every event, taps included, and a tap takes its intensity at
///   its onset (docs/signal-model.md §2.2): under an inhale cue the curve therefore holds 1
///   until the cue's last tap has started, falls to 0 over ``cueLeadSeconds``, and the inhale's
///   event and swell start there (at most half the inhale later), so every tap sounds at its
///   own intensity. Taps of an exhale cue after its first sound under the falling curve.
public struct BreathingSession: Sendable {
  /// How an inhale's or exhale's intensity curve moves.
  public enum Shape: String, Sendable, CaseIterable {
    /// A straight line: two points.
    case linear
    /// An S-curve, smoothstep `3x² − 2x³` of the phase's elapsed fraction `x`, slow at both
    /// ends: ``easePointCount`` points.
    case ease
  }

  public var technique: BreathingTechnique
  /// Cycles, ≥ 1.
  public var cycles: Int
  /// `HapticIntensity` of the inhale and exhale events, 0…1.
  public var intensity: Double
  /// `HapticSharpness` of the inhale and exhale events, 0…1.
  public var sharpness: Double
  public var shape: Shape
  /// At most one cue per phase kind.
  public var cues: [BreathingCue]

  /// Seconds of a continuous event's release at `ReleaseTime` 0 (docs/signal-model.md §3.3).
  public static let releaseSeconds = 0.02
  /// Seconds an inhale's curve takes to fall from 1 to 0 after an inhale cue's last tap starts.
  public static let cueLeadSeconds = 0.005
  /// Points of an ``Shape/ease`` curve: with the three of an inhale cue, within the 16 points
  /// per curve that community tools report Core Haptics takes (Apple documents no limit).
  public static let easePointCount = 13
  /// Most cycles `render breath` accepts (10,000: 52 hours of 4-7-8).
  public static let cycleLimit = 10_000
  /// Most inhales and exhales in a session (``breathCount``): each is at most about 1.5 KB of
  /// AHAP text (an ``Shape/ease`` curve and cues), so the pattern stays within the 64 MiB that
  /// the pattern reader takes. The named techniques reach 20,000 in ``cycleLimit`` cycles.
  public static let breathLimit = 40_000

  public init(
    technique: BreathingTechnique, cycles: Int = 1, intensity: Double = 0.8, sharpness: Double = 0.3,
    shape: Shape = .linear, cues: [BreathingCue] = []
  ) {
    self.technique = technique
    self.cycles = cycles
    self.intensity = intensity
    self.sharpness = sharpness
    self.shape = shape
    self.cues = cues
  }

  /// Seconds of the whole session: `cycles × period`.
  public var duration: Double { (Double(cycleCount) * technique.period).roundedToMillionths }

  /// Inhales and exhales in the whole session: each is an event and a curve of the pattern.
  public var breathCount: Int { cycleCount * technique.phases.count(where: { $0.kind != .hold }) }

  /// ``cycles``, at least 1.
  private var cycleCount: Int { max(cycles, 1) }

  /// The session as a pattern. `Metadata` names the technique, its phases, the cycles, the
  /// period and the cues; every number is rounded to a multiple of 1e-6 (microseconds for
  /// times), so the AHAP text carries no binary noise.
  public func pattern() -> Pattern {
    var events: [Event] = []
    var curves: [ParameterCurve] = []
    var heldValue = 1.0
    // Each cue's taps are built once, not in every cycle.
    let cueTaps = Dictionary(
      uniqueKeysWithValues: BreathingTechnique.Phase.Kind.allCases.map { kind in
        (kind, cues.first { $0.phase == kind }.map { $0.preset.pattern(intensity: $0.intensity).events } ?? [])
      })
    for cycle in 0..<cycleCount {
      var start = Double(cycle) * technique.period
      for phase in technique.phases {
        let time = start.roundedToMillionths
        start += phase.duration
        guard phase.kind != .hold else { continue }
        let taps = cueTaps[phase.kind] ?? []
        events += taps.map {
          var event = $0
          event.time = (time + event.time).roundedToMillionths
          return event
        }
        let rising = phase.kind == .inhale
        // Under an inhale cue the swell starts once the cue's last tap has started.
        let lead =
          rising && !taps.isEmpty ? min((taps.map(\.time).max() ?? 0) + Self.cueLeadSeconds, phase.duration / 2) : 0
        events.append(
          Event(
            type: .hapticContinuous, time: (time + lead).roundedToMillionths,
            duration: (phase.duration - lead - Self.releaseSeconds).roundedToMillionths,
            parameters: [.hapticIntensity: intensity, .hapticSharpness: sharpness]))
        var points = curvePoints(from: lead, to: phase.duration, rising: rising)
        if lead > 0 {
          points.insert(ParameterCurve.Point(time: 0, value: 1), at: 0)
          if lead > Self.cueLeadSeconds {
            points.insert(ParameterCurve.Point(time: (lead - Self.cueLeadSeconds).roundedToMillionths, value: 1), at: 1)
          }
        }
        curves.append(ParameterCurve(id: .hapticIntensityControl, time: time, points: points))
        heldValue = rising ? 1 : 0
      }
    }
    curves.append(
      ParameterCurve(
        id: .hapticIntensityControl, time: duration, points: [ParameterCurve.Point(time: 0, value: heldValue)]))
    return Self.ordered(events: events, curves: curves, metadata: metadata)
  }

  /// A pattern of `events` and `curves` in time order (an event before a curve at the same
  /// time), each given the position and path of its place in that order, so that the AHAP text
  /// lists the elements in time order.
  private static func ordered(events: [Event], curves: [ParameterCurve], metadata: JSONValue) -> Pattern {
    var events = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map(\.element)
    var curves = curves
    var (eventIndex, curveIndex) = (0, 0)
    while eventIndex < events.count || curveIndex < curves.count {
      let place = eventIndex + curveIndex
      if curveIndex == curves.count || (eventIndex < events.count && events[eventIndex].time <= curves[curveIndex].time)
      {
        events[eventIndex].position = TextPosition(line: place + 1, column: 1)
        events[eventIndex].path = JSONPath(element: place, .event)
        eventIndex += 1
      } else {
        curves[curveIndex].position = TextPosition(line: place + 1, column: 1)
        curves[curveIndex].path = JSONPath(element: place, .parameterCurve)
        curveIndex += 1
      }
    }
    return Pattern(version: 1, metadata: metadata, events: events, curves: curves)
  }

  /// The points of an intensity curve from `start` to `end` seconds after the phase's start,
  /// from 0 to 1 when `rising`, else from 1 to 0.
  private func curvePoints(from start: Double, to end: Double, rising: Bool) -> [ParameterCurve.Point] {
    let count = shape == .linear ? 2 : Self.easePointCount
    return (0..<count).map { index in
      let x = Double(index) / Double(count - 1)
      let level = shape == .linear ? x : x * x * (3 - 2 * x)
      return ParameterCurve.Point(
        time: (start + x * (end - start)).roundedToMillionths, value: (rising ? level : 1 - level).roundedToMillionths)
    }
  }

  private var metadata: JSONValue {
    let name = technique.name == "custom" ? "Custom" : technique.name
    var description =
      "\(name) breathing: \(technique.phaseSummary); \(cycleCount) cycle\(cycleCount == 1 ? "" : "s") of \(technique.period.roundedToMillionths.formatted) s"
    if !cues.isEmpty {
      description += "; taps at " + cues.map { "\($0.phase.rawValue) (\($0.preset.id))" }.joined(separator: ", ")
    }
    var members: [(String, JSONValue)] = [
      ("Project", JSONValue(.string("render breath"))), ("Description", JSONValue(.string(description))),
      ("Technique", JSONValue(.string(technique.name))), ("Phases", JSONValue(.string(technique.phaseList))),
      ("Cycles", JSONValue(.number(Double(cycleCount)))),
      ("Period", JSONValue(.number(technique.period.roundedToMillionths))),
      ("Shape", JSONValue(.string(shape.rawValue))),
    ]
    if !cues.isEmpty {
      members.append(("Cues", JSONValue(.string(cues.map(\.text).joined(separator: ",")))))
    }
    return JSONValue.object(members)
  }
}
