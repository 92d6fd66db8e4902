import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// `render INPUT -o OUTPUT`: files, options, standard output, failures that leave nothing.
@Suite struct ConvertCommandTests {
  private let samples = Locations.samples

  @Test func rendersTheBreathingSample() async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render(["\(samples)/breath-478.ahap", "-o", "\(folder.path)/breath.wav"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardError.contains(
        "wrote \(folder.path)/breath.wav: 19.020 s, 912960 frames, 1 channel (haptic), 48000 Hz, wav (24-bit)"))
    let reader = try AudioFileReader(path: "\(folder.path)/breath.wav")
    #expect(reader.frameCount == 912_960 && reader.channelCount == 1 && reader.sampleRate == 48_000)
    #expect(folder.contents() == ["breath.wav"])
  }

  /// `-j N` sets the threads one render synthesizes on; the bytes are those of one thread, for
  /// a plain render and for both kinds of actuator (19 s: seven time ranges).
  @Test(arguments: [[], ["--actuator", "lra"], ["--actuator", "voice-coil"]])
  func threadsDoNotChangeTheBytes(_ options: [String]) async throws {
    let folder = try TemporaryFolder()
    var outputs: [Data] = []
    for jobs in [1, 2, 8] {
      let out = "\(folder.path)/j\(jobs).wav"
      let result = try await CommandRunner.render(["\(samples)/breath-478.ahap", "-o", out, "-j", "\(jobs)"] + options)
      #expect(result.status == 0, "\(result.standardError)")
      outputs.append(try Data(contentsOf: URL(fileURLWithPath: out)))
    }
    #expect(outputs[0].count > 2_000_000)
    #expect(outputs[1] == outputs[0] && outputs[2] == outputs[0], "\(options)")
  }

  @Test func optionsShapeTheFile() async throws {
    let folder = try TemporaryFolder()
    let out = "\(folder.path)/taps.data"
    let result = try await CommandRunner.render([
      "\(samples)/session-complete.ahap", "-o", out, "-t", "flac", "-r", "8000", "-b", "16", "--tail", "0.5",
      "--layout", "quad", "--gain", "-6", "--intensity-scale", "0.6",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let reader = try AudioFileReader(path: out)
    #expect(reader.sampleRate == 8_000 && reader.channelCount == 4)
    // The last tap at 0.3 s, its two cycles at 253 Hz, the tail.
    let lastOnset = Int((0.3 * 8_000 as Double).rounded())
    let lastTap = Int((2 * 8_000 / 253.0 as Double).rounded())
    #expect(reader.frameCount == lastOnset + lastTap + 4_000)
    let channels = try reader.readAll()
    let expectedPeak = 0.5012 * 0.36  // −6 dB × (1 × 0.6)²
    #expect(abs(Signal.peak(channels[2][...]) - expectedPeak) < 2e-3)
    #expect(channels[0].allSatisfy { $0 == 0 } && channels[2] == channels[3])
  }

  @Test func standardOutputGetsTheSameBytes() async throws {
    let folder = try TemporaryFolder()
    let file = try await CommandRunner.render(["\(samples)/heartbeat.ahap", "-o", "\(folder.path)/h.wav"])
    #expect(file.status == 0)
    let piped = try await CommandRunner.render(["\(samples)/heartbeat.ahap", "-o", "-", "-q"])
    #expect(piped.status == 0)
    #expect(piped.standardError.isEmpty)
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/h.wav")))
    #expect(piped.standardOutput == bytes)
    #expect(bytes.starts(with: Array("RIFF".utf8)))
  }

  @Test func devicesAreWrittenToNotReplaced() async throws {
    let result = try await CommandRunner.render(["\(samples)/heartbeat.ahap", "-o", "/dev/null", "-t", "wav"])
    #expect(result.status == 0, "\(result.standardError)")
    let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
    #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)
    #expect(try FileManager.default.contentsOfDirectory(atPath: "/dev").allSatisfy { !$0.hasPrefix(".null") })
  }

  @Test func fullDiskLeavesNoPartialFileAndKeepsTheOldOne() async throws {
    let folder = try TemporaryFolder()
    let output = "\(folder.path)/out.wav"
    try Data("old".utf8).write(to: URL(fileURLWithPath: output))
    // A file-size limit of 64 KiB stands in for a full disk: writes past it fail with EFBIG.
    let result = try await CommandRunner.shell(
      "ulimit -f 64; trap '' XFSZ; exec '\(CommandRunner.renderPath)' '\(samples)/breath-478.ahap' -o '\(output)' -q")
    #expect(result.status == 1)
    #expect(result.standardError.hasPrefix("render: error: '\(output)': write failed"), "\(result.standardError)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Data("old".utf8))
    #expect(folder.contents() == ["out.wav"])
  }

  @Test func missingInputIsAnErrorAndWritesNothing() async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render(["\(folder.path)/nope.ahap", "-o", "\(folder.path)/x.wav"])
    #expect(result.status == 1)
    #expect(
      result.standardError == "render: error: cannot read '\(folder.path)/nope.ahap': no such file\n")
    #expect(folder.contents().isEmpty)
  }

