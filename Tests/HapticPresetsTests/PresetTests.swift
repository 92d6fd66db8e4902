import Foundation
import HapticAnalysis
import HapticFiles
import HapticInspection
import HapticPipeline
import HapticPresets
import HapticReader
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// The preset library measured on its renders: onsets, levels, the intensity gain, export.
@Suite struct PresetTests {
  static let presets = PresetCatalog.presets
  static let rate = 48_000

  static func render(_ pattern: some RenderablePattern) throws -> [Float] {
    var options = RenderOptions()
    options.sampleRate = rate
    return try Render.toMemory(pattern, options: options).channels[0]
  }

  /// Every tap starts within 1 ms of its time, and the taps' peaks follow intensity² (the
  /// default profile's amplitude law; docs/signal-model.md §3.5: transient peak A(I) ± 1e-3).
  @Test(arguments: presets.map(\.id))
  func tapsSoundAtTheirTimesWithTheirLevels(_ id: String) throws {
    let preset = try #require(PresetCatalog.presets(named: id).first)
    let samples = try Self.render(preset.pattern())
    let bursts = Signal.bursts(samples, minimumGap: Self.rate / 500)
    #expect(bursts.count == preset.taps.count, "\(bursts)")
    for (tap, burst) in zip(preset.taps, bursts) {
      let onset = Double(burst.lowerBound) / Double(Self.rate)
      #expect(abs(onset - tap.time) <= 0.001, "\(id): tap at \(tap.time) s sounds at \(onset) s")
      let peak = Signal.peak(samples[burst])
      let level = tap.intensity * tap.intensity
      // A buzz that holds its level for less than half a carrier period (after its 20 ms attack)
      // peaks where the sine's crest meets the envelope: within 5 % below the level, by phase.
      let halfPeriod = 0.5 / SignalProfile.preview.frequency(sharpness: tap.sharpness)
      if let duration = tap.duration, duration - 0.020 < halfPeriod {
        #expect(peak <= level + 2e-3 && peak >= 0.95 * level, "\(id): peak \(peak) for intensity \(tap.intensity)")
      } else {
        #expect(abs(peak - level) <= 2e-3, "\(id): peak \(peak) for intensity \(tap.intensity)")
      }
    }
  }

