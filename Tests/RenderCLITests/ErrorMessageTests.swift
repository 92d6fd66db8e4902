import Foundation
import Testing
import _HapticRenderTestSupport

/// The library's errors reach the user of `render` with the flag that sets the value and what to
/// change, in every command that prints them.
@Suite struct ErrorMessageTests {
  private let heartbeat = "\(Locations.samples)/heartbeat.ahap"
  /// A tap at 5000 s, with nothing to warn about: longer than the default limit of 3600 s.
  private let late = """
    {"Pattern": [{"Event": {"Time": 5000, "EventType": "HapticTransient", "EventParameters": [
      {"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}}]}
    """

  private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  private func printed(_ result: CommandRunner.Result) -> String {
    String(decoding: result.standardOutput, as: UTF8.self)
  }

  @Test(arguments: [
    (["--gain", "70"], "gain (--gain) 70 dB is outside -120…60 dB"),
    (["--intensity-scale", "1.5"], "intensity scale (--intensity-scale) 1.5 is outside 0…1"),
    (["--tail=-1"], "tail (--tail) -1 s must be ≥ 0 s"),
    (["--block-size", "0"], "block size (--block-size) 0 is outside 1…65536"),
    (["--rate", "500"], "sample rate (--rate) 500 Hz is outside 1000…384000 Hz"),
  ])
  func anOptionOutOfRangeNamesItsFlag(_ extra: [String], _ message: String) async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render([heartbeat, "-o", "\(folder.path)/x.wav"] + extra)
    #expect(result.status == 64)
    #expect(result.standardError.hasPrefix("render: error: \(message)\n"), "\(result.standardError)")
    #expect(folder.contents().isEmpty)
  }

  @Test func aRenderOverTheLimitSaysWhichFlagRaisesIt() async throws {
    let folder = try TemporaryFolder()
    try write(late, to: "\(folder.path)/late.ahap")
    let result = try await CommandRunner.render(["late.ahap", "-o", "late.wav", "-q"], in: folder.path)
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "render: error: the output would last 5000 s, longer than the 3600 s limit; raise --max-duration\n")
    #expect(folder.contents() == ["late.ahap"])
    let lint = try await CommandRunner.render(["lint", "late.ahap"], in: folder.path)
    #expect(
      printed(lint)
        == "late.ahap:1:1: error: (document): the output would last 5000 s, longer than the 3600 s limit; raise --max-duration [render-limit]\n"
    )
    let raised = try await CommandRunner.render(
      ["late.ahap", "-o", "late.wav", "--max-duration", "5001", "-q"], in: folder.path)
    #expect(raised.status == 0, "\(raised.standardError)")
  }

  @Test func aBatchPrintsEachFailureInTheToolsWordsThenItsSummary() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/set", withIntermediateDirectories: true)
    try write(late, to: "\(folder.path)/set/late.ahap")
    try FileManager.default.copyItem(atPath: heartbeat, toPath: "\(folder.path)/set/heartbeat.ahap")
    let result = try await CommandRunner.render(["set", "--out-dir", "out", "-q"], in: folder.path)
    #expect(result.status == 1)
    let lines = result.standardError.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(result.standardError)")
    #expect(
      lines.first
        == "render: error: set/late.ahap: the output would last 5000 s, longer than the 3600 s limit; raise --max-duration"
    )
    #expect(lines.last == "render: error: rendered 1 of 2 files into out; 1 failed")
    #expect(folder.contents("out") == ["heartbeat.wav"])
  }

  @Test func aCheckPrintsTheErrorOfAPatternItCannotRender() async throws {
    let folder = try TemporaryFolder()
    try write(late, to: "\(folder.path)/late.ahap")
    let result = try await CommandRunner.render(
      ["check", "late.ahap", "--golden", "golden", "--update", "-q"], in: folder.path)
    #expect(result.status == 1)
    #expect(
      printed(result) == """
        ERROR late.ahap: the output would last 5000 s, longer than the 3600 s limit; raise --max-duration
        checked 1 pattern: 0 passed, 1 failed, 0 missing

        """)
    #expect(folder.contents("golden").isEmpty, "nothing recorded")
  }

  @Test func aPeakRefusedNamesThePolicysFlag() async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render(
      [heartbeat, "-o", "\(folder.path)/x.wav", "--gain", "12", "--peak", "error"])
    #expect(result.status == 1)
    #expect(result.standardError.hasPrefix("render: error: the output peaks at "), "\(result.standardError)")
    #expect(result.standardError.hasSuffix(" (above full scale) and --peak error was given\n"))
    #expect(folder.contents().isEmpty)
  }

  /// An audio file given as a pattern: the reader says what it is, the tool which commands read
  /// audio, in a render and in a lint.
  @Test func anAudioFileIsPointedToTheCommandsThatReadAudio() async throws {
    let message =
      "this is an audio file (WAV), not an AHAP pattern; to inspect audio use `render info`, to compare two files `render compare`"
    let line = "knock.wav:1:1: error: (document): \(message) [audio-file]\n"
    let folder = try TemporaryFolder()
    try FileManager.default.copyItem(atPath: "\(Locations.samples)/knock.wav", toPath: "\(folder.path)/knock.wav")
    let lint = try await CommandRunner.render(["lint", "knock.wav"], in: folder.path)
    #expect(lint.status == 1)
    #expect(printed(lint) == line)
    let json = try await CommandRunner.render(["lint", "knock.wav", "--json"], in: folder.path)
    let found = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput)) as? [[String: Any]])
    #expect(found.map { $0["code"] as? String } == ["audio-file"])
    #expect(found.map { $0["message"] as? String } == [message])
    let batch = try await CommandRunner.render(["knock.wav", "--out-dir", "out", "-q"], in: folder.path)
    #expect(batch.status == 1)
    #expect(batch.standardError.hasPrefix(line), "\(batch.standardError)")
  }
}
