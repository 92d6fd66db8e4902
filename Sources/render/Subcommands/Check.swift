import ArgumentParser
import HapticRender
import RenderCommandSupport

/// `render check DIR --golden GOLDEN_DIR`: golden-file regression tests for a folder of patterns.
struct Check: ParsableCommand, OptionChecking {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Render every AHAP file under the given folders and compare each with its golden file.",
    discussion: """
      The golden file of breath.ahap is GOLDEN/breath.flac (or the --type given). With --update, \
      missing golden files are written and those that differ are rewritten.

      For CI: --junit FILE writes a JUnit XML report; --json prints a JSON object per pattern, \
      then a summary; --shard I/N checks the I-th of N parts, chosen by a hash of each \
      pattern's path relative to its folder, so that a file added or removed moves no other; \
      --list prints the patterns a run would check.

      Exit status: 0 all passed (or were updated), 1 any differed, was missing or failed.
      """)

  @Argument(
    help: ArgumentHelp("Folders (searched recursively) or AHAP files.", valueName: "path"),
    completion: .file(extensions: ["ahap"]))
  var paths: [String]

  @Option(help: ArgumentHelp("The folder of golden files.", valueName: "dir"), completion: .directory)
  var golden: String

  @Flag(help: "Write missing golden files and rewrite those that differ.")
  var update = false

  @Option(name: [.customShort("t"), .long], help: "Golden file type.")
  var type: AudioFileFormat.Container = .flac

  @Option(name: [.customShort("b"), .long], help: "Sample encoding of PCM golden files (default: 24).")
  var bits: AudioFileFormat.SampleEncoding?

  @Option(
    help: ArgumentHelp("Check only the I-th of N shards, for a CI matrix (e.g. 2/4).", valueName: "i/n"),
    transform: ShardArgument.parse)
  var shard: Shard?

  @Option(
    help: ArgumentHelp("Also write a JUnit XML report of the run to this file.", valueName: "file"),
    completion: .file(extensions: ["xml"]))
  var junit: String?

  @Flag(help: "Print a JSON object per pattern (JSON Lines), then a summary object.")
  var json = false

  @Flag(help: "Print the patterns the run would check, one a line, and check none.")
  var list = false

  @OptionGroup var tolerance: ToleranceOptionGroup
  @OptionGroup var render: RenderOptionGroup
  @OptionGroup var input: InputOptionGroup
  @OptionGroup var diagnostics: DiagnosticOptionGroup

  func checkOptions() throws {
    try tolerance.check()
    try render.check()
    if junit?.isEmpty == true { throw ValidationError("--junit needs the name of the report's file") }
    if list {
      for (given, name) in [(update, "--update"), (json, "--json"), (junit != nil, "--junit")] where given {
        throw ValidationError("--list checks nothing; \(name) does not go with it")
      }
    }
  }

  func run() throws {
    let console = Console(isQuiet: diagnostics.quiet)
    try input.warnAboutResources(console: console)
    let options = try render.renderOptions(strict: input.strict, console: console)
    let check: GoldenCheck
    let files: [String]
    do {
      let format = try AudioFileFormat(type, encoding: bits)
      try format.check(sampleRate: options.sampleRate)
      check = GoldenCheck(
        goldenFolder: golden, format: format, options: options, tolerance: tolerance.tolerance,
        loader: input.loader, updatesGoldens: update)
      files = try check.patterns(in: paths)
    } catch {
      console.error(error)
      throw ExitCode.failure
    }
    var tally = GoldenTally()
    var entries = files.map { (path: $0, name: PatternFiles.name(of: $0, foundIn: paths)) }
    if let shard {
      tally.shard = shard
      tally.found = entries.count
      entries = entries.filter { shard.contains($0.name) }
    }
    if list {
      for entry in entries { StandardOutput.printLine(entry.path) }
      return
    }
    if let junit { try prepareReport(junit, over: files, check: check, console: console) }
    let clock = ContinuousClock()
    let start = clock.now
    var cases: [GoldenCase] = []
    for entry in entries {
      var patternDiagnostics = Diagnostics(treatsWarningsAsErrors: input.strict)
      let began = clock.now
      let outcome = check.check(patternAt: entry.path, diagnostics: &patternDiagnostics)
      let result = GoldenCase(
        name: entry.name, path: entry.path, goldenPath: check.goldenPath(for: entry.path), outcome: outcome,
        seconds: Self.seconds(clock.now - began), diagnostics: patternDiagnostics.all)
      console.print(patternDiagnostics.all, omitted: patternDiagnostics.omittedCount)
      tally.add(outcome)
      if junit != nil { cases.append(result) }
      if case .passed = outcome, diagnostics.quiet { continue }
      if json { try JSONOutput.printLine(result) } else { StandardOutput.print(line(for: result)) }
    }
    if json { try JSONOutput.printLine(tally) } else { print(tally.summary) }
    if let junit {
      let name = shard.map { "render check \($0)" } ?? "render check"
      try reporting(console) {
        try JUnitReport(suiteName: name, cases: cases, seconds: Self.seconds(clock.now - start)).write(to: junit)
      }
    }
    if tally.hasFailures { throw ExitCode.failure }
  }

  /// Refuses a report that would replace a pattern or a golden file of the run, or that cannot
  /// be written; creates its folder.
  private func prepareReport(_ report: String, over files: [String], check: GoldenCheck, console: Console) throws {
    for file in files {
      try PatternLoading.checkOutput(report, isNot: file, console: console)
      try PatternLoading.checkOutput(report, isNot: check.goldenPath(for: file), console: console)
    }
    try reporting(console) { try JUnitReport.prepare(report) }
  }

  /// Runs `body`; an error it throws is printed and fails the command.
  private func reporting(_ console: Console, _ body: () throws -> Void) throws {
    do {
      try body()
    } catch {
      console.error(error)
      throw ExitCode.failure
    }
  }

  /// `duration` in seconds.
  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  /// `PASS breath.ahap`, `FAIL …` with the comparison, and so on.
  private func line(for result: GoldenCase) -> String {
    // Each line is escaped on its own: names and messages stay within their line.
    let name = result.path.escapingControlCharacters
    return switch result.outcome {
    case .passed: "PASS \(name)"
    case .failed(let report, let rendered):
      "FAIL \(name)\n\(report)\n  rendered: \((rendered ?? "(could not be written)").escapingControlCharacters)"
    case .missing: "MISSING \(name): \(result.message.escapingControlCharacters)"
    case .error(let failure): "ERROR \(name): \(CommandLineMessages.text(for: failure).escapingControlCharacters)"
    case .recorded(let path): "RECORDED \(name) → \(path.escapingControlCharacters)"
    case .updated(let previous):
      "UPDATED \(name) → \(result.goldenPath.escapingControlCharacters) (was: \(previous.description.escapingControlCharacters))"
    }
  }
}
