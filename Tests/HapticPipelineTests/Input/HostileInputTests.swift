import Foundation
import HapticAudio
import HapticFiles
import HapticInspection
import HapticModel
import HapticPipeline
import HapticReader
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// Whatever the bytes: a diagnostic or a render, never a crash, a hang or unbounded memory.
@Suite struct HostileInputTests {
  static let fuzzFixtures =
    (try? FileManager.default.contentsOfDirectory(atPath: "\(Locations.packageRoot)/Tests/Fixtures/fuzz"))?.sorted()
    ?? []

  /// Every input kept from fuzzing (and the hand-made hostile ones) is handled cleanly, and the
  /// two readers agree on it.
  @Test(arguments: fuzzFixtures)
  func keptInputNeverCrashes(_ name: String) throws {
    let path = "\(Locations.packageRoot)/Tests/Fixtures/fuzz/\(name)"
    var diagnostics = Diagnostics()
    let bytes = try FileSystem.readAll(path, limit: InputLimits().patternBytes)
    let disagreement = ReaderAgreement.disagreement(on: bytes)
    #expect(disagreement == nil, "\(disagreement ?? "")")
    guard let pattern = Pattern.parse(bytes, file: name, diagnostics: &diagnostics) else {
      #expect(diagnostics.hasErrors)
      #expect(diagnostics.all.allSatisfy { $0.location.line >= 1 && $0.location.column >= 1 })
      return
    }
    var options = RenderOptions()
    options.sampleRate = 8_000
    options.maximumDurationSeconds = 5
    do {
      let analysis = try PatternAnalysis(pattern, options: options)
      PatternLinter.lint(analysis, file: name, diagnostics: &diagnostics)
      let audio = try Render.toMemory(pattern, options: options)
      #expect(audio.channels.allSatisfy { $0.allSatisfy { $0.isFinite && abs($0) <= 1 } })
    } catch is RenderError {
      // Refused with a message: fine.
    }
  }

  @Test func fuzzFixturesArePresent() {
    #expect(Self.fuzzFixtures.count >= 10)
  }

  @Test func diagnosticsAreCapped() throws {
    var diagnostics = Diagnostics()
    let text = "{" + (0..<2_000).map { "\"k\($0)\": 1" }.joined(separator: ",") + ", \"Pattern\": []}"
    #expect(Pattern.parse(Array(text.utf8), file: "t", diagnostics: &diagnostics) != nil)
    #expect(diagnostics.all.count == Diagnostics.maximumKept)
    // 2,000 unknown keys and the warning that the pattern is empty.
    #expect(diagnostics.omittedCount == 2_001 - Diagnostics.maximumKept)
  }

  @Test func tooManyValuesAreRefused() {
    func document(values: Int) -> [UInt8] {
      Array(("{\"Pattern\": [" + String(repeating: "0,", count: values - 3) + "0]}").utf8)
    }
    var refused = Diagnostics()
    #expect(JSONParser.parse(document(values: 1_001), file: "t", valueLimit: 1_000, diagnostics: &refused) == nil)
    #expect(refused.all.first?.message == "invalid JSON: more than 1000 values; the document is refused")
    var accepted = Diagnostics()
    #expect(JSONParser.parse(document(values: 1_000), file: "t", valueLimit: 1_000, diagnostics: &accepted) != nil)
    #expect(JSONParser.maximumValues == 4_000_000)
  }

