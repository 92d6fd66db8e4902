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
