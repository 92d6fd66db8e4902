import ArgumentParser
import HapticRender

/// `render lint FILE…`: will these patterns behave on a device?
struct Lint: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check AHAP files: every reader diagnostic plus device-compatibility checks.",
    discussion: """
      Beyond the reader's warnings (curves over 16 points, continuous events over 30 s, \
      absolute-looking curve times, …) it flags sharpness controls in patterns without \
      continuous events, overlapping continuous events of the same sharpness, waveforms in \
      formats Apple devices do not play, and events after more than 10 s of silence.

      Exit status: 0 no errors (and no warnings with --strict), 1 otherwise.
      """)

  @Argument(help: ArgumentHelp("AHAP files or folders.", valueName: "file"))
  var paths: [String]

  @Flag(help: "Print the findings as a JSON array.")
  var json = false

  @Flag(help: "Fail on warnings too.")
  var strict = false

  @Option(help: ArgumentHelp("A folder where EventWaveformPath files are looked up (repeatable).", valueName: "dir"))
  var resources: [String] = []

  func run() throws {
    let console = Console()
    let files: [String]
    do {
      files = try PatternFiles.find(in: paths)
    } catch {
      console.error("\(error)")
      throw ExitCode.failure
    }
    var findings: [Diagnostic] = []
    for file in files {
      var diagnostics = Diagnostics(treatsWarningsAsErrors: strict)
      do {
        if let pattern = try Pattern.load(path: file, resourceFolders: resources, diagnostics: &diagnostics) {
          let analysis = try PatternAnalysis(pattern, waveforms: try WaveformLibrary(loadingFor: pattern))
          PatternLinter.lint(analysis, file: file, diagnostics: &diagnostics)
          diagnostics.sortByLocation()
        }
      } catch {
        console.error("\(file): \(error)")
        diagnostics.error(at: SourceLocation(file: file, line: 1, column: 1), JSONPath(), "\(error)")
      }
      findings += diagnostics.all
    }
    if json {
      try JSONOutput.print(findings)
    } else {
      for finding in findings { print(finding) }
      let errors = findings.filter { $0.severity == .error }.count
      console.note(
        "linted \(files.count) file\(files.count == 1 ? "" : "s"): \(errors) error\(errors == 1 ? "" : "s"), \(findings.count - errors) warning\(findings.count - errors == 1 ? "" : "s")"
      )
    }
    if findings.contains(where: { $0.severity == .error }) { throw ExitCode.failure }
  }
}
