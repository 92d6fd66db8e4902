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

/// `lint`, `info` and `plot`: their findings and figures, checked against crafted inputs and
/// the renderer's own output.
@Suite struct InspectionTests {
  private typealias F = PatternFixtures

  private func analysis(_ json: String) throws -> PatternAnalysis {
    try PatternAnalysis(try F.pattern(json))
  }

  private func lint(_ json: String) throws -> [String] {
    var diagnostics = Diagnostics()
    PatternLinter.lint(try analysis(json), file: "t.ahap", diagnostics: &diagnostics)
    return diagnostics.all.map { "\($0.path): \($0.message)" }
  }

  // MARK: - lint

  /// docs/signal-model.md §2.3: a control left at 0 silences every later event; lint names the
  /// control and when it reached 0 (or within 1 % of it), on its ramp, not where its curve starts.
  @Test func eventsAControlSilencesAreFlagged() throws {
    let elements = [
      F.event("HapticContinuous", duration: 2),
      F.curve("HapticIntensityControl", [(0, 1), (2, 0)]),  // within 1 % of 0 from 1.98 s
      F.event("HapticTransient", time: 3),
      F.parameter("HapticIntensityControl", time: 3.5, 1),
      F.parameter("HapticIntensityControl", time: 4, 0.005),
      F.event("HapticTransient", time: 4.5),
    ]
    let findings = try lint(F.document(elements.joined(separator: ",")))
    #expect(
      findings == [
        "Pattern[2].Event: silent: HapticIntensityControl holds it at 0 (reached at 1.98 s), and controls apply to every event of the pattern; set the control back before this event",
        "Pattern[5].Event: silent: HapticIntensityControl holds it at 0 (reached at 4.00 s), and controls apply to every event of the pattern; set the control back before this event",
      ])
    let silencing = try analysis(F.document(elements.joined(separator: ",")))
    let silenced = silencing.silencedEvents
    #expect(silenced.map(\.event) == [1, 2])  // indices in pattern.events
    #expect(abs(silenced[0].since - 1.98) < 1e-9, "\(silenced[0].since)")
    #expect(
      PatternInfo(file: "t.ahap", analysis: silencing).silencedEvents == [
        "Pattern[2].Event at 3.00 s (HapticIntensityControl 0 since 1.98 s)",
        "Pattern[5].Event at 4.50 s (HapticIntensityControl 0 since 4.00 s)",
      ])
    let restored = try lint(
      F.document(
        F.event("HapticContinuous", duration: 2), F.curve("HapticIntensityControl", [(0, 1), (2, 0)]),
        F.parameter("HapticIntensityControl", time: 3, 1), F.event("HapticTransient", time: 3)))
    #expect(restored.isEmpty)
  }

  /// A continuous event counts as silenced only if the control stays near 0 while it sounds,
  /// and the time is where the control came down before it.
  @Test func aSilencedContinuousEventNamesWhenTheControlReachedZero() throws {
    let silenced = try analysis(
      F.document(
        F.curve("HapticIntensityControl", time: 1, [(0, 1), (1, 0.5), (3, 0)]),  // 0.01 at 3.96 s
        F.event("HapticContinuous", time: 5, duration: 1))
    ).silencedEvents
    #expect(silenced.count == 1)
    #expect(abs((silenced.first?.since ?? 0) - 3.96) < 1e-9)
    #expect(
      try analysis(
        F.document(
          F.curve("HapticIntensityControl", time: 1, [(0, 1), (1, 0.5), (3, 0)]),
          F.event("HapticContinuous", time: 3, duration: 2))
      ).silencedEvents.isEmpty)
  }

  @Test func sharpnessControlWithoutContinuousEventsIsFlagged() throws {
    let findings = try lint(F.document(F.event("HapticTransient"), F.parameter("HapticSharpnessControl", time: 0, 0.3)))
    #expect(
      findings == [
        "Pattern[1].Parameter: HapticSharpnessControl has no effect here: the pattern has no HapticContinuous event, and transients keep their own sharpness"
      ])
    #expect(
      try lint(
        F.document(F.event("HapticContinuous", duration: 1), F.parameter("HapticSharpnessControl", time: 0, 0.3))
      ).isEmpty)
  }

  @Test func overlappingContinuousEventsOfOneSharpnessAreFlagged() throws {
    let same = try lint(
      F.document(
        F.event("HapticContinuous", duration: 1, ["HapticSharpness": 0.4]),
        F.event("HapticContinuous", time: 0.5, duration: 1, ["HapticSharpness": 0.4])))
    #expect(
      same == [
        "Pattern[1].Event: overlaps Pattern[0].Event (0.00–1.00 s) with the same sharpness 0.4; on a device the two merge into one vibration"
      ])
    let different = try lint(
      F.document(
        F.event("HapticContinuous", duration: 1, ["HapticSharpness": 0.4]),
        F.event("HapticContinuous", time: 0.5, duration: 1, ["HapticSharpness": 0.6])))
    #expect(different.isEmpty)
    let backToBack = try lint(
      F.document(
        F.event("HapticContinuous", duration: 1, ["HapticSharpness": 0.4]),
        F.event("HapticContinuous", time: 1, duration: 1, ["HapticSharpness": 0.4])))
    #expect(backToBack.isEmpty)
  }

  @Test func longSilenceIsFlagged() throws {
    let findings = try lint(F.document(F.event("HapticTransient"), F.event("HapticTransient", time: 12)))
    #expect(findings.count == 1)
    #expect(findings[0].hasPrefix("Pattern[1].Event: starts after 11.99 s of silence"))
    #expect(try lint(F.document(F.event("HapticTransient"), F.event("HapticTransient", time: 9))).isEmpty)
  }

  /// Apple documents no waveform formats for AHAP; the warning names the source it follows.
  @Test func waveformFormatsApplesPluginWarnsAboutAreFlagged() throws {
    var pattern = try F.pattern(F.document(F.event("HapticTransient")))
    pattern.events.append(
      Event(
        type: .audioCustom, time: 0, duration: 0.1, parameters: [:],
        waveform: Waveform(path: "sounds/boom.ogg"),
        position: TextPosition(line: 3, column: 5), path: JSONPath([.key("Pattern"), .index(1), .key("Event")])))
    let analysis = try PatternAnalysis(
      LoadedPattern(pattern, waveforms: ["sounds/boom.ogg": SampledAudio(channels: [[0.5, 0.5]], sampleRate: 48_000)]))
    var diagnostics = Diagnostics()
    PatternLinter.lint(analysis, file: "t.ahap", diagnostics: &diagnostics)
    #expect(
      diagnostics.all.map(\.description) == [
        "t.ahap:3:5: warning: Pattern[1].Event.EventWaveformPath: Apple documents no waveform formats for AHAP, and Apple's Core Haptics Unity plug-in warns about '.ogg' files (it accepts WAV, AIFF, CAF, M4A, MP3 and a few more); use WAV, AIFF or CAF [waveform-format]"
      ])
  }

  @Test func cleanSamplesHaveNoLintFindings() throws {
    for name in ["breath-478", "heartbeat", "session-complete", "sharpness-glide", "audio-custom-waveform"] {
      var diagnostics = Diagnostics()
      let pattern = try #require(
        try PatternLoader().load(path: "\(Locations.samples)/\(name).ahap", diagnostics: &diagnostics))
      PatternLinter.lint(
        try PatternAnalysis(pattern), file: name,
        diagnostics: &diagnostics)
      #expect(diagnostics.all.isEmpty, "\(name): \(diagnostics.all)")
    }
  }

  // MARK: - info

  @Test func patternInfoMatchesTheRender() throws {
    var diagnostics = Diagnostics()
    let pattern = try #require(
      try PatternLoader().load(path: "\(Locations.samples)/tap-buzz-tap.ahap", diagnostics: &diagnostics))
    let info = PatternInfo(
      file: "tap-buzz-tap.ahap", analysis: try PatternAnalysis(pattern))
    let audio = try Render.toMemory(pattern)
    #expect(info.duration == Double(audio.report.frameCount) / 48_000)
    #expect(info.events == ["HapticTransient": 2, "HapticContinuous": 1])
    #expect(info.polyphony == 1)  // the first tap ends after 11 ms, the buzz's tail at 0.62 s
    let samples = audio.channels[0]
    let loudest = samples.indices.max { abs(samples[$0]) < abs(samples[$1]) } ?? 0
    #expect(abs(info.peak - Double(abs(samples[loudest]))) < 1e-6)
    #expect(abs(info.peakTime - Double(loudest) / 48_000) < 1e-9)
    #expect(info.metadata["Project"] == "render samples")
  }

  @Test func polyphonyCountsOverlaps() throws {
    let three = try analysis(
      F.document(
        F.event("HapticContinuous", duration: 1), F.event("HapticContinuous", time: 0.2, duration: 1),
        F.event("HapticTransient", time: 0.5), F.event("HapticTransient", time: 3)))
    #expect(three.polyphony == 3)
  }

  @Test func audioFileInfoMeasuresEachChannel() throws {
    let folder = try TemporaryFolder()
    let path = "\(folder.path)/x.wav"
    var diagnostics = Diagnostics()
    let pattern = try #require(
      try PatternLoader().load(path: "\(Locations.samples)/audio-tone.ahap", diagnostics: &diagnostics))
    var options = RenderOptions()
    options.layout = .audio
    let audio = try Render.toMemory(pattern, options: options)
    try Render.toFile(
      pattern, options: options, destination: .file(path), format: AudioFileFormat(.wav, encoding: .float))
    let info = try AudioFileInfo(path: path)
    #expect(info.channels == 2 && info.frames == audio.report.frameCount && info.sampleRate == 48_000)
    #expect(abs(info.peak[0] - Signal.peak(audio.channels[0][...])) < 1e-7)
    #expect(abs(info.rms[1] - Signal.rms(audio.channels[1][...])) < 1e-7)
  }

  // MARK: - plot

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