  /// A mistyped input names the file beside it that it most likely meant, for every command.
  @Test func mistypedInputSuggestsTheFileMeant() async throws {
    let folder = try TemporaryFolder()
    let typed = "\(Locations.samples)/breath-487.ahap"
    let meant = "no such file; did you mean '\(Locations.samples)/breath-478.ahap'?\n"
    let convert = try await CommandRunner.render([typed, "-o", "\(folder.path)/x.wav"])
    #expect(convert.status == 1)
    #expect(convert.standardError == "render: error: cannot read '\(typed)': \(meant)")
    let lint = try await CommandRunner.render(["lint", typed])
    #expect(lint.standardError == "render: error: '\(typed)': \(meant)")
    let info = try await CommandRunner.render(["info", typed])
    #expect(info.standardError == "render: error: cannot read '\(typed)': \(meant)")
    #expect(folder.contents().isEmpty)
  }

  /// `info -q`, as every command that reads a pattern: its warnings are not printed, its
  /// description is.
  @Test func infoQuietPrintsNoWarnings() async throws {
    let folder = try TemporaryFolder()
    try Data("{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\"}}]}".utf8)
      .write(to: URL(fileURLWithPath: "\(folder.path)/tap.ahap"))
    let loud = try await CommandRunner.render(["info", "\(folder.path)/tap.ahap"])
    #expect(loud.status == 0 && loud.standardError.contains("warning: Pattern[0].Event: no HapticIntensity"))
    let quiet = try await CommandRunner.render(["info", "\(folder.path)/tap.ahap", "-q"])
    #expect(quiet.status == 0, "\(quiet.standardError)")
    #expect(quiet.standardError.isEmpty, "\(quiet.standardError)")
    #expect(quiet.standardOutput == loud.standardOutput)
  }

  @Test func invalidPatternPrintsLocatedErrorsAndKeepsTheOldOutput() async throws {
    let folder = try TemporaryFolder()
    let input = "\(folder.path)/bad.ahap"
    let output = "\(folder.path)/out.wav"
    try Data(
      "{\"Pattern\": [\n  {\"Event\": {\"Time\": -1, \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \"x.wav\"}}\n]}"
        .utf8
    ).write(to: URL(fileURLWithPath: input))
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: output))
    let result = try await CommandRunner.render([input, "-o", output])
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "\(input):2:22: error: Pattern[0].Event.Time: expected a time in seconds ≥ 0, found -1 [out-of-range]\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Data("keep me".utf8))
    #expect(folder.contents() == ["bad.ahap", "out.wav"])
  }

  @Test func strictRejectsWarningsAndQuietHidesThem() async throws {
    let folder = try TemporaryFolder()
    let lenient = try await CommandRunner.render([
      "\(Locations.fixtures)/short-keys.ahap", "-o", "\(folder.path)/a.wav",
    ])
    #expect(lenient.status == 0)
    #expect(
      lenient.standardError.contains(
        "short-keys.ahap:7:9: warning: Pattern[0].Event.Type: Core Haptics documents \"EventType\"; \"Type\" is not documented; read here as \"EventType\""
      ))
    let quiet = try await CommandRunner.render([
      "\(Locations.fixtures)/short-keys.ahap", "-o", "\(folder.path)/b.wav", "-q",
    ])
    #expect(quiet.status == 0 && quiet.standardError.isEmpty)
    let strict = try await CommandRunner.render([
      "\(Locations.fixtures)/short-keys.ahap", "-o", "\(folder.path)/c.wav", "--strict",
    ])
    #expect(strict.status == 1)
    #expect(strict.standardError.contains("error: Pattern[0].Event.Type"))
    #expect(folder.contents() == ["a.wav", "b.wav"])
  }

  @Test func unknownExtensionIsAUsageError() async throws {
    let result = try await CommandRunner.render(["\(samples)/heartbeat.ahap", "-o", "/tmp/x.mp4"])
    #expect(result.status == 64)
    #expect(
      result.standardError.contains(
        "cannot tell the format of '/tmp/x.mp4' from its extension; use one of .wav .flac .aiff .caf .ogg .opus .mp3 or --type\n"
      ))
  }

  @Test func peakErrorFailsWithoutOutput() async throws {
    let folder = try TemporaryFolder()
    let input = "\(folder.path)/loud.ahap"
    let event = "{\"Event\": {\"Time\": 0, \"EventType\": \"HapticContinuous\", \"EventDuration\": 0.1}}"
    try Data("{\"Pattern\": [\(event), \(event)]}".utf8).write(to: URL(fileURLWithPath: input))
    let result = try await CommandRunner.render([input, "-o", "\(folder.path)/x.wav", "--peak", "error"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("render: error: the output peaks at"))
    #expect(folder.contents() == ["loud.ahap"])
    let normalized = try await CommandRunner.render([input, "-o", "\(folder.path)/y.wav", "--peak", "normalize"])
    #expect(normalized.status == 0)
    #expect(
      normalized.standardError.contains(
        "render: warning: the mix peaked at 6.0 dBFS; normalized to -1.0 dBFS (gain -7.0 dB)"))
    let limited = try await CommandRunner.render([input, "-o", "\(folder.path)/z.wav"])
    #expect(limited.status == 0)
    #expect(
      limited.standardError.contains(
        "limited 1 overload to the ceiling, 0.0 dBFS (largest gain reduction 6.0 dB)"),
      "\(limited.standardError)")
  }
}
