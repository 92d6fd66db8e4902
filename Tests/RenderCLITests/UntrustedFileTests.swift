import Foundation
import Testing
import _HapticRenderTestSupport

/// Files that are not what they seem: FIFOs, devices, waveforms outside the sandbox. Every
/// command ends with a diagnostic, never waits; runs are bounded by `timeout` so that a
/// regression fails instead of hanging the suite.
@Suite struct UntrustedFileTests {
  /// Runs `render` under `timeout 30`; exit 124 means it hung.
  private func render(_ arguments: String, in folder: String) async throws -> CommandRunner.Result {
    try await CommandRunner.shell("timeout 30 '\(CommandRunner.renderPath)' \(arguments) < /dev/null", in: folder)
  }

  /// Everything a run printed, standard output then standard error.
  private func printed(_ result: CommandRunner.Result) -> String {
    String(decoding: result.standardOutput, as: UTF8.self) + result.standardError
  }

  private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  private func customPattern(waveform: String) -> String {
    "{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \"\(waveform)\"}}]}"
  }

  @Test func fifosAreRefusedNeverWaitedOn() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/set", withIntermediateDirectories: true)
    #expect(mkfifo("\(folder.path)/set/pipe.ahap", 0o644) == 0)
    #expect(mkfifo("\(folder.path)/sound.wav", 0o644) == 0)
    try FileManager.default.copyItem(atPath: "\(Locations.samples)/heartbeat.ahap", toPath: "\(folder.path)/set/a.ahap")
    try write(customPattern(waveform: "../sound.wav"), to: "\(folder.path)/set/waveform.ahap")

