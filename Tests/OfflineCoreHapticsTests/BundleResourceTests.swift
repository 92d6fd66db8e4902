import HapticRender
import OfflineCoreHaptics
import Testing
import _HapticRenderTestSupport

/// Patterns and waveforms kept as resources of a bundle, as apps keep them: this test target's
/// `Resources` (`Bundle.module`) hold `Knocks.ahap`, whose `AudioCustom` events name
/// `knock.wav` by a relative path.
@Suite struct BundleResourceTests {
  /// The folder of this test file's resources, which a test adds to
  /// ``OfflineHaptics/resourceFolders``.
  static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources")
    .path

  static func knocks() throws -> URL {
    try #require(Bundle.module.url(forResource: "Knocks", withExtension: "ahap"))
  }

  /// Two knocks 0.5 s apart, the second with a tap.
  static func expectKnocks(_ samples: [Float], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let bursts = Measured.bursts(samples)
    #expect(bursts.count == 2, "\(bursts.map(\.onset))", sourceLocation: sourceLocation)
    #expect(bursts.count == 2 && abs(bursts[1].onset - 0.5) < 0.002, sourceLocation: sourceLocation)
    #expect(bursts.allSatisfy { $0.peak > 0.1 }, sourceLocation: sourceLocation)
  }

  /// `CHHapticPattern(contentsOf:)` finds the waveform beside the pattern in the bundle.
  @Test func aBundledPatternFindsItsWaveformBesideIt() throws {
    let engine = try CHHapticEngine()
    try engine.start()
    try engine.playPattern(from: Self.knocks())
    engine.advance(by: 1)
    let samples = try Measured.samples(engine)
    Self.expectKnocks(samples)
    #expect(samples == (try Measured.samples(CHHapticPattern(contentsOf: Self.knocks()))))
  }

  /// Read as a dictionary, the pattern has no folder of its own: its waveform is looked for in
  /// the working directory and `Bundle.main`, where a device would find it, and then in
  /// ``OfflineHaptics/resourceFolders``; the error names every place looked in.
  @Test func aDictionarysWaveformIsFoundInTheResourceFolders() throws {
    let dictionary = try JSONSerializationTests.dictionary(contentsOf: Self.knocks())
    let missing = #expect(throws: CHHapticError.self) { try CHHapticPattern(dictionary: dictionary) }
    let message = missing?.message ?? ""
    #expect(message.contains("waveform \"knock.wav\" not found; looked in"), "\(message)")
    if let main = Bundle.main.resourcePath { #expect(message.contains("'\(main)/knock.wav'"), "\(message)") }

    let before = OfflineHaptics.resourceFolders
    OfflineHaptics.resourceFolders.append(Self.resources)
    defer { OfflineHaptics.resourceFolders = before }
    let pattern = try CHHapticPattern(dictionary: dictionary)
    let samples = try Measured.samples(pattern)
    Self.expectKnocks(samples)
    #expect(samples == (try Measured.samples(CHHapticPattern(contentsOf: Self.knocks()))))
    let waveforms = pattern.pattern.events.compactMap(\.waveform?.path)
    #expect(waveforms.count == 2 && waveforms.allSatisfy { $0.hasPrefix(Self.resources) }, "\(waveforms)")
  }
}
