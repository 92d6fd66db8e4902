import HapticAudio
import HapticModel
import HapticSupport
import HapticSynthesis

/// Draws a pattern as an SVG picture: the rendered waveform of each bus as a min/max envelope,
/// the effective intensity and sharpness over time, and the events as bars and ticks.
///
/// The picture summarises: its size depends on its width, not on the pattern's length or its
/// number of events (marks that fall in one pixel are drawn as one, see `PixelMarks`, and the
/// events lane has at most `maximumEventRows` rows). Numbers are written with fixed decimals,
/// so the same input gives the same text.
public struct SVGPlot: Sendable {
  /// Width of the drawing area in pixels (one envelope column each), in ``widths``.
  public let width: Int

  /// Accepted widths in pixels.
  public static let widths = 100...20_000

  /// A width outside ``widths``.
  public struct WidthError: Error, CustomStringConvertible {
    public var width: Int
    public var description: String {
      "plot width \(width) is outside \(SVGPlot.widths.lowerBound)…\(SVGPlot.widths.upperBound) pixels"
    }
  }

  /// - Throws: ``WidthError`` for a width outside ``widths``.
  public init(width: Int = 1_200) throws(WidthError) {
    guard Self.widths.contains(width) else { throw WidthError(width: width) }
    self.width = width
  }

  /// Left of the lanes: lane names and the left scales.
  package static let margin = 110.0
  /// Right of the lanes: the carrier-frequency scale of the sharpness lane.
  package static let rightMargin = 64.0
  package static let laneGap = 16.0

  /// Maps times in seconds to x positions in the drawing.
  package struct TimeAxis {
    package var duration: Double
    package var width: Double
    package func x(_ time: Double) -> Double { SVGPlot.margin + time / duration * width }
  }

  /// One mark of a lane's value scale: `fraction` is its height in the lane (0 at the bottom,
  /// 1 at the top).
  package struct ScaleMark {
    package var fraction: Double
    package var text: String
  }

  /// The SVG text for `analysis`, with the waveform read from `source` (the same pattern).
  public func draw(_ analysis: PatternAnalysis, waveform source: inout some FrameSource) throws -> String {
    draw(analysis, envelope: try EnvelopeSummary(of: &source, columns: width))
  }

