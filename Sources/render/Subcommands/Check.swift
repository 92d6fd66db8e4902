import ArgumentParser
import HapticRender

/// `render check DIR --golden GOLDEN_DIR`: golden-file regression tests for a folder of patterns.
struct Check: ParsableCommand, OptionChecking {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Render every AHAP file under the given folders and compare each with its golden file.",
    discussion: """
      The golden file of breath.ahap is GOLDEN/breath.flac (or the --type given). With --update, \
      missing golden files are written and those that differ are rewritten.

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

  @OptionGroup var tolerance: ToleranceOptionGroup
  @OptionGroup var render: RenderOptionGroup
  @OptionGroup var input: InputOptionGroup
  @OptionGroup var diagnostics: DiagnosticOptionGroup

  func checkOptions() throws {
    try tolerance.check()
    try render.check()
  }

  func run() throws {
    let console = Console(isQuiet: diagnostics.quiet)
    input.warnAboutResources(console: console)
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
      console.error("\(error)")
      throw ExitCode.failure
    }
    var tally = GoldenTally()
    for file in files {
      var patternDiagnostics = Diagnostics(treatsWarningsAsErrors: input.strict)
      let outcome = check.check(patternAt: file, diagnostics: &patternDiagnostics)
      console.print(patternDiagnostics.all, omitted: patternDiagnostics.omittedCount)
      tally.add(outcome)
      if case .passed = outcome, diagnostics.quiet { continue }
      StandardOutput.print(line(for: outcome, of: file, check: check))
    }
    print(tally.summary)
    if tally.hasFailures { throw ExitCode.failure }
  }

  /// `PASS breath.ahap`, `FAIL …` with the comparison, and so on.
  private func line(for outcome: GoldenCheck.Outcome, of file: String, check: GoldenCheck) -> String {
    // Each line is escaped on its own: names and messages stay within their line.
    let name = file.escapingControlCharacters
    return switch outcome {
    case .passed: "PASS \(name)"
    case .failed(let report, let rendered):
      "FAIL \(name)\n\(report)\n  rendered: \((rendered ?? "(could not be written)").escapingControlCharacters)"
    case .missing(let path):
      "MISSING \(name): no golden file '\(path.escapingControlCharacters)' (run with --update to record it)"
    case .recorded(let path): "RECORDED \(name) → \(path.escapingControlCharacters)"
    case .updated(let previous):
      "UPDATED \(name) → \(check.goldenPath(for: file).escapingControlCharacters) (was: \(previous.escapingControlCharacters))"
    case .error(let message): "ERROR \(name): \(message.escapingControlCharacters)"
    }
  }
}
