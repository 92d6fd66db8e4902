import HapticInspection
import HapticPipeline
import HapticReader
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// The patterns in `samples/`: each renders, and the breathing sample keeps its timing.
@Suite struct SampleTests {
  static let names: [String] = {
    Locations.files(in: Locations.samples, withExtension: "ahap").map { String($0.split(separator: "/").last ?? "") }
  }()

  @Test func samplesFolderHasTheDocumentedPatterns() {
    for name in [
      "breath-478.ahap", "box-breathing.ahap", "session-complete.ahap", "heartbeat.ahap", "sharpness-glide.ahap",
    ] {
      #expect(Self.names.contains(name), "samples/\(name) is missing")
    }
  }

  /// Every event of every sample is heard: some sample of its span is non-zero.
  @Test(arguments: names)
  func everyEventOfTheSampleIsAudible(_ name: String) throws {
    var diagnostics = Diagnostics()
    let pattern = try #require(
      try PatternLoader().load(path: "\(Locations.samples)/\(name)", diagnostics: &diagnostics))
    var options = RenderOptions()
    options.sampleRate = 8_000
    let audio = try Render.toMemory(pattern, options: options)
    #expect(audio.report.frameCount > 0)
    for span in try PatternAnalysis(pattern, options: options).spans {
      let frames = Int(span.start * 8_000)..<min(Int((span.end * 8_000).rounded(.up)) + 1, audio.report.frameCount)
      let peak = audio.channels.map { Signal.peak($0[frames]) }.max() ?? 0
      #expect(peak > 1e-3, "\(name): \(pattern.events[span.event].path) at \(span.start) s is silent")
    }
  }

  /// docs/signal-model.md §6.14: boundaries of the 4-7-8 cycle at 4.00 s and 11.00 s, silence in the hold.
  @Test func breathingCycleKeepsItsBoundaries() throws {
    var diagnostics = Diagnostics()
    let pattern = try #require(
      try PatternLoader().load(path: "\(Locations.samples)/breath-478.ahap", diagnostics: &diagnostics))
    let audio = try Render.toMemory(pattern)
    let samples = audio.channels[0]
    let window = 480  // 10 ms RMS windows
    let rms = stride(from: 0, to: samples.count - window, by: window).map { Signal.rms(samples[$0..<$0 + window]) }
    let threshold = 1e-4
    let holdStart = try #require(rms.indices.first { $0 > 100 && rms[$0] < threshold })
    let exhaleStart = try #require(rms.indices.first { $0 > holdStart && rms[$0] >= threshold })
    let holdStartSeconds = Double(holdStart * window) / 48_000
    let exhaleStartSeconds = Double(exhaleStart * window) / 48_000
    #expect(abs(holdStartSeconds - 4.0) <= 0.02, "inhale ends at \(holdStartSeconds) s")
    #expect(abs(exhaleStartSeconds - 11.0) <= 0.02, "exhale starts at \(exhaleStartSeconds) s")
    #expect(samples[Int(4.03 * 48_000)..<Int(11.0 * 48_000)].allSatisfy { $0 == 0 }, "the hold is silent")
    let seconds: Double = Double(samples.count) / 48_000
    #expect(abs(seconds - 19.02) < 0.001)
    // The inhale swells and the exhale fades.
    #expect(rms[100] < rms[300] && rms[300] < rms[390])
    #expect(rms[1110] > rms[1500] && rms[1500] > rms[1850])
  }
}

/// Property 18 over the samples: no step between consecutive samples of the haptic channel
/// exceeds the voices' own slope bound by more than 10 % (docs/signal-model.md §6.18, §8): no
/// sample clicks.
@Suite struct SampleSlopeTests {
  @Test(arguments: SampleTests.names)
  func noSampleStepsAboveTheCarriersSlope(_ name: String) throws {
    var diagnostics = Diagnostics()
    let pattern = try #require(
      try PatternLoader().load(path: "\(Locations.samples)/\(name)", diagnostics: &diagnostics))
    let haptic = pattern.pattern.events.filter(\.type.isHaptic)
    guard !haptic.isEmpty else { return }
    var options = RenderOptions()
    options.layout = .haptic
    let samples = try Render.toMemory(pattern, options: options).channels[0]
    // The highest carrier any haptic event can reach, and the transient fade's steepest slope.
    let sharpnessControl = ControlTimeline(.hapticSharpnessControl, in: pattern.pattern).largestValue ?? 0
    let highest = haptic.map { min(max($0.value(of: .hapticSharpness) + sharpnessControl, 0), 1) }.max() ?? 1
    let fadeFactor = haptic.contains { $0.type == .hapticTransient } ? (4.0 / 3).squareRoot() : 1
    let bound =
      2 * Double.pi * SignalProfile.preview.frequency(sharpness: highest) / 48_000 * fadeFactor
      * Signal.peak(samples[...])
    let largest = zip(samples, samples.dropFirst()).map { abs(Double($1) - Double($0)) }.max() ?? 0
    #expect(largest <= 1.1 * bound, "\(name): largest step \(largest), bound \(bound)")
  }
}
