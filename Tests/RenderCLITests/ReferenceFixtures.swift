/// The patterns of the comparison, by name.
enum ReferenceFixtures {
  static let intensity = "HapticIntensityControl"
  static let sharpness = "HapticSharpnessControl"
  static let attack = "HapticAttackTimeControl"
  static let decay = "HapticDecayTimeControl"
  static let release = "HapticReleaseTimeControl"

  /// Patterns on which the renderer follows SPEC.md.
  static let agreeing: [String: String] = {
    var fixtures: [String: String] = [:]
    // SPEC §3 carrier phase, §6.17: a tap (I 0.7) at sharpness 0.45, 0.52 or 0.6 on a bed (I 0.6, S 0.5,
    // 0–1 s) at 16 onsets spread over more than a carrier period, starting in phase with the bed.
    for tapSharpness in [0.45, 0.52, 0.6] {
      let taps = (0..<16).map { index in
        let onset = 0.1 + 0.05 * Double(index) + 0.00037 * Double(index * index)
        return AHAP.transient(onset, intensity: 0.7, sharpness: tapSharpness)
      }
      fixtures["tap-on-bed-s\(tapSharpness)"] = AHAP.document(
        [AHAP.continuous(0, 1, intensity: 0.6, sharpness: 0.5)] + taps)
    }
    // §3 carrier phase: two continuous events of different sharpness overlap and a third starts on
    // them, in phase with the stronger (A(0.6) > A(0.5)); taps join the strongest voice sounding.
    fixtures["overlapping-beds-and-a-third"] = AHAP.document([
      AHAP.continuous(0, 0.6, intensity: 0.5, sharpness: 0.3),
      AHAP.continuous(0.2, 0.6, intensity: 0.6, sharpness: 0.7),
      AHAP.continuous(0.4, 0.3, intensity: 0.4, sharpness: 0.5),
      AHAP.transient(0.45, intensity: 0.5, sharpness: 0.9),
      AHAP.transient(0.7, intensity: 0.5, sharpness: 0.1),
    ])
    // §2: a Parameter 1 → 0.2 at 0.5 s is a 5 ms ramp for the bed (§6.18); the transients sample
    // the stepped function: the one at 0.5 s and the one at 0.502 s (inside the ramp) both get 0.2.
    fixtures["intensity-step-1-to-0.2"] = AHAP.document([
      AHAP.continuous(0, 1, intensity: 0.8, sharpness: 0.5),
      AHAP.parameter(intensity, 0, 1), AHAP.parameter(intensity, 0.5, 0.2),
      AHAP.transient(0.3, intensity: 0.5, sharpness: 0.5), AHAP.transient(0.5, intensity: 0.9, sharpness: 0.5),
      AHAP.transient(0.502, intensity: 0.9, sharpness: 0.5), AHAP.transient(0.7, intensity: 0.9, sharpness: 0.5),
    ])
    // §2: curves whose first point lies at their takeover make steps at their start (from the
    // neutral 1 at 0.1 s, from the Parameter's 0.5 at 0.4 s): 5 ms ramps.
    fixtures["curve-first-point-at-takeover"] = AHAP.document([
      AHAP.continuous(0, 1, intensity: 0.8, sharpness: 0.6),
      AHAP.curve(intensity, 0.1, [(0, 0.5), (0.2, 0.9)]),
      AHAP.parameter(intensity, 0.35, 0.5),
      AHAP.curve(intensity, 0.4, [(0, 1), (0.3, 0.3)]),
      AHAP.transient(0.4, intensity: 0.6, sharpness: 0.3),
    ])
    // §2: a step followed within 5 ms by another point: the step's later point is dropped and
    // the function runs straight to that point (at 0.3 s → 0.302 s, and at 0.6 s → 0.602 s).
    fixtures["step-then-point-within-5-ms"] = AHAP.document([
      AHAP.continuous(0, 1, intensity: 0.8, sharpness: 0.4),
      AHAP.parameter(intensity, 0.3, 0.3),
      AHAP.curve(intensity, 0.302, [(0, 0.8), (0.2, 0.5)]),
      AHAP.parameter(intensity, 0.6, 0.4),
      AHAP.curve(intensity, 0.6, [(0.002, 0.9), (0.1, 0.6)]),
      AHAP.transient(0.3, intensity: 0.6, sharpness: 0.5), AHAP.transient(0.601, intensity: 0.6, sharpness: 0.5),
    ])
    // §3, §6.20: a non-sustained event cut short by its EventDuration has no release: it fades
    // over a quarter period, whatever ReleaseTime says.
    for releaseTime in [0.0, 1.0] {
      fixtures["non-sustained-cut-short-release-\(releaseTime)"] = AHAP.document([
        AHAP.continuous(
          0.05, 1, intensity: 0.8, sharpness: 0.5,
          [("Sustained", 0), ("DecayTime", 1), ("ReleaseTime", releaseTime)])
      ])
    }
    // §3 decay control, §6.21: HapticDecayTimeControl 0.5 before a transient lengthens its fade-out
    // to 16·q; 0.25 set at a transient's own time sets it; a negative value leaves it alone.
    fixtures["decay-control-before-transient"] = AHAP.document([
      AHAP.transient(0.05, intensity: 1, sharpness: 0.5),
      AHAP.parameter(decay, 0.1, 0.5), AHAP.transient(0.2, intensity: 1, sharpness: 0.5),
      AHAP.parameter(decay, 0.3, 0.25), AHAP.transient(0.3, intensity: 1, sharpness: 0.5),
      AHAP.parameter(decay, 0.4, -0.5), AHAP.transient(0.45, intensity: 1, sharpness: 0.5),
    ])
    // §2, §6.16: HapticReleaseTimeControl sent at 1 s to an event sounding 0–2 s sets its release.
    fixtures["release-control-while-sounding"] = AHAP.document([
      AHAP.continuous(0, 2, intensity: 0.8, sharpness: 0.4, [("ReleaseTime", 0.1)]),
      AHAP.parameter(release, 1, 0.5),
    ])
    // §2, §3: a sharpness curve glides a continuous event; transients on it keep their own
    // sharpness and start in its phase.
    fixtures["sharpness-curve-with-transients"] = AHAP.document([
      AHAP.continuous(0, 1, intensity: 0.6, sharpness: 0.2),
      AHAP.curve(sharpness, 0, [(0, 0), (1, 0.6)]),
      AHAP.transient(0.5, intensity: 0.7, sharpness: 0.8), AHAP.transient(0.77, intensity: 0.5, sharpness: 0.3),
    ])
    // §5, §6.22: a curve's later points do not lengthen the file; its Time does.
    fixtures["curve-points-after-last-event"] = AHAP.document([
      AHAP.transient(0, intensity: 1, sharpness: 0.5), AHAP.curve(intensity, 0, [(0, 1), (3, 0.5)]),
    ])
    fixtures["curve-start-after-last-event"] = AHAP.document([
      AHAP.continuous(0, 0.3, intensity: 0.5, sharpness: 0.5), AHAP.curve(intensity, 0.5, [(0, 1), (3, 0.5)]),
    ])
    // §2: a transient samples the stepped function at its onset t0, not at its frame: at 0.10494 s
    // (frame 840 = 0.105 s) under a 10 ms ramp.
    fixtures["transients-between-frames-on-a-ramp"] = AHAP.document([
      AHAP.curve(intensity, 0.1, [(0, 0), (0.01, 1)]),
      AHAP.transient(0.10006, intensity: 0.9, sharpness: 0.5), AHAP.transient(0.10494, intensity: 0.9, sharpness: 0.5),
    ])
    // §3 carrier phase: the strongest voice is measured by A(I)·env at the onset, the fade of an
    // event cut short and a release included.
    fixtures["phase-reference-in-fade-and-release"] = AHAP.document([
      AHAP.continuous(0, 0.2, intensity: 0.7, sharpness: 0.3, [("Sustained", 0), ("DecayTime", 1)]),
      AHAP.continuous(0, 0.4, intensity: 0.6, sharpness: 0.7),
      AHAP.transient(0.201125, intensity: 0.3, sharpness: 0.5),
      AHAP.continuous(0.201125, 0.1, intensity: 0.3, sharpness: 0.5),
      AHAP.continuous(0.5, 0.2, intensity: 0.8, sharpness: 0.3, [("ReleaseTime", 0.4)]),
      AHAP.transient(0.8, intensity: 0.6, sharpness: 0.5),
      AHAP.continuous(0.85, 0.2, intensity: 0.5, sharpness: 0.6),
    ])
    // §3 carrier phase: with no continuous voice sounding, a voice starts on the pattern clock,
    // summed from 0 under a sharpness curve.
    fixtures["pattern-clock-under-a-sharpness-curve"] = AHAP.document([
      AHAP.curve(sharpness, 0, [(0, -0.3), (0.5, 0.4), (1, -0.1)]),
      AHAP.continuous(0.7, 0.2, intensity: 0.6, sharpness: 0.5),
      AHAP.transient(0.95, intensity: 0.7, sharpness: 0.6),
      AHAP.continuous(1.2, 0.2, intensity: 0.6, sharpness: 0.4),
    ])
    // §2: steps inside curves (several points at one time: the first and the last count), and
    // a decay-control ramp sampled by transients.
    fixtures["steps-inside-curves"] = AHAP.document([
      AHAP.continuous(0, 0.8, intensity: 0.8, sharpness: 0.5),
      AHAP.curve(
        intensity, 0.1, [(0, 1), (0.1, 0.5), (0.1, 0.9), (0.2, 0.9), (0.2, 0.3), (0.2021, 0.6), (0.4, 0.6)]),
      AHAP.curve(sharpness, 0.1, [(0.2, 0), (0.2, 0.3), (0.3, 0.3), (0.3, -0.2)]),
      AHAP.transient(0.2, intensity: 0.5, sharpness: 0.5), AHAP.transient(0.3, intensity: 0.5, sharpness: 0.5),
      AHAP.curve(decay, 0.85, [(0, 0), (0.4, 0.6)]),
      AHAP.transient(0.9, intensity: 0.8, sharpness: 0.7), AHAP.transient(1.1, intensity: 0.8, sharpness: 0.2),
    ])
    // §2: a later element takes over in the middle of a ramp; two curves at one Time act over
    // their own points.
    fixtures["takeover-mid-ramp"] = AHAP.document([
      AHAP.continuous(0, 1, intensity: 0.8, sharpness: 0.5),
      AHAP.curve(intensity, 0, [(0, 0.2), (0.8, 1)]),
      AHAP.curve(intensity, 0.3, [(0.2, 0.1), (0.4, 0.7)]),
      AHAP.parameter(sharpness, 0.45, 0.2), AHAP.curve(sharpness, 0.2, [(0.1, -0.3)]),
      AHAP.continuous(1.1, 1.2, intensity: 0.8, sharpness: 0.5),
      AHAP.curve(intensity, 1.1, [(0.8, 1), (1.2, 0)]), AHAP.curve(intensity, 1.1, [(0, 0), (0.4, 1)]),
    ])
    // §3: attack and decay controls act on sounding events frame by frame (the second event's attack,
    // 0.45 − 0.3, is 367.6 frames: not a whole number, see `neutral-decay-control-on-non-sustained-event`).
    fixtures["envelope-controls-during-attack-and-decay"] = AHAP.document([
      AHAP.continuous(0, 0.6, intensity: 0.8, sharpness: 0.4, [("AttackTime", 0.4)]),
      AHAP.curve(attack, 0.05, [(0, 0.2), (0.1, -0.3)]),
      AHAP.continuous(
        0.7, 0.3, intensity: 0.7, sharpness: 0.5, [("Sustained", 0), ("AttackTime", 0.45), ("DecayTime", 0.3)]),
      AHAP.curve(decay, 0.8, [(0, 0.2), (0.1, -0.3)]),
    ])
    // §1 loading rules: aliases, null as absent, clamped values, unknown keys and elements,
    // trailing commas, elements out of time order.
    fixtures["loading-rules"] = """
      {
        "Version": 1.0,
        "Pattern": [
          {"Event": {"Time": 0.5, "EventType": "HapticTransient", "EventParameters": [], "Comment": "x"}},
          {"Event": {"Time": 0.0, "Type": "HapticContinuous", "Duration": 0.3, "Parameters": [
            {"ParameterID": "HapticIntensity", "ParameterValue": 0.7},
            {"ParameterID": "HapticSharpness", "ParameterValue": 1.7},
            {"ParameterID": "ReleaseTime", "ParameterValue": -3},
          ]}},
          {"Event": {"Time": 0.4, "EventType": "HapticTransient", "EventDuration": null, "EventParameters": [
            {"ParameterID": "HapticIntensity", "ParameterValue": -0.5},
            {"ParameterID": "HapticSharpness", "ParameterValue": 0.2}
          ]}},
          {"Parameter": {"ParameterID": "HapticSharpnessControl", "Time": 0.1, "ParameterValue": -2}},
          {"ParameterCurves": {"ParameterID": "HapticIntensityControl", "Time": 0}},
          {"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0.05, "ParameterValue": 1.5}},
        ],
      }
      """
    // SPEC §3 envelope: an attack that ends between two frames (fs·T(0.1) = 278.58 frames) reaches 1
    // at frame 279, then decays; the same with or without an envelope control at its neutral value
    // (the renderer's closed form and its frame-by-frame envelope give the same frames); a release of
    // a whole number of frames ends exactly there.
    fixtures["non-sustained-attack-between-frames"] = AHAP.document([
      AHAP.continuous(
        0.1, 0.5, intensity: 0.6, sharpness: 0.3, [("Sustained", 0), ("AttackTime", 0.1), ("DecayTime", 0.2)])
    ])
    fixtures["neutral-decay-control-on-non-sustained-event"] = AHAP.document([
      AHAP.continuous(0.7, 0.3, intensity: 0.7, sharpness: 0.5, [("Sustained", 0), ("DecayTime", 0.3)]),
      AHAP.parameter(decay, 0, 0),
    ])
    fixtures["neutral-attack-control-on-sustained-event"] = AHAP.document([
      AHAP.continuous(0.1, 0.3, intensity: 0.7, sharpness: 0.5), AHAP.parameter(attack, 0, 0),
    ])
    // docs/signal-model.md §8: an EventDuration of 0 on a non-sustained event is none (Apple: "If
    // unset (0.0), Continuous event types will have no fixed end"): it ends when its decay does.
    fixtures["non-sustained-event-with-zero-duration"] = AHAP.document([
      AHAP.continuous(0.1, 0, intensity: 0.7, sharpness: 0.5, [("Sustained", 0), ("DecayTime", 0.2)]),
      AHAP.transient(0.2, intensity: 0.5, sharpness: 0.5),
    ])
    return fixtures
  }()
}

