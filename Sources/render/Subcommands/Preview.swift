import ArgumentParser
import HapticRender
import RenderCommandSupport

/// `render preview IN.ahap -o OUT.html`, or a site of pages with `--out-dir`.
struct Preview: ParsableCommand, OptionChecking {
  static let configuration = CommandConfiguration(
    commandName: "preview",
    abstract: "Write HTML pages to hear and see patterns in a browser, a playhead moving over the plot.",
    discussion: """
      Each page is one self-contained file: the title and metadata, an audio player with the \
      render embedded (16-bit FLAC), the plot of render plot with a playhead that follows the \
      audio (click the plot to seek, space to play and pause), the peak level, the render \
      options and the pattern's warnings. Patterns too long to embed at the render's rate are \
      embedded at 8000 Hz; longer still, the audio is written beside the page as NAME.flac.

      With --out-dir, every pattern under the inputs (or every preset named by --preset) gets \
      a page, and index.html lists them with their duration and a thumbnail of the waveform; a \
      pattern that cannot be shown is listed with its error, and the exit status is 1.
      """)

  @Argument(
    help: ArgumentHelp("AHAP files, or folders of them with --out-dir.", valueName: "input.ahap"),
    completion: .file(extensions: ["ahap"]))
  var inputs: [String] = []

  @Option(
    name: .customLong("preset"),
    help: ArgumentHelp("A preset or a family to preview, as render preset takes them (repeatable).", valueName: "name"),
    completion: .list(PresetCatalog.names))
  var presetNames: [String] = []

  @Option(
    name: [.customShort("o"), .long], help: ArgumentHelp("The page to write (one input).", valueName: "file.html"),
    completion: .file(extensions: ["html"]))
  var output: String?

  @Option(
    help: ArgumentHelp("Write DIR/<name>.html for each pattern and DIR/index.html.", valueName: "dir"),
    completion: .directory)
  var outDir: String?

  @Option(help: ArgumentHelp("Width of the plot's time axis in pixels (100 to 20000).", valueName: "pixels"))
  var width = 1_200

  @Option(
    name: [.customShort("j", allowingJoined: true), .long],
    help: "Pages written at once with --out-dir (default: one per usable processor).")
  var jobs: Int?

  @OptionGroup var render: RenderOptionGroup
  @OptionGroup var actuator: ActuatorOptionGroup
  @OptionGroup var input: InputOptionGroup
  @OptionGroup var diagnostics: DiagnosticOptionGroup

  func checkOptions() throws {
    try render.check()
    try actuator.check(layout: render.layout)
    guard !inputs.isEmpty || !presetNames.isEmpty else { throw ValidationError("give AHAP files, or --preset NAME") }
    guard inputs.isEmpty || presetNames.isEmpty else { throw ValidationError("give either AHAP files or --preset") }
    switch (output, outDir) {
    case (nil, nil): throw ValidationError("give -o FILE.html for one input, or --out-dir DIR")
    case (.some, .some): throw ValidationError("give either -o or --out-dir, not both")
    case (.some(let output), nil):
      guard output.lowercased().hasSuffix(".html") else { throw ValidationError("name the page .html") }
      let count = inputs.isEmpty ? try presets().count : inputs.count
      if count != 1 { throw ValidationError("-o takes one pattern; use --out-dir DIR for \(count)") }
    case (nil, .some): break
    }
    try PlotWidthArgument.check(width)
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
  }

  func run() throws {
    let console = Console(isQuiet: diagnostics.quiet)
    try input.warnAboutResources(console: console)
    var options = try render.renderOptions(strict: input.strict, console: console)
    try actuator.apply(
      to: &options, output: .acceleration, hasProfile: render.hasProfile, strict: input.strict, console: console)
    if let output {
      try writePage(to: output, options: options, console: console)
      return
    }
    guard let outDir else { return }
    let site = PreviewSite(
      folder: outDir, options: options, loader: input.loader, treatsWarningsAsErrors: input.strict, plotWidth: width)
    let entries: [PreviewSite.Entry]
    do {
      let report: @Sendable (PreviewSite.Entry) -> Void = {
        console.print($0.diagnostics, omitted: $0.omittedDiagnostics, error: $0.error, input: $0.input)
      }
      if presetNames.isEmpty {
        entries = try site.run(try site.inputs(from: inputs), jobs: jobs ?? Batch.processorCount, progress: report)
      } else {
        entries = try site.run(try presets(), jobs: jobs ?? Batch.processorCount, progress: report)
      }
    } catch {
      for line in CommandLineMessages.text(for: error).split(separator: "\n") { console.error(String(line)) }
      throw ExitCode.failure
    }
    let summary = site.summary(of: entries)
    guard entries.allSatisfy(\.succeeded) else {
      console.error(summary)
      throw ExitCode.failure
    }
    console.note(summary)
  }

  private func writePage(to path: String, options: RenderOptions, console: Console) throws {
    let pattern: LoadedPattern
    let name: String
    var warnings: [Diagnostic] = []
    if let preset = try presets().first {
      pattern = LoadedPattern(preset.pattern())
      name = preset.name
    } else {
      try PatternLoading.checkOutput(path, isNot: inputs[0], console: console)
      guard let loaded = PatternLoading.loadWithDiagnostics(inputs[0], input: input, console: console) else {
        throw ExitCode.failure
      }
      (pattern, warnings) = loaded
      name = PatternFiles.stem(of: inputs[0])
      try PatternLoading.checkOutput(
        path, isNot: inputs[0], norInputsOf: pattern, otherInputs: render.profileFiles + actuator.actuatorFiles,
        console: console)
    }
    do {
      let page = try PreviewPage.write(
        pattern, name: name, diagnostics: warnings, options: options, plotWidth: width,
        inputs: inputs + render.profileFiles + actuator.actuatorFiles, to: path)
      console.note("wrote \(path): \(Summary.seconds(page.duration)) s, \(Self.describe(page.audio))")
    } catch {
      console.error(error, actuator: options.actuator)
      throw ExitCode.failure
    }
  }

  private static func describe(_ audio: PreviewPage.Audio) -> String {
    switch audio {
    case .embedded(let rate): "audio embedded (\(rate) Hz FLAC)"
    case .linked(let file): "audio in \(file) beside it (too long to embed)"
    }
  }

  private func presets() throws -> [Preset] {
    do {
      return try PresetCatalog.presets(named: presetNames)
    } catch {
      throw ValidationError("\(error) See render preset --list.")
    }
  }
}
