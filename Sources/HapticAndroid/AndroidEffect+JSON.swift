extension AndroidEffect {
  /// The effect as JSON, for an app to build its `VibrationEffect` from:
  ///
  /// ```json
  /// {"waveform": {"timings": [...], "amplitudes": [...], "repeat": -1},
  ///  "envelope": {"initialSharpness": s, "controlPoints": [{"intensity": i, "sharpness": s, "durationMillis": d}]},
  ///  "composition": [{"primitive": "PRIMITIVE_CLICK", "scale": x, "startMillis": t}]}
  /// ```
  ///
  /// One key per line, arrays on one line, so that a diff shows what changed; the same effect
  /// gives the same bytes.
  public var jsonText: String {
    func numbers(_ values: [Int]) -> String { "[" + values.map(String.init).joined(separator: ", ") + "]" }
    let points = envelope.controlPoints.map {
      "      {\"intensity\": \($0.intensity), \"sharpness\": \($0.sharpness), \"durationMillis\": \($0.durationMillis)}"
    }
    let primitives = composition.map {
      "    {\"primitive\": \"\($0.kind.rawValue)\", \"scale\": \($0.scale), \"startMillis\": \($0.startMillis)}"
    }
    return """
      {
        "waveform": {
          "timings": \(numbers(waveform.timings)),
          "amplitudes": \(numbers(waveform.amplitudes)),
          "repeat": \(waveform.repeatIndex)
        },
        "envelope": {
          "initialSharpness": \(envelope.initialSharpness),
          "controlPoints": [\(points.isEmpty ? "" : "\n" + points.joined(separator: ",\n") + "\n    ")]
        },
        "composition": [\(primitives.isEmpty ? "" : "\n" + primitives.joined(separator: ",\n") + "\n  ")]
      }

      """
  }
}