/// The text of AHAP elements, for the fixtures.
private enum AHAP {
  static func document(_ elements: [String]) -> String {
    "{\"Version\": 1, \"Pattern\": [\n\(elements.joined(separator: ",\n"))\n]}\n"
  }

  static func event(_ type: String, _ time: Double, _ duration: Double?, _ parameters: [(String, Double)]) -> String {
    let list = parameters.map { "{\"ParameterID\": \"\($0.0)\", \"ParameterValue\": \($0.1)}" }
    let durationText = duration.map { ", \"EventDuration\": \($0)" } ?? ""
    return """
      {"Event": {"Time": \(time), "EventType": "\(type)"\(durationText), \
      "EventParameters": [\(list.joined(separator: ", "))]}}
      """
  }

  /// A `HapticContinuous` event; `more` adds AttackTime, DecayTime, ReleaseTime, Sustained.
  static func continuous(
    _ time: Double, _ duration: Double?, intensity: Double, sharpness: Double, _ more: [(String, Double)] = []
  ) -> String {
    event("HapticContinuous", time, duration, [("HapticIntensity", intensity), ("HapticSharpness", sharpness)] + more)
  }

  static func transient(_ time: Double, intensity: Double, sharpness: Double, duration: Double? = nil) -> String {
    event("HapticTransient", time, duration, [("HapticIntensity", intensity), ("HapticSharpness", sharpness)])
  }

  static func parameter(_ id: String, _ time: Double, _ value: Double) -> String {
    "{\"Parameter\": {\"ParameterID\": \"\(id)\", \"Time\": \(time), \"ParameterValue\": \(value)}}"
  }

  /// A curve; point times are relative to the curve's `Time`.
  static func curve(_ id: String, _ time: Double, _ points: [(Double, Double)]) -> String {
    let list = points.map { "{\"Time\": \($0.0), \"ParameterValue\": \($0.1)}" }
    return """
      {"ParameterCurve": {"ParameterID": "\(id)", "Time": \(time), \
      "ParameterCurveControlPoints": [\(list.joined(separator: ", "))]}}
      """
  }
}
