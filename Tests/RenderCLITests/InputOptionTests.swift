import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// Options shared by every subcommand that reads patterns, and usage errors.
@Suite struct InputOptionTests {
  private let samples = Locations.samples

  /// Writes a pattern of one `AudioCustom` event playing `waveform`; returns its path.
  private func writeCustomPattern(to path: String, waveform: String) throws -> String {
    let json =
      "{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \"\(waveform)\"}}]}"
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func sandboxFlagRefusesWaveformsOutside() async throws {
    let folder = try TemporaryFolder()
    let input = try writeCustomPattern(to: "\(folder.path)/p.ahap", waveform: "\(samples)/knock.wav")
    let before = try Data(contentsOf: URL(fileURLWithPath: input))
    let open = try await CommandRunner.render([input, "-o", "\(folder.path)/a.wav", "-q"])
    #expect(open.status == 0)
    let sandboxed = try await CommandRunner.render([input, "-o", "\(folder.path)/b.wav", "--sandbox"])
    #expect(sandboxed.status == 1)
    #expect(
      sandboxed.standardError.contains(
        "is outside the pattern's folder and the resource folders a sandboxed loader allows"))
    let allowed = try await CommandRunner.render([
      input, "-o", "\(folder.path)/c.wav", "--sandbox", "--resources", samples, "-q",
    ])
    #expect(allowed.status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before, "the input is never modified")
    #expect(folder.contents() == ["a.wav", "c.wav", "p.ahap"])
  }

  @Test(arguments: [
    (["--rate", "10"], "sample rate (--rate) 10 Hz is outside 1000…384000 Hz"),
    (
      ["-t", "opus", "--rate", "44100"],
      "opus does not support 44100 Hz; it accepts 8000, 12000, 16000, 24000, 48000 Hz"
    ),
    (["-t", "flac", "-b", "float"], "flac stores 16 or 24 bits, not float"),
    (["-t", "ogg", "-b", "16"], "ogg is a lossy format; its bit depth cannot be set (16 was asked)"),
    (["--peak", "loud"], "The value 'loud' is invalid for '--peak <peak>'"),
    (["--frobnicate"], "Unknown option '--frobnicate'"),
  ])
  func usageErrorsExitWith64(_ extra: [String], _ message: String) async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render(["\(samples)/heartbeat.ahap", "-o", "\(folder.path)/x.wav"] + extra)
    #expect(result.status == 64)
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(folder.contents().isEmpty)
  }

  @Test func missingWaveformNamesEveryPlaceSearched() async throws {
    let folder = try TemporaryFolder()
    let input = try writeCustomPattern(to: "\(folder.path)/custom.ahap", waveform: "boom.wav")
    let result = try await CommandRunner.render([input, "-o", "\(folder.path)/x.wav", "--resources", "/nonexistent"])
    #expect(result.status == 1)
    #expect(
      result.standardError.contains(
        "error: Pattern[0].Event.EventWaveformPath: waveform \"boom.wav\" not found; looked in '\(folder.path)/boom.wav', '/nonexistent/boom.wav'"
      ))
  }

  /// A mistyped waveform names the file beside it that it most likely meant, as the event
  /// would write it; not in a sandbox, where folders are not to be told about.
  @Test func mistypedWaveformSuggestsTheFileMeant() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/sounds", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: "\(samples)/knock.wav", toPath: "\(folder.path)/sounds/knock.wav")
    let input = try writeCustomPattern(to: "\(folder.path)/custom.ahap", waveform: "sounds/knok.wav")
    let result = try await CommandRunner.render([input, "-o", "\(folder.path)/x.wav"])
    #expect(result.status == 1)
    #expect(
      result.standardError.hasSuffix(
        "waveform \"sounds/knok.wav\" not found; looked in '\(folder.path)/sounds/knok.wav'; did you mean \"sounds/knock.wav\"? [unreadable-waveform]\n"
      ))
    let sandboxed = try await CommandRunner.render([input, "-o", "\(folder.path)/x.wav", "--sandbox"])
    #expect(sandboxed.status == 1)
    #expect(sandboxed.standardError.hasSuffix("looked in '\(folder.path)/sounds/knok.wav' [unreadable-waveform]\n"))
    #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/x.wav"))
  }

  @Test func profileOptionTakesANameOrAFile() async throws {
    let folder = try TemporaryFolder()
    let named = try await CommandRunner.render([
      "\(samples)/heartbeat.ahap", "-o", "\(folder.path)/a.wav", "--profile", "lra150",
    ])
    #expect(named.status == 0)
    let unknown = try await CommandRunner.render([
      "\(samples)/heartbeat.ahap", "-o", "\(folder.path)/b.wav", "--profile", "lra",
    ])
    #expect(unknown.status == 64)
    #expect(
      unknown.standardError.contains("unknown profile 'lra'; use one of preview, lra150, wideband or a JSON file\n"))
    let misspelt = try await CommandRunner.render([
      "\(samples)/heartbeat.ahap", "-o", "\(folder.path)/b.wav", "--profile", "preveiw",
    ])
    #expect(misspelt.status == 64)
    #expect(
      misspelt.standardError.contains(
        "unknown profile 'preveiw'; use one of preview, lra150, wideband or a JSON file; did you mean 'preview'?\n"))
    let file = "\(folder.path)/bad.json"
    try Data("{\"minimumFrequency\": -5}".utf8).write(to: URL(fileURLWithPath: file))
    let bad = try await CommandRunner.render([
      "\(samples)/heartbeat.ahap", "-o", "\(folder.path)/c.wav", "--profile", file,
    ])
    #expect(bad.status == 1)
    #expect(
      bad.standardError.contains(
        "\(file):1:22: error: minimumFrequency: expected a frequency in Hz within 1…20000, found -5"))
    #expect(folder.contents() == ["a.wav", "bad.json"])
  }

  @Test func corpusAudioCustomFindsItsWaveformsInResources() async throws {
    let corpus = "\(Locations.corpus)/ahap"
    guard FileManager.default.fileExists(atPath: corpus) else { return }
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render([
      "\(corpus)/williamwei2025__Haptic-Tests__Drums.ahap", "-o", "\(folder.path)/drums.wav",
      "--resources", "\(corpus)/resources", "--layout", "audio",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let channels = try AudioFileReader(path: "\(folder.path)/drums.wav").readAll()
    #expect(channels.count == 2 && Signal.rms(channels[0][...]) > 0.01)
  }
}
