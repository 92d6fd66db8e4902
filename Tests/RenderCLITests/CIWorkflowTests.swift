import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// The files of `docs/ci/`: the GitHub Actions workflow's shape, its `run:` steps run here shard
/// by shard as a runner would run them, and the pre-commit hook run by pre-commit.
@Suite struct CIWorkflowTests {
  static let hasYAMLReader = PythonTools.canImport(["yaml", "junitparser"])
  static let hasPreCommit = PythonTools.canImport(["pre_commit"])
  static let workflowPath = "\(Locations.packageRoot)/docs/ci/render-check.yml"

  /// The workflow as PyYAML reads it.
  private func workflow() async throws -> [String: Any] {
    try #require(try await PythonTools.json("yaml_to_json.py", [Self.workflowPath]) as? [String: Any])
  }

  private func job(_ workflow: [String: Any], _ name: String) throws -> [String: Any] {
    try #require((workflow["jobs"] as? [String: Any])?[name] as? [String: Any], "no job '\(name)'")
  }

  private func steps(_ job: [String: Any]) throws -> [[String: Any]] {
    try #require(job["steps"] as? [[String: Any]])
  }

  @Test(.enabled(if: hasYAMLReader, "no PyYAML or junitparser for python3: scripts/install-deps --test installs them"))
  func workflowHasItsShape() async throws {
    let workflow = try await workflow()
    // YAML 1.1, which GitHub's reader follows in this, reads the key `on` as true.
    let triggers = try #require((workflow["on"] ?? workflow["true"]) as? [String: Any])
    #expect(Set(triggers.keys) == ["push", "pull_request"])
    let settings = try #require(workflow["env"] as? [String: String])
    #expect(Set(settings.keys) == ["PATTERNS", "GOLDEN", "RENDER_REPOSITORY", "RENDER_REF"])

    let check = try job(workflow, "check")
    let strategy = try #require(check["strategy"] as? [String: Any])
    #expect(strategy["fail-fast"] as? Bool == false)
    #expect((strategy["matrix"] as? [String: Any])?["shard"] as? [Int] == [1, 2, 3, 4])
    let environment = try #require(check["env"] as? [String: String])
    #expect(environment["SHARD"] == "${{ matrix.shard }}")
    #expect(environment["SHARDS"] == "${{ strategy.job-total }}")
    let failingRenders = try #require(environment["FAILING_RENDERS"])
    let checkSteps = try steps(check)
    #expect(checkSteps.first?["uses"] as? String == "actions/checkout@v4")
    #expect(
      checkSteps.contains {
        $0["id"] as? String == "install-render" && ($0["run"] as? String)?.contains("scripts/install") == true
      })
    let command = try #require(checkSteps.compactMap { $0["run"] as? String }.first { $0.contains("render check") })
    for part in [
      #"render check "$PATTERNS" --golden "$GOLDEN""#, #"--shard "$SHARD/$SHARDS""#,
      #"--junit "reports/render-check-$SHARD.xml""#, #"TMPDIR="$PWD/$FAILING_RENDERS""#,
    ] {
      #expect(command.contains(part), "the check step lacks \(part)")
    }
    let uploads = checkSteps.filter { $0["uses"] as? String == "actions/upload-artifact@v4" }
    let paths = uploads.map { ($0["if"] as? String ?? "", ($0["with"] as? [String: Any])?["path"] as? String ?? "") }
    #expect(paths.count == 2)
    #expect(
      paths.contains { $0.0 == "${{ !cancelled() }}" && $0.1 == "reports/" }, "the reports are uploaded even on failure"
    )
    #expect(paths.contains { $0.0 == "failure()" && $0.1 == "\(failingRenders)/" }, "the failing renders on failure")

    let report = try job(workflow, "report")
    #expect(report["needs"] as? String == "check")
    #expect(report["if"] as? String == "${{ !cancelled() }}")
    #expect((report["permissions"] as? [String: String])?["checks"] == "write")
    let reportSteps = try steps(report)
    let download = try #require(reportSteps.first { $0["uses"] as? String == "actions/download-artifact@v4" })
    let downloaded = try #require(download["with"] as? [String: Any])
    #expect(downloaded["pattern"] as? String == "junit-*" && downloaded["merge-multiple"] as? Bool == true)
    let publish = try #require(
      reportSteps.first { ($0["uses"] as? String)?.hasPrefix("mikepenz/action-junit-report@") == true })
    #expect(
      (publish["with"] as? [String: Any])?["report_paths"] as? String == "\(downloaded["path"] as? String ?? "")/*.xml")
    // Every action is pinned to a major version.
    for step in checkSteps + reportSteps {
      if let action = step["uses"] as? String { #expect(action.contains(#/@v\d+$/#), "\(action)") }
    }
  }

  /// The check job's `run:` steps, but the one that builds render (the test's build is on the
  /// PATH), run for each shard on the samples with heartbeat.ahap changed: the shard that holds
  /// it fails and keeps its render where the upload step takes it; the four JUnit reports name
  /// every pattern once.
  @Test(.enabled(if: hasYAMLReader, "no PyYAML or junitparser for python3: scripts/install-deps --test installs them"))
  func workflowStepsRunHere() async throws {
    let workflow = try await workflow()
    let settings = try #require(workflow["env"] as? [String: String])
    let check = try job(workflow, "check")
    let shards = try #require(
      (check["strategy"] as? [String: Any]).flatMap { ($0["matrix"] as? [String: Any])?["shard"] as? [Int] })
    let folder = try TemporaryFolder()
    let patterns = try #require(settings["PATTERNS"])
    let golden = try #require(settings["GOLDEN"])
    let failingShard = Shard.index(of: "heartbeat.ahap", count: shards.count)

    for shard in shards {
      // Each job starts from a checkout of its own.
      let checkout = "\(folder.path)/job-\(shard)"
      try FileManager.default.createDirectory(atPath: checkout, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: Locations.samples, toPath: "\(checkout)/\(patterns)")
      try FileManager.default.copyItem(atPath: "\(Locations.packageRoot)/Tests/Golden", toPath: "\(checkout)/\(golden)")
      let heartbeat = "\(checkout)/\(patterns)/heartbeat.ahap"
      try String(contentsOfFile: heartbeat, encoding: .utf8).replacingOccurrences(of: "0.7", with: "0.69")
        .write(toFile: heartbeat, atomically: true, encoding: .utf8)
      var environment = settings
      for (key, value) in try #require(check["env"] as? [String: String]) {
        environment[key] = try evaluate(value, shard: shard, shardCount: shards.count)
      }
      environment["PATH"] =
        "\(CommandRunner.renderDirectory):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"
      var failed = false
      for step in try steps(check) where step["id"] as? String != "install-render" {
        guard let script = step["run"] as? String else { continue }
        // As the runner runs a step of `shell: bash`.
        let result = try await CommandRunner.run(
          "/usr/bin/env",
          environment.map { "\($0.key)=\($0.value)" } + [
            "bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script,
          ],
          in: checkout)
        if result.status != 0 {
          failed = true
          break
        }
      }
      #expect(failed == (shard == failingShard), "shard \(shard)")
      #expect(FileManager.default.fileExists(atPath: "\(checkout)/reports/render-check-\(shard).xml"))
      let kept = Locations.files(in: "\(checkout)/\(environment["FAILING_RENDERS"] ?? "")", withExtension: "flac")
      #expect(kept.map { ($0 as NSString).lastPathComponent } == (shard == failingShard ? ["heartbeat.flac"] : []))
      if let render = kept.first {
        let compared = try await CommandRunner.render(["compare", render, heartbeat])
        #expect(compared.status == 0, "the kept file is the changed pattern's render")
      }
    }

    let reports = shards.map { "\(folder.path)/job-\($0)/reports/render-check-\($0).xml" }
    let read = try #require(try await PythonTools.json("junit_report.py", reports) as? [[String: Any]])
    var names: [String] = []
    var failures: [String] = []
    for (index, report) in read.enumerated() {
      let suite = try #require((report["suites"] as? [[String: Any]])?.first)
      #expect(suite["name"] as? String == "render check \(shards[index])/\(shards.count)")
      for testCase in suite["cases"] as? [[String: Any]] ?? [] {
        let name = try #require(testCase["name"] as? String)
        names.append(name)
        if !((testCase["results"] as? [Any])?.isEmpty ?? true) { failures.append(name) }
      }
    }
    let samples = Locations.files(in: Locations.samples, withExtension: "ahap").map {
      ($0 as NSString).lastPathComponent
    }
    #expect(names.sorted() == samples.sorted(), "every pattern once")
    #expect(failures == ["heartbeat.ahap"])
  }

  /// `${{ matrix.shard }}` and `${{ strategy.job-total }}`, the expressions the check job's
  /// environment uses; any other is an error, so the test never runs a step it misreads.
  private func evaluate(_ value: String, shard: Int, shardCount: Int) throws -> String {
    var result = value
    for match in value.matches(of: #/\$\{\{\s*([^}]*?)\s*\}\}/#) {
      let replacement: String
      switch match.output.1 {
      case "matrix.shard": replacement = "\(shard)"
      case "strategy.job-total": replacement = "\(shardCount)"
      default: throw UnknownExpression(text: String(match.output.0))
      }
      result = result.replacingOccurrences(of: String(match.output.0), with: replacement)
    }
    return result
  }

  /// An expression of the workflow that ``evaluate(_:shard:shardCount:)`` does not know.
  struct UnknownExpression: Error {
    var text: String
  }

  /// The hook, merged into a new repository's configuration, run by pre-commit: it passes, then
  /// fails once a pattern changes, naming it.
  @Test(.enabled(if: hasPreCommit, "no pre-commit for python3: scripts/install-deps --test installs it"))
  func preCommitHookChecksThePatterns() async throws {
    let folder = try TemporaryFolder()
    let repository = "\(folder.path)/app"
    try FileManager.default.createDirectory(atPath: "\(repository)/Haptics", withIntermediateDirectories: true)
    for name in ["heartbeat", "success"] {
      try FileManager.default.copyItem(
        atPath: "\(Locations.samples)/\(name).ahap", toPath: "\(repository)/Haptics/\(name).ahap")
    }
    try FileManager.default.createDirectory(atPath: "\(repository)/Haptics/Golden", withIntermediateDirectories: true)
    for name in ["heartbeat", "success"] {
      try FileManager.default.copyItem(
        atPath: "\(Locations.packageRoot)/Tests/Golden/\(name).flac",
        toPath: "\(repository)/Haptics/Golden/\(name).flac")
    }
    try FileManager.default.copyItem(
      atPath: "\(Locations.packageRoot)/docs/ci/pre-commit-config.yaml", toPath: "\(repository)/.pre-commit-config.yaml"
    )
    let run = """
      export PATH='\(CommandRunner.renderDirectory)':"$PATH" PRE_COMMIT_HOME='\(folder.path)/cache'
      git init -q . && git add -A && python3 -m pre_commit run --all-files
      """
    let passing = try await CommandRunner.shell(run, in: repository)
    let passed = String(decoding: passing.standardOutput, as: UTF8.self)
    #expect(passing.status == 0, "\(passed)\(passing.standardError)")
    #expect(passed.contains("haptic patterns match their golden files"))
    let heartbeat = "\(repository)/Haptics/heartbeat.ahap"
    try String(contentsOfFile: heartbeat, encoding: .utf8).replacingOccurrences(of: "0.7", with: "0.69")
      .write(toFile: heartbeat, atomically: true, encoding: .utf8)
    let failing = try await CommandRunner.shell(run, in: repository)
    let output = String(decoding: failing.standardOutput, as: UTF8.self)
    #expect(failing.status == 1)
    #expect(output.contains("FAIL Haptics/heartbeat.ahap\n"))
    #expect(output.contains("checked 2 patterns: 1 passed, 1 failed, 0 missing"))
    #expect(!output.contains("PASS "), "--quiet leaves out the patterns that passed")
  }
}
