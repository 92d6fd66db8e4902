import HapticPipeline
import HapticSupport
import HapticSynthesis

/// What a pattern feels like on units of an actuator whose resonances spread around the
/// nominal one (`render info --actuator A --spread HZ`; docs/actuators.md §2.1): the figures of
/// ``ActuatorFigures`` on units at the resonance − HZ, − HZ/2, + 0, + HZ/2 and + HZ, the drive
/// always computed for the nominal resonance.
public struct ActuatorSpread: Sendable, Encodable {
  /// The figures on each unit, lowest resonance first.
  public var units: [ActuatorFigures]

  /// The offsets from the nominal resonance, in units of the spread.
  public static let offsets = [-1.0, -0.5, 0, 0.5, 1]

  /// Measures every haptic event of `pattern` on each unit, as ``ActuatorFigures`` does.
  ///
  /// - Parameters:
  ///   - pattern: The pattern.
  ///   - analysis: The pattern's analysis.
  ///   - rendering: The actuator, whose drive is computed for its own resonance.
  ///   - spread: Hz, > 0; every unit's resonance must be valid for the actuator (within 40…1000
  ///     Hz and below half the sample rate).
  /// - Throws: `RenderError` for a unit's resonance out of range.
  public init(
    _ pattern: some RenderablePattern, analysis: PatternAnalysis, actuator rendering: ActuatorRendering, spread: Double
  ) throws {
    units = try Self.offsets.map { offset in
      var unit = rendering
      unit.simulatedResonance = rendering.model.resonance + offset * spread
      return try ActuatorFigures(pattern, analysis: analysis, actuator: unit)
    }
  }

  /// The lines `render info` prints: a header with the units, then per event its stop after
  /// the pattern's own (continuous events) or its peak and ring (transients) on each unit.
  var rows: [String] {
    guard let middle = Self.offsets.firstIndex(of: 0) else { return [] }
    let nominal = units[middle]
    let cell = { (text: String) in text.padded(14) }
    let line = { (label: String, cells: [String]) in
      String(("  " + label.padded(24) + cells.joined()).reversed().drop { $0 == " " }.reversed())
    }
    var rows = [line("spread", units.map { cell("\(($0.unitResonance ?? $0.resonance).formatted) Hz") })]
    for (index, figures) in nominal.events.enumerated() {
      let cells = units.map { unit -> String in
        guard index < unit.events.count else { return cell("—") }
        let event = unit.events[index]
        if let peak = event.peak, let ring = event.ring {
          return cell("\(NumberText.fixed(peak, 2)) \(NumberText.fixed(ring * 100, 1)) %")
        }
        guard let stop = event.stop, let own = event.targetStop else { return cell("never") }
        let after = (stop - own) * 1_000
        return cell("\(after >= 0 ? "+" : "")\(NumberText.fixed(after, 1)) ms")
      }
      rows.append(line("\(figures.path.escapingControlCharacters) at \(NumberText.fixed(figures.time, 3)) s: ", cells))
    }
    rows.append(line("", ["continuous: stop after the pattern's own; transients: peak and ring (5 … 50 ms after)"]))
    return rows
  }
}
