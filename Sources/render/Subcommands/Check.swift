import ArgumentParser
import HapticRender

/// `render check DIR --golden GOLDEN_DIR`: golden-file regression tests for a folder of patterns.
struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Render every AHAP file under the given folders and compare each with its golden file.",
    discussion: """
      The golden file of breath.ahap is GOLDEN/breath.flac (or the --type given). With --update, \
      missing golden files are written and those that differ are rewritten.

      Exit status: 0 all passed (or were updated), 1 any differed, was missing or failed.
      """)

  @Argument(help: ArgumentHelp("Folders (searched recursively) or AHAP files.", valueName: "path"))
  var paths: [String]

  @Option(help: ArgumentHelp("The folder of golden files.", valueName: "dir"))
  var golden: String

  @Flag(help: "Write missing golden files and rewrite those that differ.")
  var update = false

  @Option(name: [.customShort("t"), .long], help: "Golden file type.")
  var type: AudioFileFormat.Container = .flac

  @Option(name: [.customShort("b"), .long], help: "Sample encoding of PCM golden files (default: 24).")
  var bits: AudioFileFormat.SampleEncoding?

  @OptionGroup var tolerance: ToleranceOptionGroup
  @OptionGroup var render: RenderOptionGroup
  @OptionGroup var diagnostics: DiagnosticOptionGroup

  func run() throws {
    let console = Console(isQuiet: diagnostics.quiet)
    let format: AudioFileFormat
    let files: [String]
    let options = try render.renderOptions(console: console)
    do {
      format = try AudioFileFormat(type, encoding: bits)
      try format.check(sampleRate: options.sampleRate)
      files = try PatternFiles.find(in: paths)
    } catch {
      console.error("\(error)")
      throw ExitCode.failure
    }
    if let collision = PatternFiles.collisions(in: files).first {
      console.error("\(collision.joined(separator: " and ")) would share one golden file; rename one")
      throw ExitCode.failure
    }
    let check = GoldenCheck(
      goldenFolder: golden, format: format, options: options, tolerance: tolerance.tolerance,
      resourceFolders: render.resources, updates: update)
    var counts = (passed: 0, failed: 0, missing: 0, written: 0)
    for file in files {
      var patternDiagnostics = Diagnostics(treatsWarningsAsErrors: render.strict)
      let outcome = check.check(patternAt: file, diagnostics: &patternDiagnostics)
      console.print(patternDiagnostics.all, omitted: patternDiagnostics.omittedCount)
      switch outcome {
      case .passed:
        counts.passed += 1
        if !diagnostics.quiet { print("PASS \(file)") }
      case .failed(let report, let rendered):
        counts.failed += 1
        print("FAIL \(file)\n\(report)\n  rendered: \(rendered ?? "(could not be written)")")
      case .missing(let path):
        counts.missing += 1
        print("MISSING \(file): no golden file '\(path)' (run with --update to record it)")
      case .recorded(let path):
        counts.written += 1
        print("RECORDED \(file) → \(path)")
      case .updated(let report):
        counts.written += 1
        print("UPDATED \(file) → \(check.goldenPath(for: file)) (was: max |Δ| \(report.maxDifference))")
      case .error(let message):
        counts.failed += 1
        print("ERROR \(file): \(message)")
      }
    }
    print(
      "checked \(files.count) pattern\(files.count == 1 ? "" : "s"): \(counts.passed) passed, \(counts.failed) failed, \(counts.missing) missing\(counts.written > 0 ? ", \(counts.written) written" : "")"
    )
    if counts.failed + counts.missing > 0 { throw ExitCode.failure }
  }
}