    let input = try await render("set/pipe.ahap -o out.wav", in: folder.path)
    #expect(input.status == 1)
    #expect(
      input.standardError.contains("cannot read 'set/pipe.ahap': is a FIFO (named pipe), not a regular file"),
      "\(input.standardError)")

    let batch = try await render("set --out-dir out", in: folder.path)
    #expect(batch.status == 1, "a batch renders the rest and fails")
    #expect(folder.contents("out") == ["a.wav"])
    #expect(batch.standardError.contains("rendered 1 of 3 files into out; 2 failed"), "\(batch.standardError)")
    #expect(batch.standardError.contains("'../sound.wav'") || batch.standardError.contains("sound.wav': is a FIFO"))

    for command in ["lint set", "check set --golden golden --update", "info set/waveform.ahap", "info sound.wav"] {
      let result = try await render(command, in: folder.path)
      #expect(result.status == 1, "\(command): exit \(result.status)")
      #expect(printed(result).contains("is a FIFO (named pipe), not a regular file"), "\(command)")
    }
  }

  @Test func devicesAreNotReadAsWaveforms() async throws {
    let folder = try TemporaryFolder()
    try write(customPattern(waveform: "/dev/stdin"), to: "\(folder.path)/p.ahap")
    let result = try await render("lint p.ahap", in: folder.path)
    #expect(result.status == 1)
    #expect(
      printed(result).contains("waveform '/dev/stdin' is not readable audio: cannot open '/dev/stdin': is a"),
      "\(printed(result))")
  }

  @Test func checkAndLintHonourTheSandbox() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/set", withIntermediateDirectories: true)
    let tone = try await CommandRunner.render(
      ["\(Locations.samples)/audio-tone.ahap", "-o", "\(folder.path)/secret.wav"])
    #expect(tone.status == 0)
    try write(customPattern(waveform: "../secret.wav"), to: "\(folder.path)/set/p.ahap")
    let outside = "is outside the pattern's folder and the resource folders a sandboxed loader allows"

    let check = try await render("check set --golden golden --update --sandbox", in: folder.path)
    #expect(check.status == 1)
    #expect(check.standardError.contains(outside), "\(check.standardError)")
    #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/golden/p.flac"), "nothing recorded")

    let lint = try await render("lint set --sandbox", in: folder.path)
    #expect(lint.status == 1)
    #expect(printed(lint).contains(outside))

    let open = try await render("lint set", in: folder.path)
    #expect(open.status == 0, "without --sandbox the file is read")
  }

  @Test func absurdDurationLimitsAreUsageErrors() async throws {
    let folder = try TemporaryFolder()
    for (limit, shown) in [("1e308", "1e+308"), ("inf", "inf"), ("0", "0")] {
      let result = try await render(
        "'\(Locations.samples)/heartbeat.ahap' -o out.wav --max-duration \(limit)", in: folder.path)
      #expect(result.status == 64, "\(limit)")
      let reason = "maximum duration (--max-duration) \(shown) s is outside 0 (excluded)…604800 s"
      #expect(result.standardError.contains(reason + "\n"), "\(result.standardError)")
    }
    #expect(folder.contents().isEmpty, "no output, no temporary file")
  }

  @Test func aBatchUnderTheSandboxRefusesLinksOutOfItsFolder() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/set", withIntermediateDirectories: true)
    try write("{\"secret\": \"token-123\"}", to: "\(folder.path)/secret.ahap")
    try FileManager.default.copyItem(atPath: "\(Locations.samples)/heartbeat.ahap", toPath: "\(folder.path)/set/a.ahap")
    try FileManager.default.createSymbolicLink(
      atPath: "\(folder.path)/set/evil.ahap", withDestinationPath: "\(folder.path)/secret.ahap")
    for command in ["set --out-dir out --sandbox", "lint set --sandbox", "check set --golden g --update --sandbox"] {
      let result = try await render(command, in: folder.path)
      #expect(result.status == 1, "\(command)")
      #expect(
        result.standardError.contains(
          "'set/evil.ahap': is a link to a file outside 'set', which --sandbox refuses"),
        "\(result.standardError)")
      #expect(!printed(result).contains("token-123"))
    }
    #expect(folder.contents() == ["secret.ahap", "set"], "nothing written")
  }

  @Test func aNulInAWaveformPathIsAnError() async throws {
    let folder = try TemporaryFolder()
    try write(customPattern(waveform: "knock.wav\\u0000.png"), to: "\(folder.path)/p.ahap")
    let result = try await render("p.ahap -o out.wav", in: folder.path)
    #expect(result.status == 1)
    #expect(
      result.standardError.contains(
        "Pattern[0].Event.EventWaveformPath: the path contains a NUL character (\\u0000); no file name can hold one"),
      "\(result.standardError)")
  }

  @Test func smallHolesHaveClearOutcomes() async throws {
    let folder = try TemporaryFolder()
    let heartbeat = "'\(Locations.samples)/heartbeat.ahap'"

    let ogg = try await render("\(heartbeat) -o x.ogg -r 384000", in: folder.path)
    #expect(ogg.status == 64)
    #expect(
      ogg.standardError.contains(
        "ogg (Vorbis) supports at most 200000 Hz, not 384000 Hz; use a lower --rate or another type\n"))

    try write("", to: "\(folder.path)/file")
    let outDir = try await render("'\(Locations.samples)' --out-dir file/sub", in: folder.path)
    #expect(outDir.status == 1)
    #expect(
      outDir.standardError == "render: error: 'file/sub': cannot create this output folder: Not a directory\n",
      "one message, not one per file")

    try FileManager.default.createDirectory(atPath: "\(folder.path)/g", withIntermediateDirectories: true)
    try write("not audio", to: "\(folder.path)/g/heartbeat.flac")
    let update = try await render("check \(heartbeat) --golden g --update", in: folder.path)
    #expect(update.status == 0, "\(printed(update))")
    #expect(printed(update).contains("(was: unreadable: cannot open 'g/heartbeat.flac': Format not recognised.)"))
    let recheck = try await render("check \(heartbeat) --golden g", in: folder.path)
    #expect(recheck.status == 0)

    let cut = try await render("\(heartbeat) -o cut.wav", in: folder.path)
    #expect(cut.status == 0)
    #expect(truncate("\(folder.path)/cut.wav", 100_000) == 0)
    let info = try await render("info cut.wav", in: folder.path)
    #expect(info.status == 0)
    #expect(
      info.standardError
        == "render: warning: 'cut.wav' is damaged: truncated or damaged (RIFF : 307888 (should be 99992))\n")
    #expect(printed(info).contains("  damage                  truncated or damaged"))
  }
}
