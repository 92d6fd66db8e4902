import ArgumentParser
import HapticRender
import RenderCommandSupport

/// `render lint FILE…`: will these patterns behave on a device?
struct Lint: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Check AHAP files: every reader diagnostic plus device-compatibility checks.",
    discussion: """
      Beyond the reader's warnings (curves over 16 points, continuous events over 30 s, \
      absolute-looking curve times, and more) it flags sharpness controls in patterns without \
      continuous events, overlapping continuous events of the same sharpness, waveforms in \
      formats Apple's Core Haptics Unity plug-in warns about (Apple documents none for AHAP), \
      events after more than 10 s of silence, and events that a control silences.

      Exit status: 0 no errors (and no warnings with --strict), 1 otherwise.
      """)

  @Argument(help: ArgumentHelp("AHAP files or folders.", valueName: "file"), completion: .file(extensions: ["ahap"]))
  var paths: [String]

  @Flag(help: "Print the findings as a JSON array.")
  var json = false

  @OptionGroup var input: InputOptionGroup
  @OptionGroup var diagnostics: DiagnosticOptionGroup

  func run() throws {
    let console = Console(isQuiet: diagnostics.quiet)
    input.warnAboutResources(console: console)
    let files: [String]
    do {
      files = try PatternFiles.find(in: paths, isSandboxed: input.sandbox)
    } catch {
      console.error("\(error)")
      throw ExitCode.failure
    }
    let checked = files.map {
      (file: $0, diagnostics: PatternLinter.check(path: $0, loader: input.loader, treatsWarningsAsErrors: input.strict))
    }
    let errors = checked.map(\.diagnostics.errorCount).reduce(0, +)
    let warnings = checked.map(\.diagnostics.warningCount).reduce(0, +)
    if json {
      try JSONOutput.print(checked.flatMap(\.diagnostics.all))
    } else {
      for (file, found) in checked {
        let shown = found.all.filter { $0.severity == .error || !diagnostics.quiet }
        for entry in RepeatedDiagnostics.collapse(shown) {
          StandardOutput.printLine("\(entry.diagnostic)")
          if let note = entry.note { StandardOutput.printLine(note) }
        }
        console.note(omitted: found.omittedCount, in: file)
      }
      console.note(
        "linted \(files.count) file\(files.count == 1 ? "" : "s"): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
      )
    }
    if errors > 0 { throw ExitCode.failure }
  }
}
