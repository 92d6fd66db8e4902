import HapticSupport
import HapticSynthesis

extension SVGPlot {
  /// With `--actuator`: one lane with the target's envelope (the pattern's render, grey) and the
  /// acceleration the drive produces on the actuator (orange) over it, on the same scale, so
  /// that a tap lost or smeared shows where the two part. `envelope` has the two channels of
  /// ``ActuatorRendering/Output/targetAndAcceleration``, then the felt acceleration on each of
  /// `units` (`--spread`), drawn as the outline of its upper envelope (blue).
  func actuatorLane(_ envelope: EnvelopeSummary, actuator name: String, units: [String], top: inout Double) -> [String]
  {
    let height = 110.0
    let largest = max(1, Double(envelope.maximum.joined().max() ?? 0), -Double(envelope.minimum.joined().min() ?? 0))
    let label = "+\(NumberText.fixed(largest, 2))"
    var body = [
      lane(
        id: "lane-actuator", label: "felt on \(name)", unit: "acceleration", top: top, height: height,
        scale: [
          ScaleMark(fraction: 1, text: label), ScaleMark(fraction: 0.5, text: "0"),
          ScaleMark(fraction: 0, text: "−" + label.dropFirst()),
        ])
    ]
    let middle = top + height / 2
    for (channel, style) in [(0, "target"), (1, "felt")] where channel < envelope.maximum.count {
      var path = ""
      for column in 0..<width {
        let columnX = Self.margin + Double(column) + 0.5
        let high = middle - Double(envelope.maximum[channel][column]) / largest * height / 2
        let low = middle - Double(envelope.minimum[channel][column]) / largest * height / 2
        path += "M\(f(columnX)) \(f(high))V\(f(max(low, high + 0.5)))"
      }
      body.append("<path d=\"\(path)\" class=\"\(style)\"/>")
    }
    for (index, unit) in units.enumerated() where index + 2 < envelope.maximum.count {
      let outline = (0..<width).map { column in
        let y = middle - Double(envelope.maximum[index + 2][column]) / largest * height / 2
        return "\(column == 0 ? "M" : "L")\(f(Self.margin + Double(column) + 0.5)) \(f(y))"
      }
      body.append("<path d=\"\(outline.joined())\" class=\"unit\"><title>felt on a unit at \(unit)</title></path>")
    }
    body.append(
      "<text x=\"\(f(Self.margin + 6))\" y=\"\(f(top + 12))\" class=\"small\"><tspan fill=\"#999\">■ target (the render)</tspan>  <tspan fill=\"#e67e22\">■ felt: the acceleration of the drive</tspan>\(units.isEmpty ? "" : "  <tspan fill=\"#2c7fb8\">— on units at \(units.joined(separator: ", "))</tspan>")</text>"
    )
    top += height + Self.laneGap
    return body
  }
}
