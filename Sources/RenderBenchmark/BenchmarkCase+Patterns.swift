/// The AHAP texts the cases render: long breathing sessions and dense transients.
extension BenchmarkCase {
  static func breathingPattern(cycles: Int) -> String {
    var elements: [String] = []
    for cycle in 0..<cycles {
      let start = Double(cycle) * 19
      let parameters =
        "[{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 0.8}, {\"ParameterID\": \"HapticSharpness\", \"ParameterValue\": 0.3}]"
      elements.append(
        "{\"Event\": {\"Time\": \(start), \"EventType\": \"HapticContinuous\", \"EventDuration\": 4, \"EventParameters\": \(parameters)}}"
      )
      elements.append(
        "{\"ParameterCurve\": {\"ParameterID\": \"HapticIntensityControl\", \"Time\": \(start), \"ParameterCurveControlPoints\": [{\"Time\": 0, \"ParameterValue\": 0}, {\"Time\": 4, \"ParameterValue\": 1}]}}"
      )
      elements.append(
        "{\"Event\": {\"Time\": \(start + 11), \"EventType\": \"HapticContinuous\", \"EventDuration\": 8, \"EventParameters\": \(parameters)}}"
      )
      elements.append(
        "{\"ParameterCurve\": {\"ParameterID\": \"HapticIntensityControl\", \"Time\": \(start + 11), \"ParameterCurveControlPoints\": [{\"Time\": 0, \"ParameterValue\": 1}, {\"Time\": 8, \"ParameterValue\": 0}]}}"
      )
    }
    return "{\"Version\": 1, \"Pattern\": [\(elements.joined(separator: ",\n"))]}"
  }

  static func transientPattern(count: Int) -> String {
    let elements = (0..<count).map { index in
      "{\"Event\": {\"Time\": \(Double(index) / 100), \"EventType\": \"HapticTransient\", \"EventParameters\": [{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": \(0.5 + 0.5 * Double(index % 5) / 4)}, {\"ParameterID\": \"HapticSharpness\", \"ParameterValue\": \(Double(index % 11) / 10)}]}}"
    }
    return "{\"Version\": 1, \"Pattern\": [\(elements.joined(separator: ",\n"))]}"
  }
}

/// The AHAP texts of the scaling cases: inputs that once took a slow path, in two sizes.
extension BenchmarkCase {
  /// A transient whose `Description` holds `count` `\u0041` escapes.
  static func escapedPattern(count: Int) -> String {
    "{\"Metadata\": {\"Description\": \"" + String(repeating: "\\u0041", count: count) + "\"}, "
      + "\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\", \"EventParameters\": []}}]}"
  }

  /// `curves` 16-point intensity curves 16 ms apart (an audio volume curve on every tenth), under
  /// `events` short continuous events 25 ms apart, haptic and audio in turns.
  static func curvesPattern(curves: Int, events: Int) -> String {
    var elements: [String] = []
    for curve in 0..<curves {
      let points = (0..<16).map {
        "{\"Time\": \(Double($0) * 0.001), \"ParameterValue\": \(0.5 + 0.5 * Double(($0 + curve) % 2))}"
      }
      .joined(separator: ", ")
      for id in curve % 10 == 0 ? ["HapticIntensityControl", "AudioVolumeControl"] : ["HapticIntensityControl"] {
        elements.append(
          "{\"ParameterCurve\": {\"ParameterID\": \"\(id)\", \"Time\": \(Double(curve) * 0.016), \"ParameterCurveControlPoints\": [\(points)]}}"
        )
      }
    }
    for index in 0..<events {
      let type = index % 2 == 0 ? "HapticContinuous" : "AudioContinuous"
      elements.append(
        "{\"Event\": {\"Time\": \(Double(index) * 0.025), \"EventType\": \"\(type)\", \"EventDuration\": 0.01}}")
    }
    return "{\"Version\": 1, \"Pattern\": [\(elements.joined(separator: ",\n"))]}"
  }

  /// Two looped `AudioCustom` events 0.1 s apart playing `file` for 0.2 s each at `AudioPitch` 1.
  static func waveformPattern(file: String) -> String {
    let events = (0..<2).map {
      "{\"Event\": {\"Time\": \(Double($0) * 0.1), \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \"\(file)\", "
        + "\"EventDuration\": 0.2, \"EventWaveformLoopEnabled\": true, "
        + "\"EventParameters\": [{\"ParameterID\": \"AudioPitch\", \"ParameterValue\": 1}]}}"
    }
    return "{\"Version\": 1, \"Pattern\": [\(events.joined(separator: ", "))]}"
  }
}