  /// The SVG text for `analysis`, with the waveform's `envelope` already read (``width``
  /// columns, one per output channel).
  ///
  /// - Parameters:
  ///   - analysis: The pattern's events, controls and length.
  ///   - envelope: The rendered waveform, one column per pixel of ``width``.
  ///   - actuator: With `--actuator`, its name: `envelope` then holds the target and the
  ///     acceleration the drive produces, drawn over each other in one lane.
  ///   - units: With `--spread`, the names of the other units whose felt accelerations follow
  ///     in `envelope`, drawn as outlines in the same lane.
  public func draw(
    _ analysis: PatternAnalysis, envelope: EnvelopeSummary, actuator: String? = nil, units: [String] = []
  ) -> String {
    precondition(envelope.maximum.allSatisfy { $0.count == width }, "one envelope column per pixel")
    let axis = TimeAxis(duration: max(analysis.duration, 1e-3), width: Double(width))
    let totalWidth = Self.margin + axis.width + Self.rightMargin
    var top = 30.0
    let heading = fitted(title(analysis.pattern), pixels: totalWidth - 16, characterWidth: 7.5)
    var body = ["<text x=\"8\" y=\"18\" class=\"title\">\(Markup.escaped(heading))</text>"]
    if let actuator {
      body += actuatorLane(envelope, actuator: actuator, units: units, top: &top)
    } else {
      body += waveformLanes(envelope, layout: analysis.options.layout.resolved(for: analysis.pattern), top: &top)
    }
    body += parameterLanes(analysis, axis: axis, top: &top)
    body += eventLane(analysis, axis: axis, top: &top)
    let silences = silenceShades(analysis, axis: axis, bottom: top)
    body.append(self.axis(duration: axis.duration, top: top, x: axis.x))
    top += 36
    body.append(legend(top: &top, pixels: totalWidth))
    let totalHeight = top
    return
      ([
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(totalWidth))\" height=\"\(f(totalHeight))\" viewBox=\"0 0 \(f(totalWidth)) \(f(totalHeight))\" font-family=\"sans-serif\">",
        "<style>.title{font-size:13px;font-weight:bold}.label{font-size:11px;fill:#333}.small{font-size:9px;fill:#222}"
          + ".lane{fill:#f7f7f7;stroke:#ddd}.wave{stroke:#1f5fa8;stroke-width:1;fill:none}.curve{stroke:#c0392b;stroke-width:1.5;fill:none}"
          + ".tick{stroke:#8e44ad;stroke-width:1.5}.bar.haptic{fill:#7fb3e6}.bar.audio{fill:#8fd19e}.tail{opacity:0.35}.release{fill:#888;opacity:0.35}"
          + ".silence{fill:#000;opacity:0.04}.axis{stroke:#555}.grid{stroke:#000;stroke-opacity:0.08}"
          + ".scale{font-size:9px;fill:#666}.point{fill:#c0392b}"
          + (actuator == nil
            ? ""
            : ".target{stroke:#999;stroke-width:1;fill:none}.felt{stroke:#e67e22;stroke-width:1;fill:none;opacity:0.8}"
              + ".unit{stroke:#2c7fb8;stroke-width:1;fill:none;opacity:0.7}")
          + "</style>",
        "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>",
      ] + body + silences + ["</svg>"]).joined(separator: "\n") + "\n"
  }

  // MARK: - Lanes

  /// One lane per output channel: the min/max envelope of the rendered waveform.
  private func waveformLanes(_ envelope: EnvelopeSummary, layout: ChannelLayout, top: inout Double) -> [String] {
    let names = channelNames(layout)
    var body: [String] = []
    for channel in envelope.minimum.indices {
      let height = 70.0
      body.append(
        lane(
          id: "lane-\(names[channel].lowercased().replacing(" ", with: "-"))", label: names[channel],
          unit: "full scale", top: top, height: height,
          scale: [
            ScaleMark(fraction: 1, text: "+1"), ScaleMark(fraction: 0.5, text: "0"), ScaleMark(fraction: 0, text: "−1"),
          ]
        ))
      let middle = top + height / 2
      var path = ""
      for column in 0..<width {
        let columnX = Self.margin + Double(column) + 0.5
        let high = middle - Double(envelope.maximum[channel][column]) * height / 2
        let low = middle - Double(envelope.minimum[channel][column]) * height / 2
        path += "M\(f(columnX)) \(f(high))V\(f(max(low, high + 0.5)))"
      }
      body.append("<path d=\"\(path)\" class=\"wave\"/>")
      top += height + Self.laneGap
    }
    return body
  }

  /// The effective intensity and sharpness of the haptic events (transients as ticks and
  /// points), on 0…1 scales, sharpness also in carrier Hz; none when the pattern has no haptic
  /// event.
  private func parameterLanes(_ analysis: PatternAnalysis, axis: TimeAxis, top: inout Double) -> [String] {
    let pattern = analysis.pattern
    let haptic = pattern.events.indices.filter { pattern.events[$0].type.isHaptic }
    guard !haptic.isEmpty else { return [] }
    let loudest = loudestContinuousEvent(analysis, duration: axis.duration)
    var body: [String] = []
    for (parameter, name) in [(ParameterID.hapticIntensity, "intensity"), (.hapticSharpness, "sharpness")] {
      let height = 50.0
      let unitScale = [0.0, 0.5, 1].map { ScaleMark(fraction: $0, text: NumberText.fixed($0, 1)) }
      let profile = analysis.options.profile
      let hertz = [0.0, 0.5, 1].map {
        ScaleMark(fraction: $0, text: "\(NumberText.fixed(profile.frequency(sharpness: $0), 0)) Hz")
      }
      body.append(
        lane(
          id: "lane-\(name)", label: name, unit: "0…1", top: top, height: height, scale: unitScale,
          rightScale: parameter == .hapticSharpness ? hertz : []))
      var segments: [String] = []
      var current = ""
      for column in 0..<width {
        let time = (Double(column) + 0.5) / axis.width * axis.duration
        guard let loudest = loudest[column] else {
          if !current.isEmpty {
            segments.append(current)
            current = ""
          }
          continue
        }
        let value = analysis.value(of: parameter, event: loudest, at: time)
        current +=
          "\(current.isEmpty ? "M" : "L")\(f(Self.margin + Double(column) + 0.5)) \(f(top + height - value * height))"
      }
      if !current.isEmpty { segments.append(current) }
      body.append("<path d=\"\(segments.joined())\" class=\"curve\"/>")
      // Transients: a tick rises from the lane's bottom, so the tallest of a pixel column hides
      // the others; a point is drawn once per pixel.
      var marks = PixelMarks<(x: Double, y: Double)>()
      for index in haptic where pattern.events[index].type == .hapticTransient {
        let x = axis.x(pattern.events[index].time)
        let value = analysis.value(of: parameter, event: index, at: pattern.events[index].time)
        let y = top + height - value * height
        if parameter == .hapticIntensity {
          marks.add((x, y), in: column(x)) { if $1.y < $0.y { $0 = $1 } }
        } else {
          marks.add((x, y), in: column(x) * (Int(height) + 1) + Int((value * height).rounded())) { _, _ in }
        }
      }
      body += marks.marks.map { x, y in
        parameter == .hapticIntensity
          ? "<line x1=\"\(f(x))\" y1=\"\(f(top + height))\" x2=\"\(f(x))\" y2=\"\(f(y))\" class=\"tick\"/>"
          : "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"2.5\" class=\"point\"/>"
      }
      top += height + Self.laneGap
    }
    return body
  }

  /// Silences of half a second and a pixel or more, shaded across every lane from where the
  /// design before them ends: the end of the events' durations
  /// (``PatternAnalysis/designedEnd(of:)``) or the last control point after it, whichever is
  /// later, and never after the sound ends, to the next event or the pattern's end. So a 7 s
  /// hold is labelled 7 s, whether its events release into it (tutorials' breaths) or before it
  /// (`render breath`), and a release tail that sounds into it is drawn apart at its start.
  private func silenceShades(_ analysis: PatternAnalysis, axis: TimeAxis, bottom: Double) -> [String] {
    let pattern = analysis.pattern
    let controlTimes =
      (pattern.parameters.map(\.time) + pattern.curves.flatMap { curve in curve.points.map { curve.time + $0.time } })
      .sorted()
    var silences: [String] = []
    var (soundEnd, designedEnd) = (0.0, 0.0)
    // Each event's start, then the end of the pattern: a hold that ends it is shaded too.
    let sortedSpans = analysis.spans.sorted { $0.start < $1.start }
    let starts = sortedSpans.map(\.start) + [analysis.duration]
    for (index, next) in starts.enumerated() {
      if next - soundEnd >= 0.5, axis.x(next) - axis.x(soundEnd) >= 1 {
        let lastControl = controlTimes.last { $0 <= soundEnd } ?? 0
        let start = min(max(designedEnd, lastControl), soundEnd)
        silences.append(silence(from: start, release: soundEnd, to: next, x: axis.x, bottom: bottom))
      }
      guard index < analysis.spans.count else { break }
      let span = sortedSpans[index]
      soundEnd = max(soundEnd, span.end)
      designedEnd = max(designedEnd, analysis.designedEnd(of: span))
    }
    return silences
  }
}
