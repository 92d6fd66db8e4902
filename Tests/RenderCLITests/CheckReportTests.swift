import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// `render check` for CI: the JUnit report as a JUnit reader sees it, JSON Lines, shards.
@Suite struct CheckReportTests {
  private let samples = Locations.samples
  static let hasJUnitReader = PythonTools.canImport(["junitparser"])

  /// A folder `patterns/` of four patterns and `golden/`: `success.ahap` and a name full of
  /// XML's special characters and an escape match; `heartbeat.ahap` is changed; `sub/tap-buzz-tap`
  /// has no golden file; `bad.ahap` cannot be read.
  private func project() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    let manager = FileManager.default
    try manager.createDirectory(atPath: "\(folder.path)/patterns/sub", withIntermediateDirectories: true)
    try manager.createDirectory(atPath: "\(folder.path)/golden", withIntermediateDirectories: true)
    let golden = "\(Locations.packageRoot)/Tests/Golden"
    for name in ["success", "heartbeat"] {
      try manager.copyItem(atPath: "\(samples)/\(name).ahap", toPath: "\(folder.path)/patterns/\(name).ahap")
      try manager.copyItem(atPath: "\(golden)/\(name).flac", toPath: "\(folder.path)/golden/\(name).flac")
    }
    let odd = "a&<\"b\u{1B}"
    try manager.copyItem(atPath: "\(samples)/success.ahap", toPath: "\(folder.path)/patterns/\(odd).ahap")
    try manager.copyItem(atPath: "\(golden)/success.flac", toPath: "\(folder.path)/golden/\(odd).flac")
    try manager.copyItem(
      atPath: "\(samples)/tap-buzz-tap.ahap", toPath: "\(folder.path)/patterns/sub/tap-buzz-tap.ahap")
    let heartbeat = "\(folder.path)/patterns/heartbeat.ahap"
    try String(contentsOfFile: heartbeat, encoding: .utf8).replacingOccurrences(of: "0.7", with: "0.69")
      .write(toFile: heartbeat, atomically: true, encoding: .utf8)
    try Data("{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"Buzz\"}}]}".utf8)
      .write(to: URL(fileURLWithPath: "\(folder.path)/patterns/bad.ahap"))
    return folder
  }

  @Test(.enabled(if: hasJUnitReader, "no junitparser for python3: scripts/install-deps --test installs it"))
  func junitReportReadsAsCISystemsReadIt() async throws {
    let folder = try project()
    let result = try await CommandRunner.render(
      ["check", "patterns", "--golden", "golden", "--junit", "reports/check.xml"], in: folder.path)
    #expect(result.status == 1)
    let reports = try #require(
      try await PythonTools.json("junit_report.py", ["\(folder.path)/reports/check.xml"]) as? [[String: Any]])
    #expect(reports.count == 1 && reports[0]["root"] as? String == "testsuites")
    let suites = try #require(reports[0]["suites"] as? [[String: Any]])
    #expect(suites.count == 1)
    let suite = suites[0]
    #expect(suite["name"] as? String == "render check")
    #expect(suite["tests"] as? Int == 5)
    #expect(suite["failures"] as? Int == 2)
    #expect(suite["errors"] as? Int == 1)
    #expect(suite["skipped"] as? Int == 0)
    let cases = try #require(suite["cases"] as? [[String: Any]])
    let byName = Dictionary(uniqueKeysWithValues: cases.map { ($0["name"] as? String ?? "", $0) })
    #expect(
      cases.compactMap { $0["name"] as? String } == [
        "a&<\"b\\u001b.ahap", "bad.ahap", "heartbeat.ahap", "sub/tap-buzz-tap.ahap", "success.ahap",
      ])
    #expect(byName["sub/tap-buzz-tap.ahap"]?["file"] as? String == "patterns/sub/tap-buzz-tap.ahap")
    let times = cases.compactMap { $0["time"] as? Double }
    #expect(times.count == 5 && times.allSatisfy { $0 >= 0 })
    #expect(times.reduce(0, +) <= (suite["time"] as? Double ?? 0) + 0.005)
    func results(_ name: String) -> [[String: Any]] { byName[name]?["results"] as? [[String: Any]] ?? [] }
    #expect(results("success.ahap").isEmpty && results("a&<\"b\\u001b.ahap").isEmpty)

    // The failure: the figures and the rendered file, which is the changed pattern's sound.
    let failure = try #require(results("heartbeat.ahap").first)
    #expect(failure["tag"] as? String == "failure" && failure["type"] as? String == "mismatch")
    let message = try #require(failure["message"] as? String)
    #expect(message.hasPrefix("max |Δ| "))
    #expect(message.contains("; samples over ±1.0e-04: ") && message.contains("; SNR "))
    let rendered = try #require(message.components(separatedBy: "; rendered: ").last)
    #expect(rendered.hasSuffix("/heartbeat.flac"))
    let difference = try #require(Double(message.dropFirst("max |Δ| ".count).prefix { $0 != " " }))
    #expect(difference > 0.01)
    #expect(
      try await CommandRunner.render(["compare", rendered, "patterns/heartbeat.ahap"], in: folder.path).status == 0)
    #expect(
      try await CommandRunner.render(["compare", "golden/heartbeat.flac", rendered], in: folder.path).status == 1)
    #expect(
      (failure["text"] as? String)?.hasPrefix("compare: 'golden/heartbeat.flac' and 'patterns/heartbeat.ahap' differ")
        == true)

    let missing = try #require(results("sub/tap-buzz-tap.ahap").first)
    #expect(missing["tag"] as? String == "failure" && missing["type"] as? String == "missing")
    #expect(
      missing["message"] as? String == "no golden file 'golden/tap-buzz-tap.flac' (run with --update to record it)")
    let error = try #require(results("bad.ahap").first)
    #expect(error["tag"] as? String == "error")
    #expect(
      error["message"] as? String
        == "'patterns/bad.ahap' has errors: patterns/bad.ahap:1:49: error: Pattern[0].Event.EventType: unknown event type \"Buzz\" [unknown-name]"
    )
  }

  /// With a shard, the suite is named after it; an update says what it wrote.
  @Test(.enabled(if: hasJUnitReader, "no junitparser for python3: scripts/install-deps --test installs it"))
  func junitReportOfAnUpdatedShard() async throws {
    let folder = try project()
    try FileManager.default.removeItem(atPath: "\(folder.path)/patterns/bad.ahap")
    let result = try await CommandRunner.render(
      ["check", "patterns", "--golden", "golden", "--update", "--shard", "1/1", "--junit", "check.xml"],
      in: folder.path)
    #expect(result.status == 0)
    let reports = try #require(
      try await PythonTools.json("junit_report.py", ["\(folder.path)/check.xml"]) as? [[String: Any]])
    let suite = try #require((reports.first?["suites"] as? [[String: Any]])?.first)
    #expect(suite["name"] as? String == "render check 1/1")
    #expect(suite["failures"] as? Int == 0 && suite["errors"] as? Int == 0)
    let cases = try #require(suite["cases"] as? [[String: Any]])
    let written = cases.compactMap { $0["systemOut"] as? String }.sorted()
    #expect(written.count == 2)
    #expect(written.contains("recorded golden/tap-buzz-tap.flac"))
    #expect(written.contains { $0.hasPrefix("rewrote golden/heartbeat.flac (was: max |Δ| 0.01") })
  }

  /// A report never replaces an input, is written whole, and an existing one is left as it was
  /// when the run stops before checking anything.
  @Test func junitReportIsWrittenLikeEveryOutput() async throws {
    let folder = try project()
    let pattern = "\(folder.path)/patterns/success.ahap"
    let before = try Data(contentsOf: URL(fileURLWithPath: pattern))
    let overInput = try await CommandRunner.render(
      ["check", "patterns", "--golden", "golden", "--junit", "patterns/success.ahap"], in: folder.path)
    #expect(overInput.status == 1)
    #expect(
      overInput.standardError.hasSuffix(
        "render: error: 'patterns/success.ahap': is the input 'patterns/success.ahap'; it is not replaced (choose another output)\n"
      ))
    #expect(try Data(contentsOf: URL(fileURLWithPath: pattern)) == before)
    let overGolden = try await CommandRunner.render(
      ["check", "patterns", "--golden", "golden", "--junit", "golden/success.flac"], in: folder.path)
    #expect(overGolden.status == 1)

    // A report that cannot be written stops the run before any check.
    let intoFolder = try await CommandRunner.render(
      ["check", "patterns", "--golden", "golden", "--junit", "golden"], in: folder.path)
    #expect(intoFolder.status == 1 && intoFolder.standardOutput.isEmpty)
    #expect(intoFolder.standardError.hasSuffix("render: error: 'golden': is a folder; name the report's file\n"))
    let underFile = try await CommandRunner.render(
      ["check", "patterns", "--golden", "golden", "--junit", "patterns/bad.ahap/r.xml"], in: folder.path)
    #expect(underFile.status == 1 && underFile.standardOutput.isEmpty)
    let unnamed = try await CommandRunner.render(
      ["check", "patterns", "--golden", "golden", "--junit", ""], in: folder.path)
    #expect(unnamed.status == 64)
    #expect(unnamed.standardError.hasPrefix("render: error: --junit needs the name of the report's file\n"))

    let report = "\(folder.path)/old.xml"
    try Data("old".utf8).write(to: URL(fileURLWithPath: report))
    let refused = try await CommandRunner.render(
      ["check", "nowhere", "--golden", "golden", "--junit", "old.xml"], in: folder.path)
    #expect(refused.status == 1)
    #expect(try String(contentsOfFile: report, encoding: .utf8) == "old")
    #expect(folder.contents().filter { $0.hasPrefix(".") }.isEmpty, "no temporary file is left")
  }

  @Test func jsonLinesNameEachPatternThenTheSummary() async throws {
    let folder = try project()
    let result = try await CommandRunner.render(["check", "patterns", "--golden", "golden", "--json"], in: folder.path)
    #expect(result.status == 1)
    let lines = String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n")
    let objects = try lines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.count == 6)
    #expect(objects.dropLast().allSatisfy { $0["kind"] as? String == "pattern" })
    let verdicts = objects.dropLast().map { "\($0["path"] ?? "") \($0["verdict"] ?? "")" }
    #expect(
      verdicts == [
        "a&<\"b\u{1B}.ahap pass", "bad.ahap error", "heartbeat.ahap fail", "sub/tap-buzz-tap.ahap missing",
        "success.ahap pass",
      ])
    let failed = objects[2]
    #expect(failed["file"] as? String == "patterns/heartbeat.ahap")
    #expect(failed["golden"] as? String == "golden/heartbeat.flac")
    let figures = try #require(failed["figures"] as? [String: Any])
    #expect((figures["maxDifference"] as? Double ?? 0) > 0.01)
    #expect(figures["passed"] as? Bool == false)
    let rendered = try #require(failed["rendered"] as? String)
    #expect(FileManager.default.fileExists(atPath: rendered))
    #expect((failed["message"] as? String)?.hasSuffix("; rendered: \(rendered)") == true)
    #expect(objects[0]["rendered"] is NSNull && (objects[0]["figures"] as? [String: Any])?["passed"] as? Bool == true)
    #expect(objects[1]["figures"] is NSNull)
    let summary = try #require(objects.last)
    #expect(summary["kind"] as? String == "summary")
    #expect(summary["checked"] as? Int == 5 && summary["passed"] as? Int == 2 && summary["failed"] as? Int == 2)
    #expect(summary["missing"] as? Int == 1 && summary["errors"] as? Int == 1 && summary["shard"] is NSNull)

    let quiet = try await CommandRunner.render(
      ["check", "patterns", "--golden", "golden", "--json", "--quiet", "--shard", "1/1"], in: folder.path)
    let quietLines = String(decoding: quiet.standardOutput, as: UTF8.self).split(separator: "\n")
    let quietObjects = try quietLines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(quietObjects.dropLast().compactMap { $0["verdict"] as? String } == ["error", "fail", "missing"])
    #expect(quietObjects.last?["shard"] as? String == "1/1" && quietObjects.last?["found"] as? Int == 5)
  }

  /// The shards of a folder of 120 patterns: disjoint, covering, each pattern where the Python
  /// function of docs/regression-tests.md puts it, and unmoved by files added or removed.
  @Test func shardsSplitAFolderAsDocumented() async throws {
    let folder = try TemporaryFolder()
    let text = try String(contentsOfFile: "\(samples)/success.ahap", encoding: .utf8)
    var names: [String] = []
    for kind in ["ui/tap", "ui/toggle", "alerts/ping", "game/hit", "game/step", "health/breath"] {
      for index in 1...20 { names.append("\(kind)-\(index).ahap") }
    }
    func write(_ name: String) throws {
      let path = "\(folder.path)/lib/\(name)"
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: path, atomically: false, encoding: .utf8)
    }
    for name in names { try write(name) }

    func shards() async throws -> [String: Int] {
      var found: [String: Int] = [:]
      for index in 1...4 {
        let result = try await CommandRunner.render(
          ["check", "--list", "lib", "--golden", "golden", "--shard", "\(index)/4"], in: folder.path)
        #expect(result.status == 0, "\(result.standardError)")
        for line in String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n") {
          let name = String(line.dropFirst("lib/".count))
          #expect(found[name] == nil, "\(name) is in two shards")
          found[name] = index
        }
      }
      return found
    }
    let before = try await shards()
    #expect(before.keys.sorted() == names.sorted())
    let expected = try await documentedShards(of: names, count: 4)
    #expect(before == expected)
    var sizes = [Int](repeating: 0, count: 4)
    for shard in before.values { sizes[shard - 1] += 1 }
    #expect(Double(sizes.max() ?? 0) <= 1.2 * 30, "shard sizes \(sizes)")

    for name in names.prefix(10) { try FileManager.default.removeItem(atPath: "\(folder.path)/lib/\(name)") }
    for index in 1...10 { try write("new/pattern-\(index).ahap") }
    let after = try await shards()
    #expect(after.count == 120)
    for name in names.dropFirst(10) { #expect(after[name] == before[name], "\(name) moved") }
  }

  /// The shard of each name by the Python function `shard(path, count)` of the documentation.
  private func documentedShards(of names: [String], count: Int) async throws -> [String: Int] {
    let page = try String(contentsOfFile: "\(Locations.packageRoot)/docs/regression-tests.md", encoding: .utf8)
    let code = try #require(page.firstMatch(of: #/```python\n(def shard\(path, count\):\n[\s\S]*?)```/#)?.output.1)
    let folder = try TemporaryFolder()
    let script = "\(folder.path)/shard.py"
    try (code + "\nimport sys\nfor line in sys.stdin.read().split('\\n'):\n    print(shard(line, \(count)))\n")
      .write(toFile: script, atomically: true, encoding: .utf8)
    try names.joined(separator: "\n").write(toFile: "\(folder.path)/names", atomically: true, encoding: .utf8)
    let result = try await CommandRunner.shell("python3 shard.py < names", in: folder.path)
    #expect(result.status == 0, "\(result.standardError)")
    let shards = String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
    #expect(shards.count == names.count)
    return Dictionary(uniqueKeysWithValues: zip(names, shards))
  }

  /// The shards of a batch render write, together, the files one batch writes, byte for byte.
  @Test func batchShardsTogetherRenderTheWholeBatch() async throws {
    let folder = try TemporaryFolder()
    let whole = try await CommandRunner.render([samples, "--out-dir", "\(folder.path)/whole", "-q"])
    #expect(whole.status == 0)
    var counts: [Int] = []
    for index in 1...3 {
      let part = try await CommandRunner.render([samples, "--out-dir", "\(folder.path)/parts", "--shard", "\(index)/3"])
      #expect(part.status == 0)
      let count = folder.contents("parts").count - counts.reduce(0, +)
      counts.append(count)
      #expect(
        part.standardError.hasSuffix(
          "rendered \(count) of \(count) files into \(folder.path)/parts (shard \(index)/3 of 13 files)\n"))
    }
    #expect(folder.contents("parts") == folder.contents("whole"))
    for name in folder.contents("whole") {
      #expect(
        FileManager.default.contents(atPath: "\(folder.path)/parts/\(name)")
          == FileManager.default.contents(atPath: "\(folder.path)/whole/\(name)"), "\(name)")
    }
  }

  /// A shard that holds no pattern passes: a small library in a wide matrix is no error.
  @Test func anEmptyShardPasses() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/p", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: "\(samples)/success.ahap", toPath: "\(folder.path)/p/success.ahap")
    let golden = "\(Locations.packageRoot)/Tests/Golden"
    var outputs: [String] = []
    for index in 1...2 {
      let result = try await CommandRunner.render(
        ["check", "p", "--golden", golden, "--shard", "\(index)/2"], in: folder.path)
      #expect(result.status == 0)
      outputs.append(String(decoding: result.standardOutput, as: UTF8.self))
    }
    #expect(
      outputs.sorted()
        == [
          "PASS p/success.ahap\nchecked 1 of 1 pattern (shard \(Shard.index(of: "success.ahap", count: 2))/2): 1 passed, 0 failed, 0 missing\n",
          "checked 0 of 1 pattern (shard \(3 - Shard.index(of: "success.ahap", count: 2))/2): 0 passed, 0 failed, 0 missing\n",
        ].sorted())
  }

  @Test(arguments: [
    (
      ["check", "samples", "--golden", "g", "--shard", "0/4"],
      "render: error: The value '0/4' is invalid for '--shard <i/n>': shard 0 of 4 does not exist; shards are numbered 1/4 to 4/4\n"
    ),
    (
      ["check", "samples", "--golden", "g", "--shard", "3"],
      "render: error: The value '3' is invalid for '--shard <i/n>': expected I/N, a shard's number and the number of shards such as 2/4; found '3'\n"
    ),
    (
      ["samples", "--out-dir", "out", "--shard", "2/0"],
      "render: error: The value '2/0' is invalid for '--shard <i/n>': the number of shards must be at least 1; found '2/0'\n"
    ),
    (
      ["samples/heartbeat.ahap", "-o", "x.wav", "--shard", "1/2"],
      "render: error: --shard goes with --out-dir, not -o\n"
    ),
    (
      ["check", "--list", "samples", "--golden", "g", "--json"],
      "render: error: --list checks nothing; --json does not go with it\n"
    ),
    (
      ["check", "--list", "samples", "--golden", "g", "--update"],
      "render: error: --list checks nothing; --update does not go with it\n"
    ),
  ])
  func badShardAndListOptionsAreUsageErrors(_ arguments: [String], _ message: String) async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createSymbolicLink(atPath: "\(folder.path)/samples", withDestinationPath: samples)
    let result = try await CommandRunner.render(arguments, in: folder.path)
    #expect(result.status == 64)
    #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
    #expect(result.standardOutput.isEmpty)
    #expect(folder.contents() == ["samples"])
  }
}
