import HapticRender
import OfflineCoreHaptics
import Testing
import _HapticRenderTestSupport

/// `CHHapticPattern.write(to:)`, an addition of this module: what code builds, as an AHAP file
/// that `render lint`, `plot` and `preview` read.
@Suite struct PatternFileTests {
  /// The breath built in code, written, lints clean and reads back to the same sound.
  @Test func aPatternBuiltInCodeWritesAsAnAHAPFile() throws {
    let folder = try TemporaryFolder()
    let url = URL(fileURLWithPath: "\(folder.path)/breath.ahap")
    let pattern = try PatternTests.breath()
    try pattern.write(to: url)

    let diagnostics = PatternLinter.check(path: url.path, loader: PatternLoader())
    #expect(diagnostics.all.isEmpty, "\(diagnostics.all.map(\.description))")
    let read = try CHHapticPattern(contentsOf: url)
    #expect(try Measured.samples(read) == Measured.samples(pattern))
    #expect(read.pattern.events.count == 2 && read.pattern.curves.count == 2)
  }

  /// A session an engine recorded, with a registered audio file, writes too; the waveform is
  /// named by the path it was found at.
  @Test func aRecordedSessionWritesWithItsWaveforms() throws {
    let folder = try TemporaryFolder()
    let engine = try CHHapticEngine()
    let knock = try engine.registerAudioResource(URL(fileURLWithPath: "\(Locations.samples)/knock.wav"))
    let events = [
      Measured.tap(1), CHHapticEvent(audioResourceID: knock, parameters: [], relativeTime: 0.25),
    ]
    try engine.makePlayer(with: CHHapticPattern(events: events, parameters: [])).start(atTime: 0)
    engine.advance(by: 1)
    try engine.makePlayer(with: CHHapticPattern(events: [Measured.tap(0.5)], parameters: [])).start(atTime: 0)
    let url = URL(fileURLWithPath: "\(folder.path)/session.ahap")
    try engine.recordedPattern.write(to: url)

    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.contains("\"EventWaveformPath\": \"\(Locations.samples)/knock.wav\""), "\(text)")
    #expect(PatternLinter.check(path: url.path, loader: PatternLoader()).all.filter { $0.severity == .error }.isEmpty)
    let samples = try Measured.samples(CHHapticPattern(contentsOf: url))
    #expect(samples == (try Measured.samples(engine)))
    #expect(Measured.bursts(samples).map(\.onset).first.map { $0 < 0.001 } == true)
  }

  /// A file that cannot be written throws Core Haptics' error, naming it.
  @Test func anUnwritableFileThrows() throws {
    let pattern = try CHHapticPattern(events: [Measured.tap(1)], parameters: [])
    let failure = #expect(throws: CHHapticError.self) {
      try pattern.write(to: URL(fileURLWithPath: "/nonexistent-folder/tap.ahap"))
    }
    #expect(failure?.code == .operationNotPermitted)
    #expect(failure?.message.contains("/nonexistent-folder/tap.ahap") == true)
  }
}