  @Test func oversizedFilesAreRefusedBeforeReading() throws {
    let folder = try TemporaryFolder()
    let path = "\(folder.path)/big.ahap"
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    let limit = InputLimits().patternBytes
    try handle.truncate(atOffset: UInt64(limit + 1))
    try handle.close()
    var diagnostics = Diagnostics()
    #expect(
      throws: FileSystemError.tooLarge(
        path: path, bytes: limit + 1, limit: limit)
    ) {
      try PatternLoader().load(path: path, diagnostics: &diagnostics)
    }
  }

  @Test func hugeTimesAreRefusedNotRendered() throws {
    let json = PatternFixtures.document(PatternFixtures.event("HapticTransient", time: 1e300))
    #expect(throws: RenderError.durationLimitExceeded(seconds: 1e300, limit: 3_600)) {
      try PatternFixtures.render(json)
    }
    let longTail = PatternFixtures.document(PatternFixtures.event("HapticTransient"))
    #expect(throws: RenderError.self) { try PatternFixtures.render(longTail) { $0.tailSeconds = 4_000 } }
  }

  @Test func absurdDurationLimitsAreOptionErrorsNotCrashes() throws {
    var options = RenderOptions()
    for limit in [1e308, 604_801, .infinity, .nan, 0] {
      options.maximumDurationSeconds = limit
      #expect(throws: RenderError.self, "\(limit)") { try options.validate() }
    }
    options.maximumDurationSeconds = 604_800
    try options.validate()
    let json = PatternFixtures.document(PatternFixtures.event("HapticTransient", time: 1e300))
    #expect(throws: RenderError.durationLimitExceeded(seconds: 1e300, limit: 604_800)) {
      try PatternFixtures.render(json) { $0.maximumDurationSeconds = 604_800 }
    }
    let tail = PatternFixtures.document(PatternFixtures.event("HapticTransient"))
    #expect(throws: RenderError.self) {
      try PatternFixtures.render(tail) {
        $0.maximumDurationSeconds = 604_800
        $0.tailSeconds = 1e300
      }
    }
  }

  @Test func aWaveformLongerThanTheLimitIsRefused() throws {
    let folder = try TemporaryFolder()
    var writer = try AudioFileWriter(
      to: .file("\(folder.path)/slow.wav"), format: AudioFileFormat(.wav, encoding: .pcm16), sampleRate: 1,
      channelCount: 1)
    try writer.write(AudioBlock(channels: [[Float](repeating: 0.5, count: 30)]))
    try writer.finish()
    var diagnostics = Diagnostics()
    let pattern = try #require(
      try PatternLoader().load(
        path: try customPattern(in: folder.path, waveform: "slow.wav"), diagnostics: &diagnostics))
    var options = RenderOptions()
    options.sampleRate = 8_000
    options.maximumDurationSeconds = 20
    #expect(throws: RenderError.durationLimitExceeded(seconds: 30, limit: 20)) {
      try Render.toMemory(pattern, options: options)
    }
    options.maximumDurationSeconds = 31
    #expect(try Render.toMemory(pattern, options: options).report.frameCount == 240_000)
  }

  /// 1,000 long events under a 20,000-point intensity curve: the peak bound is one sweep, not
  /// every curve point for every interval and voice.
  @Test(.timeLimit(.minutes(1)))
  func peakBoundOfManyVoicesUnderALongCurveIsQuick() throws {
    let events = (0..<1_000).map {
      PatternFixtures.event("HapticContinuous", time: Double($0) * 0.001, duration: 10, ["HapticIntensity": 0.5])
    }
    let points = (0..<20_000).map { index -> (Double, Double) in (Double(index) * 0.0005, Double(index % 10) / 10) }
    let json = PatternFixtures.document(
      events.joined(separator: ","), PatternFixtures.curve("HapticIntensityControl", points))
    var options = RenderOptions()
    options.maximumDurationSeconds = 2_000
    let schedule = try Schedule(pattern: try PatternFixtures.pattern(json), options: options)
    // Every voice at intensity 0.5 · 0.9 at once: 1000 · 0.45².
    #expect(abs(schedule.peakBound - 1_000 * 0.45 * 0.45) < 1e-9)
  }

  @Test func peakBoundAddsOnlyVoicesThatSoundTogether() throws {
    func bound(_ elements: String...) throws -> Double {
      try Schedule(
        pattern: try PatternFixtures.pattern("{\"Pattern\": [\(elements.joined(separator: ","))]}"),
        options: RenderOptions()
      )
      .peakBound
    }
    let loud = PatternFixtures.event("HapticContinuous", time: 0, duration: 1, ["HapticIntensity": 1])
    let half = PatternFixtures.event("HapticContinuous", time: 0.5, duration: 1, ["HapticIntensity": 0.5])
    let after = PatternFixtures.event("HapticContinuous", time: 2, duration: 1, ["HapticIntensity": 0.5])
    #expect(try bound(loud, half) == 1.25)
    #expect(try bound(loud, after) == 1)
    // An exhale fading to 0 whose release overlaps the next inhale swelling from 0: the two
    // are never loud together, so the limiter is not needed.
    let breath = [
      PatternFixtures.event("HapticContinuous", time: 0, duration: 8, ["HapticIntensity": 0.8]),
      PatternFixtures.curve("HapticIntensityControl", time: 0, [(0, 1), (8, 0)]),
      PatternFixtures.event("HapticContinuous", time: 8, duration: 4, ["HapticIntensity": 0.8]),
      PatternFixtures.curve("HapticIntensityControl", time: 8, [(0, 0), (4, 1)]),
    ]
    #expect(try bound(breath[0], breath[1], breath[2], breath[3]) < 1)
  }

  @Test func excessiveOverlapIsRefused() throws {
    let events = (0..<200).map { PatternFixtures.event("HapticContinuous", time: Double($0) * 0.001, duration: 30) }
    #expect(throws: RenderError.self) {
      try PatternFixtures.render(PatternFixtures.document(events.joined(separator: ","))) {
        $0.maximumDurationSeconds = 60
      }
    }
  }

  // MARK: - Waveform files

  private func customPattern(in folder: String, waveform: String) throws -> String {
    let path = "\(folder)/p.ahap"
    try Data(
      "{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \"\(waveform)\"}}]}"
        .utf8
    )
    .write(to: URL(fileURLWithPath: path))
    return path
  }

  private func writeTone(_ path: String, frames: Int = 4_800) throws {
    let block = AudioBlock(channels: [(0..<frames).map { Float(Sine.of(turns: Double($0) / 48)) * 0.5 }])
    var writer = try AudioFileWriter(
      to: .file(path), format: AudioFileFormat(.wav, encoding: .pcm16), sampleRate: 48_000, channelCount: 1)
    try writer.write(block)
    try writer.finish()
  }

  @Test func sandboxKeepsWaveformsInsideAllowedFolders() throws {
    let folder = try TemporaryFolder()
    let inner = "\(folder.path)/patterns"
    let resources = "\(folder.path)/sounds"
    try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: resources, withIntermediateDirectories: true)
    try writeTone("\(folder.path)/secret.wav")
    try writeTone("\(resources)/ok.wav")
    for waveform in ["../secret.wav", "\(folder.path)/secret.wav"] {
      let pattern = try customPattern(in: inner, waveform: waveform)
      var open = Diagnostics()
      #expect(
        try PatternLoader().load(path: pattern, diagnostics: &open) != nil,
        "without --sandbox any readable file is accepted")
      var sandboxed = Diagnostics()
      #expect(
        try PatternLoader(resourceFolders: [resources], isSandboxed: true).load(path: pattern, diagnostics: &sandboxed)
          == nil
      )
      #expect(
        sandboxed.all.first?.message.contains(
          "is outside the pattern's folder and the resource folders a sandboxed loader allows") == true)
    }
    try FileManager.default.createSymbolicLink(
      atPath: "\(inner)/link.wav", withDestinationPath: "\(folder.path)/secret.wav")
    var linked = Diagnostics()
    #expect(
      try PatternLoader(isSandboxed: true).load(
        path: try customPattern(in: inner, waveform: "link.wav"), diagnostics: &linked) == nil)
    var allowed = Diagnostics()
    #expect(
      try PatternLoader(resourceFolders: [resources], isSandboxed: true).load(
        path: try customPattern(in: inner, waveform: "ok.wav"), diagnostics: &allowed) != nil)
  }

  /// 8,000 frames whose header claims 2 GHz, looped for 50 ms: read from copies halved to
  /// ≤ 8 × the output rate, not with a kernel 41,667 times wider.
  @Test(.timeLimit(.minutes(1)))
  func aWaveformClaimingAGigahertzRateRendersQuickly() throws {
    let folder = try TemporaryFolder()
    let path = "\(folder.path)/fast.wav"
    try writeTone(path, frames: 8_000)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let format = try #require((0..<bytes.count - 4).first { bytes[$0..<$0 + 4] == Array("fmt ".utf8)[...] })
    func store(_ value: UInt32, at offset: Int) {
      for byte in 0..<4 { bytes[offset + byte] = UInt8(truncatingIfNeeded: value >> (8 * byte)) }
    }
    store(2_000_000_000, at: format + 12)
    store(4_000_000_000, at: format + 16)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let ahap = "\(folder.path)/p.ahap"
    try Data(
      PatternFixtures.document(
        "{\"Event\": {\"Time\": 0, \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \"fast.wav\", \"EventDuration\": 0.05, \"EventWaveformLoopEnabled\": true}}"
      ).utf8
    ).write(to: URL(fileURLWithPath: ahap))
    var diagnostics = Diagnostics()
    let pattern = try #require(try PatternLoader().load(path: ahap, diagnostics: &diagnostics))
    #expect(pattern.events[0].waveform.flatMap { pattern.waveforms[$0.path] }?.sampleRate == 2_000_000_000)
    let audio = try Render.toMemory(pattern, options: RenderOptions())
    #expect(audio.report.frameCount == 2_400)
    #expect(audio.channels.allSatisfy { $0.allSatisfy { $0.isFinite && abs($0) <= 1 } })
  }

  /// Four spellings and a hard link of one file decode once: a budget of one decode admits
  /// them all; a smaller one is an error naming the option.
  @Test func waveformsAreDecodedOncePerFileWithinTheMemoryLimit() throws {
    let folder = try TemporaryFolder()
    try writeTone("\(folder.path)/tone.wav", frames: 48_000)
    #expect(link("\(folder.path)/tone.wav", "\(folder.path)/hard.wav") == 0)
    let events = ["tone.wav", "./tone.wav", ".//tone.wav", "\(folder.path)/tone.wav", "hard.wav"].map {
      "{\"Event\": {\"Time\": 0, \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \"\($0)\"}}"
    }
    let path = "\(folder.path)/p.ahap"
    try Data(PatternFixtures.document(events.joined(separator: ",")).utf8).write(to: URL(fileURLWithPath: path))
    var limits = InputLimits()
    limits.waveformBytes = 48_000 * 4
    var once = Diagnostics()
    #expect(try PatternLoader(limits: limits).load(path: path, diagnostics: &once) != nil, "\(once.all)")
    limits.waveformBytes -= 1
    var refused = Diagnostics()
    #expect(try PatternLoader(limits: limits).load(path: path, diagnostics: &refused) == nil)
    #expect(
      refused.all.first?.message
        == "waveform '\(folder.path)/tone.wav' is too large: 48000 frames × 1 channel need 192000 bytes decoded, more than the 191999 bytes left of the memory allowed for waveforms"
    )
  }

  @Test func truncatedAndNonAudioWaveformsAreErrorsNamingTheFile() throws {
    let folder = try TemporaryFolder()
    let wav = "\(folder.path)/cut.wav"
    try writeTone(wav, frames: 48_000)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: wav))
    try handle.truncate(atOffset: 20_000)
    try handle.close()
    var diagnostics = Diagnostics()
    #expect(
      try PatternLoader().load(path: try customPattern(in: folder.path, waveform: "cut.wav"), diagnostics: &diagnostics)
        == nil)
    let message = try #require(diagnostics.all.first?.message)
    #expect(message.hasPrefix("waveform '\(wav)' is truncated or damaged"), "\(message)")

    try Data("not audio at all".utf8).write(to: URL(fileURLWithPath: "\(folder.path)/text.wav"))
    var textDiagnostics = Diagnostics()
    #expect(
      try PatternLoader().load(
        path: try customPattern(in: folder.path, waveform: "text.wav"), diagnostics: &textDiagnostics)
        == nil)
    #expect(
      textDiagnostics.all.first?.message.hasPrefix(
        "waveform '\(folder.path)/text.wav' is not readable audio: cannot open") == true)
  }

  @Test func curvePointsVeryCloseTogetherStayFinite() throws {
    let audio = try PatternFixtures.render(
      PatternFixtures.document(
        PatternFixtures.event("HapticContinuous", time: .leastNonzeroMagnitude, duration: 0.1),
        PatternFixtures.curve("HapticSharpnessControl", [(0, 1), (.leastNonzeroMagnitude, -1), (1e-300, 1)])))
    #expect(audio.channels[0].allSatisfy { $0.isFinite && abs($0) <= 1 })
    #expect(audio.channels[0].contains { $0 != 0 })
  }
}
