import Foundation
import Testing
import _HapticRenderTestSupport

/// A warning said about many elements is printed once, with a count; `--json` keeps every one.
@Suite struct RepeatedWarningTests {
  /// A pattern of `count` transients without sharpness, one of them also with an unknown key.
  private func pattern(events count: Int, in folder: TemporaryFolder) throws {
    let events = (0..<count).map { index in
      let name = index == 2 ? #""Name": "third", "# : ""
      return
        #"{"Event": {\#(name)"Time": \#(Double(index) / 20), "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.5}]}}"#
    }
    try Data("{\"Pattern\": [\n\(events.joined(separator: ",\n"))\n]}\n".utf8).write(
      to: URL(fileURLWithPath: "\(folder.path)/many.ahap"))
  }

  /// What either command prints for the pattern: the first of 300 warnings, their count, and
  /// the one warning about something else, which comes between them in the file.
  private let findings = """
    many.ahap:2:11: warning: Pattern[0].Event: no HapticSharpness; the signal model's default 0.5 is used (Apple documents none) [default-value]
    many.ahap: note: … and 299 more events with the same warning
    many.ahap:4:12: warning: Pattern[2].Event.Name: unknown key "Name" is ignored [unknown-key]

    """

  @Test func renderPrintsTheFirstWithACount() async throws {
    let folder = try TemporaryFolder()
    try pattern(events: 300, in: folder)
    let result = try await CommandRunner.render(["many.ahap", "-o", "many.wav"], in: folder.path)
    #expect(result.status == 0)
    #expect(
      result.standardError
        == findings + "wrote many.wav: 14.961 s, 718126 frames, 1 channel (haptic), 48000 Hz, wav (24-bit)\n")
    let strict = try await CommandRunner.render(["many.ahap", "-o", "strict.wav", "--strict", "-q"], in: folder.path)
    #expect(strict.status == 1)
    #expect(strict.standardError == findings.replacingOccurrences(of: "warning", with: "error"))
    #expect(folder.contents() == ["many.ahap", "many.wav"])
  }

  @Test func lintPrintsTheFirstWithACountAndItsJSONEveryOne() async throws {
    let folder = try TemporaryFolder()
    try pattern(events: 300, in: folder)
    let lint = try await CommandRunner.render(["lint", "many.ahap"], in: folder.path)
    #expect(lint.status == 0)
    #expect(String(decoding: lint.standardOutput, as: UTF8.self) == findings)
    #expect(lint.standardError == "linted 1 file: 0 errors, 301 warnings\n")
    let json = try await CommandRunner.render(["lint", "many.ahap", "--json"], in: folder.path)
    let all = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput)) as? [[String: Any]])
    #expect(all.count == 301)
    #expect(all.filter { ($0["message"] as? String)?.hasPrefix("no HapticSharpness") == true }.count == 300)
  }
}
