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

      Each finding ends with its code in brackets, such as [unknown-key]. --ignore CODE drops \
      the warnings of that code: they are neither printed nor counted, and --strict does not \
      make them errors. Errors cannot be ignored, since a pattern with an error is not rendered.

      Exit status: 0 no errors (and no warnings with --strict), 1 otherwise.
      """)

  @Argument(help: ArgumentHelp("AHAP files or folders.", valueName: "file"), completion: .file(extensions: ["ahap"]))
  var paths: [String]

  @Flag(help: "Print the findings as a JSON array.")
  var json = false

  @Option(
    help: ArgumentHelp(
      "Neither print nor count the warnings of this code (repeatable; docs/diagnostics.md lists the codes).",
      valueName: "code"))
  var ignore: [String] = []

  @OptionGroup var input: InputOptionGroup
  @OptionGroup var diagnostics: DiagnosticOptionGroup

  /// The codes `--ignore` may name: those of warnings.
  static let ignorableCodes = DiagnosticCode.allCases.filter { $0.severity == .warning }.map(\.rawValue)

  func validate() throws {
    for name in ignore {
      guard let code = DiagnosticCode(rawValue: name) else {
        throw Suggestion.unknownName(name, kind: "diagnostic code", builtIn: Self.ignorableCodes)
      }
      guard code.severity == .warning else {
        throw ValidationError(
          "--ignore cannot drop '\(name)': it is an error, and a pattern with an error is not rendered")
      }
    }
  }

  func run() throws {
    let console = Console(isQuiet: diagnostics.quiet)
    try input.warnAboutResources(console: console)
    let files: [String]
    do {
      files = try PatternFiles.find(in: paths, isSandboxed: input.sandbox)
    } catch {
      console.error(error)
      throw ExitCode.failure
    }
    let ignored = Set(ignore.compactMap(DiagnosticCode.init(rawValue:)))
    let checked = files.map {
      (
        file: $0,
        diagnostics: PatternLinter.check(
          path: $0, loader: input.loader, treatsWarningsAsErrors: input.strict, ignoring: ignored,
          wording: CommandLineMessages.text(for:))
      )
    }
    let errors = checked.map(\.diagnostics.errorCount).reduce(0, +)
    let warnings = checked.map(\.diagnostics.warningCount).reduce(0, +)
    if json {
      try JSONOutput.print(checked.flatMap(\.diagnostics.all).map(CommandLineMessages.worded))
    } else {
      for (file, found) in checked {
        let shown = found.all.filter { $0.severity == .error || !diagnostics.quiet }
        for entry in RepeatedDiagnostics.collapse(shown) {
          StandardOutput.printLine(CommandLineMessages.line(for: entry.diagnostic))
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
