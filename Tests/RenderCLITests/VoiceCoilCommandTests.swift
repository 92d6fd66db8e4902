import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// `--actuator` with a voice coil (docs/actuators.md §8), as a user types it.
@Suite struct VoiceCoilCommandTests {
  /// A buzz at sharpness 0.9: 275 Hz across the voice coil's 50 … 300 Hz.
  private static let buzz = PatternFixtures.document(
    PatternFixtures.event(
      "HapticContinuous", time: 0.1, duration: 0.2, ["HapticIntensity": 1, "HapticSharpness": 0.9]))

  private static func folderWithBuzz() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try buzz.write(toFile: "\(folder.path)/buzz.ahap", atomically: true, encoding: .utf8)
    return folder
  }

  @Test func presetDrivesAcrossTheBandAndInfoGivesTheCarrier() async throws {
    let folder = try Self.folderWithBuzz()
    let render = try await CommandRunner.render([
      "\(folder.path)/buzz.ahap", "-o", "\(folder.path)/drive.wav", "--actuator", "voice-coil", "-b", "float",
    ])
    #expect(render.status == 0, "\(render.standardError)")
    let drive = try AudioFileReader(path: "\(folder.path)/drive.wav").readAll()[0]
    #expect(drive.allSatisfy { abs($0) <= 1 } && drive.first == 0)
    let info = try await CommandRunner.render(["info", "\(folder.path)/buzz.ahap", "--actuator", "voice-coil"])
    let text = String(decoding: info.standardOutput, as: UTF8.self)
    #expect(text.contains("actuator                voice-coil: 80 Hz, Q 2, rated drive 0.5, voice coil over 50…300 Hz"))
    #expect(text.contains("carrier 275.0 Hz (pattern 275.0 Hz)"), "\(text)")
  }

  @Test(arguments: [
    (
      "{\"resonance\": 80, \"q\": 2, \"minimumFrequency\": 50, \"maximumFrequency\": 30000}",
      "a.json:1:71: error: maximumFrequency: expected a frequency in Hz of at least 1 and below half the 48000 Hz sample rate (24000), found 30000 [out-of-range]"
    ),
    (
      "{\"resonance\": 80, \"q\": 2, \"minimumFrequency\": 1, \"maximumFrequency\": 24000}",
      "a.json:1:70: error: maximumFrequency: expected a frequency in Hz of at least 1 and below half the 48000 Hz sample rate (24000), found 24000 [out-of-range]"
    ),
  ])
  func hostileBandIsALocatedErrorAndLeavesTheOutputAlone(_ file: String, _ message: String) async throws {
    let folder = try Self.folderWithBuzz()
    try file.write(toFile: "\(folder.path)/a.json", atomically: true, encoding: .utf8)
    try "old".write(toFile: "\(folder.path)/out.wav", atomically: true, encoding: .utf8)
    let result = try await CommandRunner.render(
      ["buzz.ahap", "-o", "out.wav", "--actuator", "a.json"], in: folder.path)
    #expect(result.status == 1)
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(try String(contentsOfFile: "\(folder.path)/out.wav", encoding: .utf8) == "old")
  }

  /// A band a render refuses is refused, located, by every command that drives the actuator,
  /// and none writes its output.
  @Test(arguments: [
    ["-o", "out.wav"], ["-o", "out.wav", "--simulate"], ["info"], ["plot", "-o", "out.svg"],
    ["preview", "-o", "out.html"],
  ])
  func aRefusedBandIsRefusedByEveryCommand(_ command: [String]) async throws {
    let folder = try Self.folderWithBuzz()
    try "{\"resonance\": 80, \"q\": 2, \"minimumFrequency\": 1, \"maximumFrequency\": 1.0000001}".write(
      toFile: "\(folder.path)/a.json", atomically: true, encoding: .utf8)
    let subcommand = command[0].hasPrefix("-") ? [] : [command[0]]
    let result = try await CommandRunner.render(
      subcommand + ["buzz.ahap"] + command.drop { !$0.hasPrefix("-") } + ["--actuator", "a.json"], in: folder.path)
    #expect(result.status == 1)
    #expect(
      result.standardError.contains(
        "a.json:1:47: error: minimumFrequency: at 1 Hz an intensity of 1 needs 6399.13× full scale, more than the 10× a band's lower edge may need"
      ), "\(result.standardError)")
    #expect(folder.contents() == ["a.json", "buzz.ahap"], "nothing is written")
  }

  /// A unit simulated far from the voice coil's resonance follows the voice coil's own drive:
  /// its band's lower edge, which a drive computed for 1,000 Hz could not reach, is not refused.
  @Test func aUnitSimulatedFarAwayFollowsTheDrive() async throws {
    let folder = try Self.folderWithBuzz()
    let result = try await CommandRunner.render(
      [
        "buzz.ahap", "-o", "out.wav", "--actuator", "voice-coil", "--simulate", "--simulate-resonance", "1000",
        "-b", "float",
      ], in: folder.path)
    #expect(result.status == 0, "\(result.standardError)")
    let acceleration = try AudioFileReader(path: "\(folder.path)/out.wav").readAll()[0]
    #expect(acceleration.allSatisfy(\.isFinite) && acceleration.contains { abs($0) > 0.01 })
  }

  /// `--strict` treats the options' warnings as errors too: the ignored tolerance, and a
  /// `--resources` that is not a folder, fail before anything is written.
  @Test(arguments: [
    (
      ["--actuator", "voice-coil", "--resonance-tolerance", "5"],
      "render: error: --resonance-tolerance is ignored: a voice coil's drive is equalized across its band, not braked at its resonance"
    ),
    (
      ["--resources", "missing-folder"],
      "render: error: --resources 'missing-folder' is not a folder; no waveform is looked up there"
    ),
  ])
  func strictFailsOnTheOptionsWarnings(_ flags: [String], _ message: String) async throws {
    let folder = try Self.folderWithBuzz()
    let result = try await CommandRunner.render(["buzz.ahap", "-o", "out.wav", "--strict"] + flags, in: folder.path)
    #expect(result.status == 1)
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(folder.contents() == ["buzz.ahap"], "nothing is written")
  }

  /// Ignored whatever its value: one that an LRA at the voice coil's resonance could not take
  /// (a quarter of 80 Hz is 20) is not refused after the warning says so.
  @Test(arguments: ["5", "100"])
  func resonanceToleranceIsIgnoredWithAWarning(_ tolerance: String) async throws {
    let folder = try Self.folderWithBuzz()
    let result = try await CommandRunner.render(
      ["buzz.ahap", "-o", "out.wav", "--actuator", "voice-coil", "--resonance-tolerance", tolerance], in: folder.path)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardError.contains(
        "render: warning: --resonance-tolerance is ignored: a voice coil's drive is equalized across its band, not braked at its resonance"
      ), "\(result.standardError)")
    #expect(!result.standardError.contains("error"), "\(result.standardError)")
    #expect(FileManager.default.fileExists(atPath: "\(folder.path)/out.wav"))
  }
}