  @Test func notificationErrorIsFourTapsTheThirdStrongestAndTheFourthWeakest() throws {
    for family in ["ios", "expo-android"] {
      let preset = try #require(PresetCatalog.presets(named: "\(family)/notification.error").first)
      let samples = try Self.render(preset.pattern())
      let peaks = Signal.bursts(samples, minimumGap: Self.rate / 500).map { Signal.peak(samples[$0]) }
      if family == "ios" {
        #expect(peaks.count == 4)
        #expect(peaks[2] == peaks.max())
        #expect(peaks[3] == peaks.min())
      } else {
        #expect(peaks.count == 3)  // expo-haptics ≥ 12.8 plays three pulses, the middle one weakest
        #expect(peaks[1] == peaks.min())
      }
    }
    let success = try Self.render(try #require(PresetCatalog.presets(named: "notification.success").first).pattern())
    let successPeaks = Signal.bursts(success, minimumGap: Self.rate / 500).map { Signal.peak(success[$0]) }
    #expect(successPeaks.count == 2 && successPeaks[1] > successPeaks[0])
    let warning = try Self.render(try #require(PresetCatalog.presets(named: "notification.warning").first).pattern())
    let warningPeaks = Signal.bursts(warning, minimumGap: Self.rate / 500).map { Signal.peak(warning[$0]) }
    #expect(warningPeaks.count == 2 && warningPeaks[0] > warningPeaks[1])
  }

  /// `impactOccurred(intensity: 0.5)` quarters the amplitude under the default profile.
  @Test(arguments: presets.map(\.id))
  func intensityIsAGainOnEveryEvent(_ id: String) throws {
    let preset = try #require(PresetCatalog.presets(named: id).first)
    let full = try Self.render(preset.pattern())
    let half = try Self.render(preset.pattern(intensity: 0.5))
    #expect(half.count == full.count)
    let error = zip(full, half).map { abs(Double($0) / 4 - Double($1)) }.max() ?? 1
    #expect(error < 1e-6)
    #expect(Signal.peak(half[...]) > 0)
    #expect(try Self.render(preset.pattern(intensity: 7)) == full)  // clamped to 1
    #expect(try Self.render(preset.pattern(intensity: -1)).allSatisfy { $0 == 0 })
  }

  /// The AHAP export reads back to the same samples, and `render lint` finds nothing in it.
  @Test(arguments: presets.map(\.id))
  func exportRendersTheSameAndIsLintClean(_ id: String) throws {
    let preset = try #require(PresetCatalog.presets(named: id).first)
    let pattern = preset.pattern(intensity: 0.7)
    let folder = try TemporaryFolder()
    let path = "\(folder.path)/\(preset.name).ahap"
    try TextFile.write(pattern.ahapText(), to: path)
    let diagnostics = PatternLinter.check(path: path, loader: PatternLoader(), treatsWarningsAsErrors: true)
    #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
    var readDiagnostics = Diagnostics()
    let read = try #require(try PatternLoader().load(path: path, diagnostics: &readDiagnostics))
    #expect(try Self.render(read) == Self.render(pattern))
    #expect(read.events.map(\.path.description) == pattern.events.map(\.path.description))
  }

  @Test func namesResolveWithTheIOSFamilyAsDefaultAndTyposGetASuggestion() throws {
    #expect(try PresetCatalog.presets(named: "impact.light").map(\.id) == ["ios/impact.light"])
    #expect(try PresetCatalog.presets(named: "android").count == 7)
    #expect(Set(try PresetCatalog.presets(named: "ios").map(\.name)).count == 9)
    let typo = #expect(throws: PresetCatalog.LookupError.self) { try PresetCatalog.presets(named: "impact.ligth") }
    #expect(typo?.suggestion == "impact.light")
    let otherFamily = #expect(throws: PresetCatalog.LookupError.self) { try PresetCatalog.presets(named: "click") }
    #expect(otherFamily?.description == "unknown preset \"click\"; did you mean \"android/click\"?")
    #expect(Set(PresetCatalog.presets.map(\.id)).count == PresetCatalog.presets.count)
  }

  /// An Android waveform becomes one continuous event per pulse; joined segments make one.
  @Test func androidWaveformsBecomeContinuousEvents() throws {
    let taps = PresetFamily.androidWaveform([0, 30, 40, 30, 50, 60], [255, 255, 255, 255, 255, 255])
    #expect(taps == [Preset.Tap(time: 0, intensity: 1, sharpness: 0.5, duration: 0.21)])
    let error = PresetFamily.androidWaveform([0, 27, 45, 50], [0, 120, 0, 250])
    #expect(error.map(\.time) == [0, 0.072] && error.map(\.duration) == [0.027, 0.05])
    let samples = try Self.render(
      try #require(PresetCatalog.presets(named: "expo-android-12.7/notification.warning").first).pattern())
    let bursts = Signal.bursts(samples, minimumGap: Self.rate / 500)
    #expect(bursts.count == 1)
    // 210 ms held, then the default release, T(0) = 20 ms (docs/signal-model.md §3.3)
    #expect(abs(Double(bursts[0].count) / Double(Self.rate) - 0.230) < 0.001)
  }

  /// A preset is an ordinary pattern: info, plot and compare take it as they take a file's.
  @Test func inspectionAndComparisonWorkOnPresets() throws {
    let pattern = try #require(try PresetCatalog.presets(named: "notification.error").first).pattern()
    let analysis = try PatternAnalysis(pattern)
    let info = PatternInfo(file: "ios/notification.error", analysis: analysis)
    #expect(info.events == ["HapticTransient": 4])
    #expect(abs(info.peak - 1) < 2e-3)  // the third tap, intensity 1
    #expect(info.metadata["Approximation"] == PresetFamily.ios.caveat)
    var plotted = try PatternSource(pattern)
    let svg = try SVGPlot(width: 600).draw(analysis, waveform: &plotted)
    #expect(svg.components(separatedBy: "class=\"tick\"><title>I ").count - 1 == 4)  // one mark per tap
    var expected = try PatternSource(pattern)
    var quieter = try PatternSource(
      try #require(try PresetCatalog.presets(named: "notification.error").first).pattern(intensity: 0.9))
    let report = try Comparison.compare(expected: &expected, actual: &quieter, names: ("full", "0.9"))
    #expect(!report.passed)
    var same = try PatternSource(pattern)
    var again = try PatternSource(pattern)
    #expect(try Comparison.compare(expected: &same, actual: &again, names: ("a", "b")).passed)
  }
}
