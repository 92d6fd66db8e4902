import Foundation
import HapticAnalysis
import HapticAudio
import HapticFiles
import HapticInspection
import HapticModel
import HapticPipeline
import HapticReader
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `plot`: its lanes, scales, labels and envelope, checked on the samples, a long session and a
/// snapshot.
@Suite struct PlotTests {
  private func plot(_ name: String, width: Int = 600) throws -> String {
    var diagnostics = Diagnostics()
    let pattern = try #require(
      try PatternLoader().load(path: "\(Locations.samples)/\(name).ahap", diagnostics: &diagnostics))
    let analysis = try PatternAnalysis(pattern)
    var source = try PatternSource(pattern)
    return try SVGPlot(width: width).draw(analysis, waveform: &source)
  }

  /// Collects element names and ids of an SVG document.
  private final class SVGOutline: NSObject, XMLParserDelegate {
    var ids: [String] = []
    var counts: [String: Int] = [:]
    var classes: [String: Int] = [:]
    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      counts[name, default: 0] += 1
      if let id = attributes["id"] { ids.append(id) }
      if let kind = attributes["class"] { classes[kind, default: 0] += 1 }
    }
  }

  private func outline(_ svg: String) throws -> SVGOutline {
    let parser = XMLParser(data: Data(svg.utf8))
    let outline = SVGOutline()
    parser.delegate = outline
    #expect(parser.parse(), "the SVG is not well-formed XML: \(String(describing: parser.parserError))")
    return outline
  }

  @Test func plotHasTheExpectedLanes() throws {
    let breath = try outline(try plot("breath-478"))
    #expect(breath.ids == ["lane-haptic", "lane-intensity", "lane-sharpness", "lane-events", "axis", "legend"])
    #expect(breath.classes["silence"] == 1, "the 7 s hold is shaded")
    // Labelled as designed, from the end of the inhale's EventDuration to the exhale: 4 to 11 s,
    // the inhale's 20 ms release drawn apart at its start.
    #expect(breath.classes["release"] == 1)
    #expect(try plot("breath-478").contains(">silence 7.00 s (0.02 s release)</text>"))
    #expect(breath.classes["bar haptic"] == 2)

    let mixed = try outline(try plot("audio-custom-waveform"))
    #expect(
      mixed.ids == [
        "lane-l-+-haptic", "lane-r-+-haptic", "lane-intensity", "lane-sharpness", "lane-events", "axis", "legend",
      ])
    #expect(mixed.classes["bar audio"] == 2)
    #expect(
      mixed.classes["tick"] == 4, "two transients: one tick in the intensity lane and one in the events lane each")
  }

  /// The texts of an SVG document with their `x`, anchor and class.
  private func texts(_ svg: String) -> [(x: Double, anchor: String, kind: String, text: String)] {
    let pattern = #/<text x="([0-9.]+)" y="[0-9.]+"(?: text-anchor="(\w+)")? class="(\w+)">([^<]*)</text>/#
    return svg.matches(of: pattern).map {
      (Double($0.1) ?? 0, String($0.2 ?? "start"), String($0.3), String($0.4))
    }
  }

  @Test func plotLanesHaveScalesWithUnitsAndGridLines() throws {
    let svg = try plot("breath-478")
    let scales = texts(svg).filter { $0.kind == "scale" }.map(\.text)
    #expect(scales.filter { $0 == "+1" }.count == 1 && scales.filter { $0 == "−1" }.count == 1)
    #expect(scales.contains("full scale") && scales.filter { $0 == "0…1" }.count == 2)
    #expect(scales.filter { $0 == "0.5" }.count == 2, "intensity and sharpness, 0…1")
    let profile = SignalProfile.preview
    #expect(scales.contains("\(Int(profile.frequency(sharpness: 0))) Hz"))
    #expect(scales.contains("\(Int(profile.frequency(sharpness: 1))) Hz"))
    let ticks = texts(svg).filter { $0.anchor == "middle" && $0.kind == "small" && Double($0.text) != nil }
    #expect(try outline(svg).classes["grid"] == ticks.count - 1, "a grid line at every time tick but 0")
    let legend = texts(svg).filter { $0.kind == "small" }.map(\.text)
    #expect(["haptic continuous", "audio", "release tail", "transient"].allSatisfy(legend.contains))
    #expect(legend.contains { $0.hasPrefix("labels: I intensity as it sounds, S sharpness") })
  }

  /// No label passes the right edge of the picture; a transient's last label turns left.
  @Test func labelsStayInsideThePicture() throws {
    for name in ["session-complete", "tap-buzz-tap", "audio-custom-waveform", "heartbeat"] {
      let svg = try plot(name, width: 600)
      let width = try #require(svg.firstMatch(of: #/width="([0-9.]+)"/#).flatMap { Double($0.1) })
      for text in texts(svg) where text.kind == "small" {
        let extent = Double(text.text.count) * 5.5
        let right = text.anchor == "end" ? text.x : text.anchor == "middle" ? text.x + extent / 2 : text.x + extent
        #expect(right <= width, "\(name): '\(text.text)' ends at \(right) of \(width)")
      }
    }
    let last = try #require(texts(try plot("session-complete", width: 600)).last { $0.text.hasPrefix("I 0.33") })
    #expect(last.anchor == "end")
  }

  @Test func transientOnlyPatternShowsSharpnessAsPoints() throws {
    let shape = try outline(try plot("session-complete"))
    #expect(shape.classes["point"] == 3)
    #expect(shape.classes["tick"] == 6, "three in the intensity lane, three in the events lane")
  }

  @Test func longTitlesAreCutToTheWidth() throws {
    let title = String(repeating: "a long description ", count: 20)
    let pattern = try PatternFixtures.pattern(
      "{\"Metadata\": {\"Description\": \"\(title)\"}, \"Pattern\": [\(PatternFixtures.event("HapticTransient", time: 0))]}"
    )
    var source = try PatternSource(pattern)
    let svg = try SVGPlot(width: 200).draw(try PatternAnalysis(pattern), waveform: &source)
    let shown = try #require(svg.firstMatch(of: #/class="title">([^<]*)</#)).1
    #expect(shown.hasSuffix("…") && Double(shown.count) * 7.5 <= 200 + SVGPlot.margin + SVGPlot.rightMargin)
  }

  /// The waveform's columns and the time axis agree: frame n of N falls in column n × columns / N.
  @Test func envelopeColumnsFollowTheTimeAxis() throws {
    var samples = [Float](repeating: 0, count: 14_779)
    for frame in [0, 7_200, 14_400, 14_778] { samples[frame] = 1 }
    var source = OneBlockSource(samples: samples)
    let envelope = try EnvelopeSummary(of: &source, columns: 1_200)
    let columns = envelope.maximum[0].indices.filter { envelope.maximum[0][$0] == 1 }
    #expect(columns == [0, 7_200 * 1_200 / 14_779, 14_400 * 1_200 / 14_779, 1_199])
  }

  @Test func plotSizeDoesNotGrowWithDuration() throws {
    let short = try plot("session-complete").utf8.count
    let long = try plot("box-breathing").utf8.count
    #expect(long < short * 3)
  }

  @Test func longSessionPlotStaysReadable() throws {
    var elements: [String] = []
    for cycle in 0..<40 {
      let start = Double(cycle) * 19
      elements.append(PatternFixtures.event("HapticContinuous", time: start, duration: 4, ["HapticIntensity": 0.8]))
      elements.append(
        PatternFixtures.event("HapticContinuous", time: start + 11, duration: 8, ["HapticIntensity": 0.8]))
    }
    let pattern = try PatternFixtures.pattern(PatternFixtures.document(elements.joined(separator: ",")))
    var options = RenderOptions()
    options.sampleRate = 2_000
    let analysis = try PatternAnalysis(pattern, options: options)
    var source = try PatternSource(pattern, options: options)
    let svg = try SVGPlot(width: 1_200).draw(analysis, waveform: &source)
    let shape = try outline(svg)
    #expect(shape.classes["small"] ?? 0 < 40, "labels that cannot fit are left out")
    #expect(shape.classes["bar haptic"] == 80)
    let eventsLane = try #require(svg.split(separator: "\n").first { $0.hasPrefix("<g id=\"lane-events\">") })
    #expect(eventsLane.contains("height=\"36.0\""), "two rows: inhales, and exhales whose tails touch the next inhale")
  }

  @Test func plotMatchesItsSnapshot() throws {
    let svg = try plot("tap-buzz-tap", width: 400)
    #expect(try plot("tap-buzz-tap", width: 400) == svg, "plots are deterministic")
    try Snapshot.expect(svg, matches: "tap-buzz-tap.svg")
  }
}

/// Delivers one channel of samples as a single block.
private struct OneBlockSource: FrameSource {
  var samples: [Float]
  var delivered = false
  let sampleRate = 48_000
  let channelCount = 1
  var frameCount: Int { samples.count }

  mutating func read(into block: inout AudioBlock) throws -> Bool {
    guard !delivered else { return false }
    delivered = true
    block = AudioBlock(channels: [samples])
    return true
  }
}
