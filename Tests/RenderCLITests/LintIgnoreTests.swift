import Foundation
import Testing
import _HapticRenderTestSupport

/// `render lint --ignore CODE`: the warnings of an ignored code are neither printed nor counted,
/// nor made errors by `--strict`; errors cannot be ignored.
@Suite struct LintIgnoreTests {
  /// A transient without intensity or sharpness (two `default-value` warnings) and with an
  /// unknown key (an `unknown-key` warning).
  private func writePattern(in folder: TemporaryFolder) throws {
    try Data(#"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "Name": 1}}]}"#.utf8).write(
      to: URL(fileURLWithPath: "\(folder.path)/p.ahap"))
  }

  private func output(_ result: CommandRunner.Result) -> String {
    String(decoding: result.standardOutput, as: UTF8.self)
  }

  @Test func ignoringOneCodeKeepsTheOthers() async throws {
    let folder = try TemporaryFolder()
    try writePattern(in: folder)
    let all = try await CommandRunner.render(["lint", "p.ahap"], in: folder.path)
    #expect(all.status == 0)
    #expect(all.standardError == "linted 1 file: 0 errors, 3 warnings\n")
    let ignored = try await CommandRunner.render(["lint", "p.ahap", "--ignore", "default-value"], in: folder.path)
    #expect(ignored.status == 0)
    #expect(
      output(ignored) == "p.ahap:1:68: warning: Pattern[0].Event.Name: unknown key \"Name\" is ignored [unknown-key]\n")
    #expect(ignored.standardError == "linted 1 file: 0 errors, 1 warning\n")
    let json = try await CommandRunner.render(
      ["lint", "p.ahap", "--ignore", "default-value", "--json"], in: folder.path)
    let findings = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput)) as? [[String: Any]])
    #expect(findings.map { $0["code"] as? String } == ["unknown-key"])
  }

  /// `--strict` fails for the warnings left, not for those ignored.
  @Test func strictLeavesIgnoredCodesAlone() async throws {
    let folder = try TemporaryFolder()
    try writePattern(in: folder)
    let one = try await CommandRunner.render(
      ["lint", "p.ahap", "--strict", "--ignore", "default-value"], in: folder.path)
    #expect(one.status == 1)
    #expect(
      output(one) == "p.ahap:1:68: error: Pattern[0].Event.Name: unknown key \"Name\" is ignored [unknown-key]\n")
    #expect(one.standardError == "linted 1 file: 1 error, 0 warnings\n")
    let both = try await CommandRunner.render(
      ["lint", "p.ahap", "--strict", "--ignore", "default-value", "--ignore", "unknown-key"], in: folder.path)
    #expect(both.status == 0)
    #expect(output(both).isEmpty)
    #expect(both.standardError == "linted 1 file: 0 errors, 0 warnings\n")
  }

  @Test func anUnknownCodeIsAUsageErrorThatNamesTheCodes() async throws {
    let folder = try TemporaryFolder()
    try writePattern(in: folder)
    let result = try await CommandRunner.render(["lint", "p.ahap", "--ignore", "unknown-kye"], in: folder.path)
    #expect(result.status == 64)
    #expect(output(result).isEmpty)
    #expect(
      result.standardError.hasPrefix(
        "render: error: unknown diagnostic code 'unknown-kye'; use one of trailing-comma, duplicate-key, null-value, unknown-key, undocumented-key, unsupported-version, empty-pattern, no-effect, clamped-value, default-value, unordered-time, absolute-curve-time, device-limit, overlapping-events, waveform-format, silenced-event, long-silence, android-approximation; did you mean 'unknown-key'?\n"
      ), "\(result.standardError)")
  }

  /// A pattern with an error is not rendered, so lint fails for it whatever is ignored.
  @Test func anErrorCodeCannotBeIgnored() async throws {
    let folder = try TemporaryFolder()
    try Data(#"{"Pattern": [{"Event": {"Time": 0, "EventType": "Buzz"}}]}"#.utf8).write(
      to: URL(fileURLWithPath: "\(folder.path)/bad.ahap"))
    let refused = try await CommandRunner.render(["lint", "bad.ahap", "--ignore", "unknown-name"], in: folder.path)
    #expect(refused.status == 64)
    #expect(
      refused.standardError.hasPrefix(
        "render: error: --ignore cannot drop 'unknown-name': it is an error, and a pattern with an error is not rendered\n"
      ), "\(refused.standardError)")
    let failed = try await CommandRunner.render(["lint", "bad.ahap", "--ignore", "unknown-key"], in: folder.path)
    #expect(failed.status == 1)
    #expect(
      output(failed) == "bad.ahap:1:49: error: Pattern[0].Event.EventType: unknown event type \"Buzz\" [unknown-name]\n"
    )
  }
}
