import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// Many inputs with `--out-dir`.
@Suite struct BatchCommandTests {
  private let samples = Locations.samples

  @Test func batchOutputDoesNotDependOnTheNumberOfThreads() async throws {
    let folder = try TemporaryFolder()
    var outputs: [[String: Data]] = []
    let count = Locations.files(in: samples, withExtension: "ahap").count
    for jobs in [1, 2, 8] {
      let out = "\(folder.path)/j\(jobs)"
      // `-j2` joined, as `make -j2` is typed.
      let result = try await CommandRunner.render(
        [samples, "--out-dir", out, "-t", "flac", "-r", "16000"] + (jobs == 2 ? ["-j2"] : ["-j", "\(jobs)"]))
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardError.hasSuffix("rendered \(count) of \(count) files into \(out)\n"))
      var files: [String: Data] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: out) {
        files[name] = try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(name)"))
      }
      outputs.append(files)
    }
    #expect(outputs[0].count == count)
    #expect(outputs[0] == outputs[1] && outputs[1] == outputs[2])
  }

  @Test func batchGoesOnAfterABadInputAndFailsAtTheEnd() async throws {
    let folder = try TemporaryFolder()
    let inputs = "\(folder.path)/in"
    try FileManager.default.createDirectory(atPath: "\(inputs)/nested", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: "\(samples)/heartbeat.ahap", toPath: "\(inputs)/nested/heartbeat.ahap")
    try Data("{\"Pattern\": 3}".utf8).write(to: URL(fileURLWithPath: "\(inputs)/broken.ahap"))
    let result = try await CommandRunner.render([
      inputs, "\(samples)/session-complete.ahap", "--out-dir", "\(folder.path)/out",
    ])
    #expect(result.status == 1)
    #expect(
      result.standardError.contains(
        "\(inputs)/broken.ahap:1:13: error: Pattern: expected an array of events and parameters, found a number"))
    #expect(result.standardError.hasSuffix("render: error: rendered 2 of 3 files into \(folder.path)/out; 1 failed\n"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: "\(folder.path)/out").sorted() == [
        "heartbeat.wav", "session-complete.wav",
      ])
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a terminal"))
  func progressLineShowsOnATerminalOnly() async throws {
    let folder = try TemporaryFolder()
    // script(1) gives the command a pseudo-terminal, as a user's shell would.
    let terminal = try await CommandRunner.run(
      "/usr/bin/script",
      ["-qec", "'\(CommandRunner.renderPath)' '\(samples)' --out-dir '\(folder.path)/out' -j 1", "/dev/null"])
    let text = String(decoding: terminal.standardOutput, as: UTF8.self)
    #expect(terminal.status == 0)
    let count = Locations.files(in: samples, withExtension: "ahap").count
    #expect(text.contains("[1/\(count)] audio-custom-waveform.ahap  "), "\(text.prefix(300))")
    #expect(text.contains(" files/s"))
    let piped = try await CommandRunner.render([samples, "--out-dir", "\(folder.path)/piped", "-j", "1"])
    #expect(!piped.standardError.contains("files/s"), "no progress line when standard error is not a terminal")
    let quiet = try await CommandRunner.render([samples, "--out-dir", "\(folder.path)/quiet", "-q"])
    #expect(quiet.standardError.isEmpty)
  }

  /// A file that cannot be rendered with the batch's options (a tone above half the rate) is
  /// named in its error, which its own message does not; the others are written.
  @Test func aRenderErrorNamesItsFile() async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render([
      "\(samples)/audio-tone.ahap", "\(samples)/heartbeat.ahap", "--out-dir", "\(folder.path)/out", "-r", "1000",
    ])
    #expect(result.status == 1)
    #expect(
      result.standardError.contains(
        "render: error: \(samples)/audio-tone.ahap: a 541.7 Hz carrier or tone is not below half the 1000 Hz sample rate; raise --rate above 1083.4\n"
      ), "\(result.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: "\(folder.path)/out") == ["heartbeat.wav"])
  }

  @Test func collidingOutputNamesStopBeforeAnyWork() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/a", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: "\(samples)/heartbeat.ahap", toPath: "\(folder.path)/a/heartbeat.ahap")
    let result = try await CommandRunner.render([
      "\(folder.path)/a", "\(samples)/heartbeat.ahap", "--out-dir", "\(folder.path)/out",
    ])
    #expect(result.status == 1)
    #expect(result.standardError.contains("would all be written to '\(folder.path)/out/heartbeat.wav'"))
    #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/out"))
    let twoWithO = try await CommandRunner.render([
      "\(samples)/heartbeat.ahap", "\(samples)/success.ahap", "-o", "\(folder.path)/x.wav",
    ])
    #expect(twoWithO.status == 64)
    #expect(twoWithO.standardError.contains("-o takes one input; use --out-dir DIR for 2 inputs"))
  }

  /// A run that finds nothing to do fails: a CI that checks nothing must not pass.
  @Test func aFolderWithoutPatternsFailsEveryCommand() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/empty", withIntermediateDirectories: false)
    let commands = [
      ["lint", "empty"], ["check", "empty", "--golden", "g"], ["empty", "--out-dir", "out"],
      ["preview", "empty", "--out-dir", "site"],
    ]
    for arguments in commands {
      let result = try await CommandRunner.render(arguments, in: folder.path)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.standardError == "render: error: 'empty': no .ahap files under it\n", "\(arguments)")
    }
    #expect(folder.contents() == ["empty"])
  }
}
