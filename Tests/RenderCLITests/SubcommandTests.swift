import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// `compare`, `check`, `lint`, `info`, `plot` and the help text.
@Suite struct SubcommandTests {
  private let samples = Locations.samples

  @Test func samplesMatchTheirGoldenFiles() async throws {
    let result = try await CommandRunner.render([
      "check", samples, "--golden", "\(Locations.packageRoot)/Tests/Golden", "-q",
    ])
    #expect(result.status == 0, "\(String(decoding: result.standardOutput, as: UTF8.self))")
    let count = Locations.files(in: samples, withExtension: "ahap").count
    #expect(
      String(decoding: result.standardOutput, as: UTF8.self)
        == "checked \(count) patterns: \(count) passed, 0 failed, 0 missing\n")
  }

  /// With no difference accepted, the render is compared as the golden file holds it (quantized
  /// to 24 bits, as `--update` writes it): every sample matches its golden exactly, a change of
  /// 1e-5 in one intensity, within the default tolerance, is found, and a passing check leaves no
  /// render behind.
  @Test func anExactCheckComparesTheRenderAsTheGoldenHoldsIt() async throws {
    let folder = try TemporaryFolder()
    let scratch = "\(folder.path)/tmp"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    func check(_ patterns: String, _ golden: String, _ flags: String) async throws -> CommandRunner.Result {
      try await CommandRunner.shell(
        "TMPDIR='\(scratch)' '\(CommandRunner.renderPath)' check '\(patterns)' --golden '\(golden)' \(flags)")
    }
    let exact = try await check(samples, "\(Locations.packageRoot)/Tests/Golden", "--max-diff 0 -q")
    let count = Locations.files(in: samples, withExtension: "ahap").count
    #expect(
      String(decoding: exact.standardOutput, as: UTF8.self)
        == "checked \(count) patterns: \(count) passed, 0 failed, 0 missing\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).isEmpty)

    let patterns = "\(folder.path)/patterns"
    let golden = "\(folder.path)/golden"
    for path in [patterns, golden] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    let text = try String(contentsOfFile: "\(samples)/heartbeat.ahap", encoding: .utf8)
    let changed = text.replacing("\"ParameterValue\": 1.0", with: "\"ParameterValue\": 0.99999", maxReplacements: 1)
    #expect(changed != text)
    try changed.write(toFile: "\(patterns)/heartbeat.ahap", atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(
      atPath: "\(Locations.packageRoot)/Tests/Golden/heartbeat.flac", toPath: "\(golden)/heartbeat.flac")
    #expect(try await check(patterns, golden, "-q").status == 0)
    let found = try await check(patterns, golden, "--max-diff 0")
    #expect(found.status == 1)
    let output = String(decoding: found.standardOutput, as: UTF8.self)
    #expect(output.contains("max |Δ|                     2.00e-05"), "\(output)")
    let rendered = output.split(separator: "\n").first { $0.contains("rendered: ") }?.split(separator: " ").last
    #expect(
      rendered.map { $0.hasPrefix("\(scratch)/render-actual-") && FileManager.default.fileExists(atPath: String($0)) }
        == true, "\(output)")
  }

  @Test func checkReportsChangedMissingAndUpdatedGoldens() async throws {
    let folder = try TemporaryFolder()
    let patterns = "\(folder.path)/patterns"
    let golden = "\(folder.path)/golden"
    try FileManager.default.createDirectory(atPath: patterns, withIntermediateDirectories: true)
    for name in ["heartbeat", "session-complete"] {
      try FileManager.default.copyItem(atPath: "\(samples)/\(name).ahap", toPath: "\(patterns)/\(name).ahap")
    }
    let missing = try await CommandRunner.render(["check", patterns, "--golden", golden])
    #expect(missing.status == 1)
    #expect(
      String(decoding: missing.standardOutput, as: UTF8.self).hasSuffix(
        "checked 2 patterns: 0 passed, 0 failed, 2 missing\n"))
    let recorded = try await CommandRunner.render(["check", patterns, "--golden", golden, "--update"])
    #expect(recorded.status == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: golden).sorted() == [
        "heartbeat.flac", "session-complete.flac",
      ])

    let path = "\(patterns)/heartbeat.ahap"
    let changed = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "0.7", with: "0.69")
    try changed.write(toFile: path, atomically: true, encoding: .utf8)
    let failed = try await CommandRunner.render(["check", patterns, "--golden", golden])
    let output = String(decoding: failed.standardOutput, as: UTF8.self)
    #expect(failed.status == 1)
    #expect(output.contains("FAIL \(path)\ncompare: '\(golden)/heartbeat.flac' and '\(path)' differ (first at frame"))
    #expect(output.contains("  rendered: "))
    #expect(output.hasSuffix("checked 2 patterns: 1 passed, 1 failed, 0 missing\n"))
    let loose = try await CommandRunner.render([
      "check", patterns, "--golden", golden, "--max-diff", "0.05", "--min-snr", "20",
    ])
    #expect(loose.status == 0)
  }

  @Test func compareExitCodesAndJSON() async throws {
    let folder = try TemporaryFolder()
    let wav = "\(folder.path)/h.wav"
    #expect(try await CommandRunner.render(["\(samples)/heartbeat.ahap", "-o", wav, "-q"]).status == 0)
    let same = try await CommandRunner.render(["compare", wav, "\(samples)/heartbeat.ahap"])
    #expect(same.status == 0)
    #expect(String(decoding: same.standardOutput, as: UTF8.self).hasSuffix("PASS\n"))
    let louder = try await CommandRunner.render([
      "compare", wav, "\(samples)/heartbeat.ahap", "--gain", "0.5", "--json",
    ])
    #expect(louder.status == 1)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(louder.standardOutput)) as? [String: Any])
    #expect(json["passed"] as? Bool == false)
    #expect((json["maxDifference"] as? Double ?? 0) > 0.01)
    let rate = try await CommandRunner.render(["compare", wav, "\(samples)/heartbeat.ahap", "--rate", "44100"])
    #expect(rate.status == 1)
    #expect(
      String(decoding: rate.standardOutput, as: UTF8.self)
        == "compare: '\(wav)' and '\(samples)/heartbeat.ahap' differ: sample rates differ: 48000 Hz vs 44100 Hz; nothing compared. FAIL\n"
    )
    let missing = try await CommandRunner.render(["compare", "\(folder.path)/none.wav", wav])
    #expect(missing.status == 2)
    #expect(missing.standardError.contains("render: error: cannot open '\(folder.path)/none.wav'"))
  }

  @Test func lintExitCodesAndJSON() async throws {
    let clean = try await CommandRunner.render(["lint", "\(samples)/breath-478.ahap", "\(samples)/heartbeat.ahap"])
    #expect(clean.status == 0)
    #expect(clean.standardError == "linted 2 files: 0 errors, 0 warnings\n")
    let folder = try TemporaryFolder()
    let named = "\(folder.path)/named.ahap"
    try Data("{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\", \"Name\": 1}}]}".utf8)
      .write(to: URL(fileURLWithPath: named))
    let warned = try await CommandRunner.render(["lint", named])
    #expect(warned.status == 0)
    #expect(
      String(decoding: warned.standardOutput, as: UTF8.self).contains(
        "named.ahap:1:68: warning: Pattern[0].Event.Name: unknown key \"Name\" is ignored"))
    #expect(try await CommandRunner.render(["lint", named, "--strict"]).status == 1)
    // A spelling Core Haptics does not document is a warning, as anything else the reader reads
    // in its own way; --strict makes it an error.
    let undocumented = try await CommandRunner.render(["lint", "\(Locations.fixtures)/short-keys.ahap"])
    #expect(undocumented.status == 0)
    #expect(
      String(decoding: undocumented.standardOutput, as: UTF8.self).contains(
        "short-keys.ahap:7:9: warning: Pattern[0].Event.Type: Core Haptics documents \"EventType\"; \"Type\" is not documented; read here as \"EventType\""
      ))
    #expect(
      try await CommandRunner.render(["lint", "\(Locations.fixtures)/short-keys.ahap", "--strict"]).status == 1)
    let bad = "\(folder.path)/bad.ahap"
    try Data("{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"Buzz\"}}]}".utf8).write(
      to: URL(fileURLWithPath: bad))
    let json = try await CommandRunner.render(["lint", bad, "\(Locations.fixtures)/short-keys.ahap", "--json"])
    #expect(json.status == 1)
    let findings = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput)) as? [[String: Any]])
    #expect(findings.first?["severity"] as? String == "error")
    #expect(findings.first?["line"] as? Int == 1 && findings.first?["column"] as? Int == 49)
    #expect(findings.first?["path"] as? String == "Pattern[0].Event.EventType")
    #expect(findings.map { $0["code"] as? String } == ["unknown-name", "undocumented-key", "undocumented-key"])
  }

  /// Past the diagnostics kept, an error found last is still shown, and still fails the file.
  @Test func anErrorFoundAfterManyWarningsIsShown() async throws {
    let folder = try TemporaryFolder()
    let file = "\(folder.path)/noisy.ahap"
    let parameters =
      #""EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 1}]"#
    let named = (0..<600).map {
      #"{"Event": {"Time": \#($0), "EventType": "HapticTransient", "Name": 1, \#(parameters)}}"#
    }
    let typo = #"{"Event": {"Time": 600, "EventType": "HapticTransent", \#(parameters)}}"#
    try Data("{\"Pattern\": [\n\((named + [typo]).joined(separator: ",\n"))\n]}".utf8).write(
      to: URL(fileURLWithPath: file))
    let error = "noisy.ahap:602:38: error: Pattern[600].Event.EventType: unknown event type"
    let lint = try await CommandRunner.render(["lint", file])
    #expect(lint.status == 1)
    #expect(String(decoding: lint.standardOutput, as: UTF8.self).contains(error))
    #expect(
      lint.standardError.hasSuffix("note: 101 more diagnostics not shown\nlinted 1 file: 1 error, 600 warnings\n"))
    let render = try await CommandRunner.render([file, "-o", "\(folder.path)/noisy.wav"])
    #expect(render.status == 1)
    #expect(render.standardError.contains(error))
    #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/noisy.wav"))
  }

  @Test func infoDescribesPatternsAndAudioFiles() async throws {
    let pattern = try await CommandRunner.render(["info", "\(samples)/breath-478.ahap"])
    #expect(pattern.status == 0)
    let text = String(decoding: pattern.standardOutput, as: UTF8.self)
    #expect(
      text.contains(
        "  duration                19.020 s: the release of Pattern[2].Event (HapticContinuous at 11.000 s, 8.000 s + release 0.020 s)\n"
      ))
    #expect(text.contains("  events                  2 HapticContinuous"))
    let folder = try TemporaryFolder()
    // A tap under a curve that runs to 3 s, and a Parameter at 1.5 s: the Parameter ends it.
    try """
    {"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}},
      {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0,
        "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 1}, {"Time": 3, "ParameterValue": 0.2}]}},
      {"Parameter": {"ParameterID": "HapticSharpnessControl", "Time": 1.5, "ParameterValue": 0.1}}]}
    """.write(toFile: "\(folder.path)/tap.ahap", atomically: true, encoding: .utf8)
    let tap = try await CommandRunner.render(["info", "\(folder.path)/tap.ahap", "--tail", "0.5", "--json"])
    let tapJSON = try #require(try JSONSerialization.jsonObject(with: Data(tap.standardOutput)) as? [String: Any])
    let length = try #require(tapJSON["length"] as? [String: Any])
    #expect(tapJSON["duration"] as? Double == 2)
    #expect(length["kind"] as? String == "parameter" && length["element"] as? String == "Pattern[2].Parameter")
    #expect(length["end"] as? Double == 1.5 && length["tail"] as? Double == 0.5)
    #expect(
      length["text"] as? String
        == "the Time of Pattern[2].Parameter (HapticSharpnessControl at 1.500 s) + a tail of 0.500 s")
    #expect(
      try await CommandRunner.render(["\(samples)/breath-478.ahap", "-o", "\(folder.path)/b.flac", "-q"]).status == 0)
    let audio = try await CommandRunner.render(["info", "\(folder.path)/b.flac", "--json"])
    let json = try #require(try JSONSerialization.jsonObject(with: Data(audio.standardOutput)) as? [String: Any])
    #expect(json["frames"] as? Int == 912_960)
    #expect(json["sampleRate"] as? Int == 48_000)
    let missing = try await CommandRunner.render(["info", "\(folder.path)/none.wav"])
    #expect(missing.status == 1)
  }

  @Test func plotWritesAnSVG() async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render(["plot", "\(samples)/breath-478.ahap", "-o", "\(folder.path)/b.svg"])
    #expect(result.status == 0, "\(result.standardError)")
    let svg = try String(contentsOfFile: "\(folder.path)/b.svg", encoding: .utf8)
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    let png = try await CommandRunner.render(["plot", "\(samples)/breath-478.ahap", "-o", "\(folder.path)/b.png"])
    #expect(png.status == 64)
    #expect(png.standardError.contains("plot writes SVG"))
  }

  @Test func helpExplainsTheCommand() async throws {
    for (arguments, snapshot) in [
      (["--help"], "help-render.txt"), (["help", "convert"], "help-convert.txt"),
      (["lint", "--help"], "help-lint.txt"),
    ] {
      let result = try await CommandRunner.render(arguments)
      #expect(result.status == 0)
      try Snapshot.expect(String(decoding: result.standardOutput, as: UTF8.self), matches: snapshot)
    }
  }
}

