import HapticInspection
import HapticPipeline
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// `plot` of dense patterns: marks that fall in one pixel are drawn once, the events lane has at
/// most ``SVGPlot/maximumEventRows`` rows, so the picture's size follows its width and not the
/// number of events.
@Suite struct PlotDensityTests {
  private typealias F = PatternFixtures

  /// The plot of a pattern of `elements`, rendered at 2 kHz (the pictures do not depend on it).
  private func plot(_ elements: [String], width: Int) throws -> String {
    let pattern = try F.pattern(F.document(elements.joined(separator: ", ")))
    var options = RenderOptions()
    options.sampleRate = 2_000
    let analysis = try PatternAnalysis(pattern, options: options)
    var source = try PatternSource(pattern, options: options)
    return try SVGPlot(width: width).draw(analysis, waveform: &source)
  }

  private func count(_ fragment: String, in svg: String) -> Int {
    svg.components(separatedBy: fragment).count - 1
  }

  /// `count` transients spread evenly over 2 s, their intensity and sharpness cycling.
  private func transients(_ count: Int) -> [String] {
    (0..<count).map { index in
      let intensity: Double = 0.5 + Double(index % 6) / 10
      let sharpness: Double = Double(index % 11) / 10
      return F.event(
        "HapticTransient", time: 2 * Double(index) / Double(count),
        ["HapticIntensity": intensity, "HapticSharpness": sharpness])
    }
  }

  @Test func plotSizeFollowsTheWidthNotTheEvents() throws {
    let width = 200
    for events in [4_000, 16_000] {
      let svg = try plot(transients(events), width: width)
      let rows = SVGPlot.maximumEventRows
      #expect(count("class=\"tick\"", in: svg) <= width * (1 + rows), "a tick per column and row at most")
      #expect(count("<title>", in: svg) <= width * rows)
      #expect(count("class=\"point\"", in: svg) <= width * 11, "eleven sharpness values, each once per column")
      #expect(svg.utf8.count < width * 2_200, "\(svg.utf8.count) bytes for \(events) transients")
    }
  }

  /// Two transients in one pixel column: one intensity tick, to the taller; one events-lane tick,
  /// whose tooltip counts them and names the louder.
  @Test func transientsInOnePixelMergeIntoOneTickPerLane() throws {
    let svg = try plot(
      [
        F.event("HapticTransient", time: 50, ["HapticIntensity": 0.3, "HapticSharpness": 0.5]),
        F.event("HapticTransient", time: 50.2, ["HapticIntensity": 0.9, "HapticSharpness": 0.5]),
        F.event("HapticTransient", time: 99, ["HapticIntensity": 0.6, "HapticSharpness": 0.5]),
      ], width: 100)
    let ticks = svg.matches(of: #/<line x1="[0-9.]+" y1="([0-9.]+)" x2="[0-9.]+" y2="([0-9.]+)" class="tick"/?>/#)
    #expect(ticks.count == 4, "two columns, each with one tick in the intensity lane and one in the events lane")
    let intensityLane = try #require(svg.firstMatch(of: #/id="lane-intensity"><rect x="[0-9.]+" y="([0-9.]+)"/#))
    let laneTop = try #require(Double(intensityLane.1))
    let tallest = try #require(ticks.compactMap { Double($0.2) }.min())
    #expect(abs(tallest - (laneTop + 50 - 0.9 * 50)) < 0.06, "the tick reaches the louder transient's 0.9")
    #expect(count("class=\"point\"", in: svg) == 2, "one point per column at sharpness 0.5")
    #expect(svg.contains("<title>2 transients in this pixel; the loudest I 0.90 S 0.50</title>"))
    #expect(svg.contains("<title>I 0.60 S 0.50</title>"), "a transient alone keeps its own label")
  }

  @Test func overlapsBeyondTheRowLimitStackInTheLastRow() throws {
    let events = (0..<20).map {
      F.event("HapticContinuous", time: Double($0) * 0.01, duration: 1, ["HapticIntensity": 0.5])
    }
    let svg = try plot(events, width: 600)
    let lane = try #require(
      svg.firstMatch(of: #/id="lane-events"><rect x="[0-9.]+" y="[0-9.]+" width="600" height="([0-9.]+)"/#))
    #expect(Double(lane.1) == Double(SVGPlot.maximumEventRows) * SVGPlot.eventRowHeight)
    #expect(svg.contains(">+4 in last row</text>"))
    #expect(count("class=\"bar haptic\"", in: svg) == 20, "each bar is wider than a pixel: none merges")
  }

  @Test func silencesNarrowerThanAPixelAreNotShaded() throws {
    let svg = try plot(
      [
        F.event("HapticTransient", time: 0, ["HapticIntensity": 1]),
        F.event("HapticTransient", time: 1, ["HapticIntensity": 1]),
        F.event("HapticTransient", time: 500, ["HapticIntensity": 1]),
      ], width: 100)
    #expect(count("class=\"silence\"", in: svg) == 1, "the 1 s gap is 0.2 px wide; the long one is shaded")
  }
}
