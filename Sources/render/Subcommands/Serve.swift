import ArgumentParser
import HapticRender
import RenderCommandSupport

/// `render serve IN.ahap|DIR [--port N]`: the preview page on a local web server, following
/// every edit. The options are parsed and checked here; the server is `render-serve`, which
/// this process becomes (``ServerHandOff``).
struct Serve: ParsableCommand, OptionChecking {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve preview pages on 127.0.0.1, for a browser; an open page follows each edit of its pattern.",
    discussion: """
      A web server on 127.0.0.1 only; its address (http://127.0.0.1:PORT/) is the one line \
      printed on standard output. The page is the one render preview writes; for a folder, \
      an index of its patterns links to their pages. When a file changes, an open page \
      reloads with the new render within a second; an edit with errors shows its \
      diagnostics until the file is mended. Only the patterns' pages, the index and the \
      audio of patterns too long to embed are served; any other path is not found.

      Ctrl-C (exit status 130) or SIGTERM (0) stops it; the pages were rendered into a \
      temporary folder, removed then.
      """)

  @Argument(
    help: ArgumentHelp("An AHAP file, or a folder of them.", valueName: "input.ahap|dir"),
    completion: .file(extensions: ["ahap"]))
  var input: String

  @Option(help: ArgumentHelp("The port on 127.0.0.1 (0 to 65535; 0: a free port).", valueName: "port"))
  var port = 0

  @Option(help: ArgumentHelp("Width of the plot's time axis in pixels (100 to 20000).", valueName: "pixels"))
  var width = 1_200

  @OptionGroup var render: RenderOptionGroup
  @OptionGroup var inputOptions: InputOptionGroup
  @OptionGroup var diagnostics: DiagnosticOptionGroup

  func checkOptions() throws {
    try render.check()
    guard (0...65_535).contains(port) else { throw ValidationError("--port must be within 0...65535") }
    try PlotWidthArgument.check(width)
  }

  func run() throws {
    let console = Console(isQuiet: diagnostics.quiet)
    try inputOptions.warnAboutResources(console: console)
    let settings = ServeSettings(
      input: input, port: UInt16(port), plotWidth: width, treatsWarningsAsErrors: inputOptions.strict,
      isQuiet: diagnostics.quiet, options: try render.renderOptions(strict: inputOptions.strict, console: console),
      loader: inputOptions.loader)
    try ServerHandOff.replaceProcess(with: settings, console: console)
  }
}
