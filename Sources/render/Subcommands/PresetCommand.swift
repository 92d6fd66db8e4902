import ArgumentParser
import HapticRender
import RenderCommandSupport

/// `render preset NAME -o FILE`: the system haptics of iOS, React Native, Expo and Android.
struct PresetCommand: ParsableCommand, OptionChecking {
  static let configuration = CommandConfiguration(
    commandName: "preset",
    abstract: "Render system haptics (UIKit feedback generators, expo-haptics, Android effects).",
    discussion: """
      NAME is family/name (ios/impact.light), a name of the default ios family (impact.light), \
      or a family (ios) for all its presets; --list shows them all with their sources and events. Apple \
      publishes no waveforms: the ios family is measured from the Human Interface Guidelines' \
      diagrams, an approximation.

      -o FILE.ahap writes the preset as an AHAP pattern instead of audio.

      Examples:
        render preset impact.soft -o soft.wav --intensity 0.7
        render preset notification.error -o error.ahap
        render preset ios --out-dir cues -t flac
      """)

  @Flag(help: "List every preset with its call, its source and its events.")
  var list = false

  @Argument(
    help: ArgumentHelp("Presets or families.", valueName: "name"),
    completion: .list(PresetCatalog.names))
  var names: [String] = []

  @Option(
    help: ArgumentHelp(
      "The intensity argument of impactOccurred(intensity:), 0 to 1: multiplies every event's intensity (written into an AHAP export).",
      valueName: "x"))
  var intensity = 1.0

  @OptionGroup var output: OutputOptionGroup
  @OptionGroup var folder: OutputFolderOptionGroup
  @OptionGroup var render: RenderOptionGroup
  @OptionGroup var diagnostics: DiagnosticOptionGroup

  func checkOptions() throws {
    if list { return }
    try render.check()
    guard !names.isEmpty else { throw ValidationError("name a preset or a family, or give --list") }
    try output.check(acceptingPatterns: true, folder: folder)
    if !output.writesPattern { _ = try output.format(sampleRate: render.rate) }
    guard (0...1).contains(intensity) else { throw ValidationError("--intensity must be within 0…1") }
    let count = try presets().count
    if output.output != nil, count != 1 {
      throw ValidationError("-o takes one preset; \(names.joined(separator: " ")) names \(count): use --out-dir DIR")
    }
  }

  func run() throws {
    if list {
      printList()
      return
    }
    let console = Console(isQuiet: diagnostics.quiet)
    let presets = try presets()
    if output.writesPattern, let path = output.output {
      do {
        try TextFile.write(presets[0].pattern(intensity: intensity).ahapText(), to: path)
        console.note("wrote \(path): \(presets[0].id) as an AHAP pattern")
      } catch {
        console.error(error)
        throw ExitCode.failure
      }
      return
    }
    let options = try render.renderOptions(strict: false, console: console)
    let format = try output.format(sampleRate: options.sampleRate)
    if output.destination != nil {
      try output.write(presets[0].pattern(intensity: intensity), options: options, format: format, console: console)
    } else if let outDir = folder.outDir {
      let batch = Batch(outputFolder: outDir, format: format, options: options)
      try BatchRunner(batch: batch, console: console).run(presets, intensity: intensity)
    }
  }

  /// The presets the names mean, in order, each once.
  private func presets() throws -> [Preset] {
    do {
      return try PresetCatalog.presets(named: names)
    } catch {
      throw ValidationError("\(error) See render preset --list.")
    }
  }

  private func printList() {
    let width = PresetCatalog.presets.map(\.id.count).max() ?? 0
    for family in PresetCatalog.families {
      print("\(family.name): \(family.summary)")
      if let caveat = family.caveat { print("  approximation: \(caveat)") }
      for preset in family.presets {
        let padding = String(repeating: " ", count: width - preset.id.count)
        print("  \(preset.id)\(padding)  \(preset.call)  [\(preset.source)]")
        print("  " + String(repeating: " ", count: width) + "  events: \(preset.eventSummary)")
      }
    }
  }
}
