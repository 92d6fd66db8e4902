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

/// `lint` and `info`: their findings and figures, checked against crafted inputs and the
/// renderer's own output (the plot's are in ``PlotTests``).
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
}