/// NaN and infinite samples (a damaged or hostile file) are never a pass.
@Suite struct NonFiniteSampleTests {
  @Test func nanAndInfinityAreAlwaysADifference() async throws {
    let folder = try TemporaryFolder()
    try FloatWAV.write(Array(repeating: 0, count: 1_000), to: "\(folder.path)/zero.wav")
    try FloatWAV.write(Array(repeating: .nan, count: 1_000), to: "\(folder.path)/nan.wav")
    try FloatWAV.write(Array(repeating: 0, count: 999) + [.infinity], to: "\(folder.path)/inf.wav")
    for (expected, actual, count) in [
      ("zero", "nan", 1_000), ("nan", "nan", 1_000), ("nan", "zero", 1_000), ("zero", "inf", 1),
    ] {
      let result = try await CommandRunner.render(["compare", "\(expected).wav", "\(actual).wav"], in: folder.path)
      let report = String(decoding: result.standardOutput, as: UTF8.self)
      #expect(result.status == 1, "\(expected) vs \(actual)")
      #expect(report.contains("NaN or infinite samples     \(count)\n"), "\(report)")
      #expect(report.hasSuffix("FAIL\n"))
    }
    let json = try await CommandRunner.render(["compare", "zero.wav", "nan.wav", "--json"], in: folder.path)
    #expect(String(decoding: json.standardOutput, as: UTF8.self).contains("\"nonFiniteSamples\" : 1000"))
    let info = try await CommandRunner.render(["info", "inf.wav"], in: folder.path)
    #expect(info.status == 0)
    #expect(String(decoding: info.standardOutput, as: UTF8.self).contains(", 1 NaN or infinite samples\n"))
    let infoJSON = try await CommandRunner.render(["info", "nan.wav", "--json"], in: folder.path)
    #expect(infoJSON.status == 0)
    #expect(
      String(decoding: infoJSON.standardOutput, as: UTF8.self).contains("\"nonFiniteSamples\" : [\n    1000\n  ]"))
  }
}
