import HapticRender

/// The patterns an engine's players played, merged into one pattern that plays each event as
/// its player played it wherever AHAP can say so (``CHHapticEngine/Recording``).
///
/// For each control read by the events of one player only, that player's own `Parameter` and
/// `ParameterCurve` elements are kept as they are. For a control read by events of several
/// players:
/// - where it changes while one of its player's continuous events sounds, the player's control
///   is written into the pattern as a curve (a ``Window``): from ``lead`` before the event (so a
///   step at the onset plays as on the player) to the end of its sound; where such spans of two
///   players overlap, the first one's is written;
/// - elsewhere the pattern's control is neutral, and every event takes its player's control
///   into its own parameter: `v` such that `combine(v, pattern's control) = combine(event value,
///   player's control)`, at the onset for a transient, over its sound for the others (which
///   needs both controls constant there);
/// - an event for which no such `v` exists is reported in a ``CHHapticEngine/Recording/Warning``.
struct RecordingMerge {
  /// A player's played pattern, in engine time, and its name in warnings.
  struct Played {
    var name: String
    var pattern: LoadedPattern
  }

  let pattern: LoadedPattern
  let warnings: [CHHapticEngine.Recording.Warning]

  /// Seconds before a continuous event's onset from which its player's control is written into
  /// the pattern: longer than the ramp a renderer may make of a step at the onset.
  static let lead = 0.01
  /// Largest difference between two control or parameter values that counts as none.
  static let tolerance = 1e-9

  /// What the renderer reads of one control for one event, in seconds: at the event's onset (a
  /// transient), from its onset to the end of its sound, or from 0 for a control that sets a
  /// carrier's frequency (its phase at the onset sums the frequency from the pattern's start).
  struct Reading {
    var player: Int
    /// Index in the merged pattern's events.
    var event: Int
    var start: Double
    var end: Double
    var isOnset: Bool
    /// The event's onset and the end of its sound, in seconds.
    var onset: Double
    var soundEnd: Double
  }

  /// A `Parameter` or `ParameterCurve` element of the merged pattern.
  enum Element {
    case parameter(DynamicParameter)
    case curve(ParameterCurve)

    var time: Double {
      switch self {
      case .parameter(let parameter): parameter.time
      case .curve(let curve): curve.time
      }
    }
  }

  init(_ players: [Played]) {
    var merged = Pattern(version: 1)
    var waveforms: [String: SampledAudio] = [:]
    var playerOfEvent: [Int] = []
    var soundEnds: [Double] = []
    for (index, player) in players.enumerated() {
      let events = player.pattern.pattern.events
      merged.events += events
      playerOfEvent += Array(repeating: index, count: events.count)
      let spans = try? PatternAnalysis(player.pattern).spans  // a pattern that cannot render plays nothing
      soundEnds += events.indices.map { max(spans?[$0].end ?? events[$0].time + events[$0].duration, events[$0].time) }
      waveforms.merge(player.pattern.waveforms) { first, _ in first }
    }
    let controls = players.map { Controls($0.pattern.pattern) }

    var elements: [Element] = []
    var shared: [(id: DynamicParameterID, readings: [Reading], windows: [Window])] = []
    for id in DynamicParameterID.allCases {
      let readings = merged.events.indices.compactMap { index -> Reading? in
        let event = merged.events[index]
        guard Self.reads(id, of: event) else { return nil }
        let isOnset = event.type == .hapticTransient
        return Reading(
          player: playerOfEvent[index], event: index, start: Self.setsCarrier(id, of: event) ? 0 : event.time,
          end: isOnset ? event.time : soundEnds[index], isOnset: isOnset, onset: event.time, soundEnd: soundEnds[index])
      }
      let readers = Set(readings.map(\.player))
      guard readers.count > 1 else {
        // Read by one player's events, or by none: what the players wrote acts as it did.
        for (index, player) in players.enumerated() where readers.isEmpty || readers.contains(index) {
          elements += Self.elements(of: id, in: player.pattern.pattern)
        }
        continue
      }
      let windows = Self.windows(of: id, readings: readings, events: merged.events, controls: controls)
      for window in windows { elements += Self.elements(of: window, id: id, controls: controls) }
      shared.append((id, readings, windows))
    }
    // In time order, which keeps each control's elements in theirs: ties apply in file order.
    let ordered = elements.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
    for (line, element) in ordered.map(\.element).enumerated() {
      switch element {
      case .parameter(var parameter):
        parameter.position = TextPosition(line: line + 1, column: 1)
        merged.parameters.append(parameter)
      case .curve(var curve):
        curve.position = TextPosition(line: line + 1, column: 1)
        merged.curves.append(curve)
      }
    }

    let pooled = Controls(merged)
    var failures: [(reading: Reading, id: DynamicParameterID, controller: Int?)] = []
    for (id, readings, windows) in shared {
      for reading in readings {
        let isExact = windows.contains { window in
          window.player == reading.player && window.start <= reading.start
            && (reading.isOnset ? reading.start < window.exactEnd : reading.end <= window.exactEnd)
        }
        guard !isExact else { continue }
        let event = merged.events[reading.event]
        let own = event.value(of: id.target)
        let wanted: [Double]
        let given: [Double]
        if reading.isOnset {
          // A transient reads the stepped control at its onset, as the renderer samples it.
          wanted = [controls[reading.player].value(of: id.target, for: event, at: reading.start)]
          given = [pooled[id].value(at: reading.start)]
        } else {
          wanted = controls[reading.player][id].points(from: reading.start, to: reading.end).map {
            id.combine(event: own, control: $0.value)
          }
          given = pooled[id].points(from: reading.start, to: reading.end).map(\.value)
        }
        let baked =
          Self.isConstant(wanted) && Self.isConstant(given)
          ? Self.eventValue(giving: wanted[0], with: given[0], of: id, own: own) : nil
        if let baked, baked.value != own {
          merged.events[reading.event].parameters[id.target] = baked.value  // the nearest, when not exact
        }
        if baked?.isExact != true {
          let overlapping = windows.filter { $0.start <= reading.end && reading.start < $0.end }
          let controller = overlapping.first { $0.player != reading.player } ?? overlapping.first
          failures.append((reading, id, controller?.player))
        }
      }
    }

    // A player's controls after its last sound count towards the render's length: so here.
    let lastControl = players.map(\.pattern.pattern.lastControlTime).max() ?? 0
    if lastControl > merged.lastControlTime, lastControl >= soundEnds.max() ?? 0 {
      merged.parameters.append(
        DynamicParameter(
          id: .hapticIntensityControl, time: lastControl, value: pooled[.hapticIntensityControl].value(at: lastControl),
          position: TextPosition(line: ordered.count + 1, column: 1)))
    }
    pattern = LoadedPattern(merged, waveforms: waveforms)
    if !failures.isEmpty, let spans = try? PatternAnalysis(pattern).spans {
      // An event played otherwise may sound longer in the pattern than it did (a longer release).
      for index in failures.indices {
        failures[index].reading.soundEnd = max(
          failures[index].reading.soundEnd, spans[failures[index].reading.event].end)
      }
    }
    warnings = Self.warnings(failures, players: players)
  }

