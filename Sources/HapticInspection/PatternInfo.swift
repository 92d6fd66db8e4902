import HapticModel
import HapticSupport

/// What `render info` says about an AHAP file.
public struct PatternInfo: Sendable, Encodable, CustomStringConvertible {
  public var file: String
  /// Seconds from 0 to the end of the last sound (release tails included), event or control,
  /// plus the tail (`--tail`).
  public var duration: Double
  /// What ends the render: the event, control or tail the length comes from.
  public var length: LengthExplanation
  public var events: [String: Int]
  public var eventParameters: [String: Int]
  /// Per dynamic parameter: how many `Parameter` and `ParameterCurve` elements set it.
  public var dynamicParameters: [String: [String: Int]]
  /// Most events sounding at once.
  public var polyphony: Int
  /// Largest sample magnitude of the default render before normalization, where, which channel.
  public var peak: Double
  public var peakTime: Double
  public var peakChannel: Int
  public var layout: String
  /// `Metadata` entries, values as text.
  public var metadata: [String: String]
  /// Events a control silences, as `Pattern[4].Event at 16.00 s (HapticIntensityControl 0 since 8.00 s)`:
  /// since the control reached 0 (or within 1 % of it) and stayed there.
  public var silencedEvents: [String]
  /// With `--actuator`: what each haptic event feels like on the actuator.
  public var actuator: ActuatorFigures?
  /// With `--spread`: the figures on units around the actuator's resonance.
  public var spread: ActuatorSpread?

  public init(
    file: String, analysis: PatternAnalysis, actuator: ActuatorFigures? = nil, spread: ActuatorSpread? = nil
  ) {
    self.actuator = actuator
    self.spread = spread
    self.file = file
    duration = analysis.duration
    length = LengthExplanation(analysis)
    events = Dictionary(uniqueKeysWithValues: analysis.eventCounts.map { ($0.type.rawValue, $0.count) })
    eventParameters = Dictionary(uniqueKeysWithValues: analysis.parametersUsed.map { ($0.id.rawValue, $0.count) })
    dynamicParameters = Dictionary(
      uniqueKeysWithValues: analysis.controlsUsed.map {
        ($0.id.rawValue, ["parameters": $0.parameters, "curves": $0.curves])
      })
    polyphony = analysis.polyphony
    (peak, peakTime, peakChannel) = analysis.loudestPoint()
    layout = analysis.options.layout.resolved(for: analysis.pattern).rawValue
    var entries: [String: String] = [:]
    if case .object(let members) = analysis.pattern.metadata?.kind {
      for member in members {
        if case .string(let text) = member.value.kind {
          entries[member.key] = text
        } else {
          entries[member.key] = member.value.excerpt
        }
      }
    }
    metadata = entries
    silencedEvents = analysis.silencedEvents.map { silenced in
      let event = analysis.pattern.events[silenced.event]
      return
        "\(event.path) at \(NumberText.fixed(event.time, 2)) s (\(silenced.control.rawValue) 0 since \(NumberText.fixed(silenced.since, 2)) s)"
    }
  }

  public var description: String {
    // Names, keys and values from the file are escaped: each row stays one line.
    var lines = [file.escapingControlCharacters]
    func row(_ label: String, _ value: String) {
      lines.append("  " + label.escapingControlCharacters.padded(24) + value.escapingControlCharacters)
    }
    row("duration", "\(NumberText.fixed(duration, 3)) s: \(length.text)")
    row(
      "events",
      events.isEmpty
        ? "none"
        : EventType.allCases.compactMap { type in events[type.rawValue].map { "\($0) \(type.rawValue)" } }.joined(
          separator: ", "))
    if !eventParameters.isEmpty {
      row(
        "event parameters",
        ParameterID.allCases.compactMap { id in eventParameters[id.rawValue].map { "\(id.rawValue) ×\($0)" } }.joined(
          separator: ", "))
    }
    for id in DynamicParameterID.allCases {
      guard let counts = dynamicParameters[id.rawValue] else { continue }
      let parts = [("Parameter", counts["parameters"] ?? 0), ("curve", counts["curves"] ?? 0)].filter { $0.1 > 0 }
        .map { "\($0.1) \($0.0)\($0.1 == 1 ? "" : "s")" }
      row(id.rawValue, parts.joined(separator: ", "))
    }
    row("polyphony", "\(polyphony)")
    for silenced in silencedEvents { row("silenced event", silenced) }
    row(
      "loudest point",
      peak > 0
        ? "\(NumberText.dBFS(peak)) at \(NumberText.fixed(peakTime, 3)) s, channel \(peakChannel) (\(layout) layout)"
        : "silent")
    for key in metadata.keys.sorted() { row("metadata \(key)", metadata[key] ?? "") }
    if let actuator { lines += actuator.rows }
    if let spread { lines += spread.rows }
    return lines.joined(separator: "\n")
  }
}