  /// Whether the renderer reads control `id` for `event`: controls of its kind (haptic or
  /// audio); for a transient only the intensity control (docs/signal-model.md §2.2: the sharpness control does
  /// not act on transients); for an `AudioCustom` event no decay, and its fades' times only
  /// when the event gives them.
  private static func reads(_ id: DynamicParameterID, of event: Event) -> Bool {
    guard id.isHaptic == event.type.isHaptic else { return false }
    switch event.type {
    case .hapticTransient: return id == .hapticIntensityControl
    case .audioCustom:
      switch id.target {
      case .attackTime, .releaseTime: return event.parameters[id.target] != nil
      case .decayTime: return false
      default: return true
      }
    case .hapticContinuous, .audioContinuous: return true
    }
  }

  /// Whether control `id` sets the frequency of `event`'s carrier, whose phase runs on the
  /// pattern clock (docs/signal-model.md §3.2): the sharpness of a `HapticContinuous` event, the
  /// pitch of an `AudioContinuous` event.
  private static func setsCarrier(_ id: DynamicParameterID, of event: Event) -> Bool {
    (id == .hapticSharpnessControl && event.type == .hapticContinuous)
      || (id == .audioPitchControl && event.type == .audioContinuous)
  }

  /// `pattern`'s own elements of `id`, in the order they apply.
  private static func elements(of id: DynamicParameterID, in pattern: Pattern) -> [Element] {
    let parameters = pattern.parameters.filter { $0.id == id }.map {
      (time: $0.time, first: $0.time, position: $0.position, element: Element.parameter($0))
    }
    let curves = pattern.curves.filter { $0.id == id && !$0.points.isEmpty }.map {
      (time: $0.time, first: $0.time + $0.points[0].time, position: $0.position, element: Element.curve($0))
    }
    return (parameters + curves).sorted {
      ($0.time, $0.first, $0.position.line, $0.position.column) < (
        $1.time, $1.first, $1.position.line, $1.position.column
      )
    }.map(\.element)
  }

  /// The event value, within the parameter's range, that control `id` at `control` turns into
  /// `wanted` (`own` when that does), or else the one that comes nearest (an intensity above the
  /// control's: the largest); `nil` when every value gives the same (a control at 0).
  private static func eventValue(
    giving wanted: Double, with control: Double, of id: DynamicParameterID, own: Double
  ) -> (value: Double, isExact: Bool)? {
    func gives(_ value: Double) -> Bool { abs(id.combine(event: value, control: control) - wanted) <= tolerance }
    if gives(own) { return (own, true) }
    let value: Double
    switch id.combination {
    case .multiply:
      guard control > 0 else { return nil }
      value = wanted / control
    case .add:
      value = wanted - control
    }
    let clamped = min(max(value, id.target.range.lowerBound), id.target.range.upperBound)
    return (clamped, gives(clamped))
  }

  static func isConstant(_ values: [Double]) -> Bool {
    guard let first = values.first else { return true }
    return values.allSatisfy { abs($0 - first) <= tolerance }
  }

  /// One warning per player, control and player whose control acts on the events, in time order.
  private static func warnings(
    _ failures: [(reading: Reading, id: DynamicParameterID, controller: Int?)], players: [Played]
  ) -> [CHHapticEngine.Recording.Warning] {
    var groups: [[(reading: Reading, id: DynamicParameterID, controller: Int?)]] = []
    for failure in failures {
      let name = players[failure.reading.player].name
      if let index = groups.firstIndex(where: {
        players[$0[0].reading.player].name == name && $0[0].id == failure.id && $0[0].controller == failure.controller
      }) {
        groups[index].append(failure)
      } else {
        groups.append([failure])
      }
    }
    return groups.map { group in
      CHHapticEngine.Recording.Warning(
        player: players[group[0].reading.player].name,
        control: CHHapticDynamicParameter.ID(rawValue: group[0].id.rawValue),
        controllingPlayer: group[0].controller.map { players[$0].name } ?? "another player",
        eventTimes: group.map(\.reading.onset).sorted(), start: group.map(\.reading.onset).min() ?? 0,
        end: group.map(\.reading.soundEnd).max() ?? 0)
    }.sorted { ($0.start, $0.player) < ($1.start, $1.player) }
  }
}
