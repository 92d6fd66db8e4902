import ArgumentParser
import HapticRender
import RenderCommandSupport

/// `render android INPUT.ahap -o effect.json|Effect.kt`: the pattern as an Android vibration
/// effect.
struct AndroidCommand: ParsableCommand, OptionChecking {
  static let configuration = CommandConfiguration(
    commandName: "android",
    abstract: "Convert AHAP files to Android vibration effects (JSON or Kotlin).",
    usage: """
      render android <input.ahap> -o <effect.json|Effect.kt> [<options>]
      render android <input.ahap or folder> ... --out-dir <dir> [--kotlin] [<options>]
      """,
    discussion: """
      Writes the waveform of VibrationEffect.createWaveform (amplitudes 0 to 255 in steps of \
      10 ms or more, following the render), the control points of Android 16's \
      BasicEnvelopeBuilder (intensity and sharpness over time), and the transients shorter than \
      a step as Composition primitives. A .kt file builds the envelope on API 36, the \
      composition or the waveform below. Audio events and curves faster than a step are \
      warned about. See docs/android.md.
      """)

  @Argument(
    help: ArgumentHelp("AHAP files, or folders of them with --out-dir.", valueName: "input.ahap"),
    completion: .file(extensions: ["ahap"]))
  var inputs: [String]

  @Option(
    name: [.customShort("o"), .long],
    help: ArgumentHelp("The .json or .kt file to write (one input).", valueName: "file"),
    completion: .file(extensions: ["json", "kt"]))
  var output: String?

  @Option(
    help: ArgumentHelp("Write DIR/<name>.json (or .kt) for each input.", valueName: "dir"), completion: .directory)
  var outDir: String?

  @Flag(help: "With --out-dir, write Kotlin files instead of JSON.")
  var kotlin = false

  @Option(
    help: ArgumentHelp(
      "The device the envelope is fitted to: a JSON file of minPointMillis and maxSensitivityLevelDb (default: AOSP's reference HAL, 20 ms and 40.89 dB).",
      valueName: "file"), completion: .file(extensions: ["json"]))
  var device: String?

  @Option(
    help: ArgumentHelp(
      "The shortest envelope point the device plays, in ms (its getMinControlPointDurationMillis; Android guarantees 20).",
      valueName: "ms"))
  var minPointMs: Int?

  @OptionGroup var render: RenderOptionGroup
  @OptionGroup var input: InputOptionGroup

  @Option(name: [.customShort("j", allowingJoined: true), .long], help: "Files converted at once with --out-dir.")
  var jobs: Int?

  @OptionGroup var diagnostics: DiagnosticOptionGroup

  func checkOptions() throws {
    try render.check()
    switch (output, outDir) {
    case (nil, nil): throw ValidationError("give -o FILE.json or FILE.kt for one input, or --out-dir DIR")
    case (.some, .some): throw ValidationError("give either -o or --out-dir, not both")
    case (.some(let path), nil):
      guard AndroidEffectFile(path: path) != nil else {
        throw ValidationError("cannot tell what to write to '\(path.escapingControlCharacters)'; name it .json or .kt")
      }
      guard inputs.count == 1 else {
        throw ValidationError("-o takes one input; use --out-dir DIR for \(inputs.count) inputs")
      }
      if kotlin { throw ValidationError("--kotlin goes with --out-dir; with -o, name the file .kt") }
    case (nil, .some): break
    }
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    if let minPointMs, !AndroidDevice.pointRange.contains(minPointMs) {
      throw ValidationError("--min-point-ms must be within 1…10000")
    }
  }

  func run() throws {
    let console = Console(isQuiet: diagnostics.quiet)
    try input.warnAboutResources(console: console)
    let options = try render.renderOptions(strict: input.strict, console: console)
    let device = try targetDevice(console: console)
    let otherInputs = render.profileFiles + (self.device.map { [$0] } ?? [])
    if let output, let kind = AndroidEffectFile(path: output) {
      try PatternLoading.checkOutput(output, isNot: inputs[0], console: console)
      guard let pattern = PatternLoading.load(inputs[0], input: input, console: console) else {
        throw ExitCode.failure
      }
      try PatternLoading.checkOutput(
        output, isNot: inputs[0], norInputsOf: pattern, otherInputs: otherInputs, console: console)
      var found = Diagnostics(treatsWarningsAsErrors: input.strict)
      do {
        let report = try kind.write(
          pattern, input: inputs[0], to: output, options: options, device: device, diagnostics: &found)
        console.print(found.all)
        guard let report else { throw ExitCode.failure }
        console.note(
          "wrote \(output.escapingControlCharacters): \(Summary.seconds(Double(report.frameCount) / Double(report.sampleRate))) s as an Android effect"
        )
      } catch let exit as ExitCode {
        throw exit
      } catch {
        console.print(found.all)
        console.error(error)
        throw ExitCode.failure
      }
    } else if let folder = outDir {
      let kind: AndroidEffectFile = kotlin ? .kotlin : .json
      let batch = Batch(
        outputFolder: folder, format: try AudioFileFormat(.wav), options: options, loader: input.loader,
        treatsWarningsAsErrors: input.strict, otherInputs: otherInputs)
      try BatchRunner(batch: batch, console: console).run(inputs, jobs: jobs ?? Batch.processorCount) {
        batch, found in
        let typeNames = kind == .kotlin ? kotlinTypeNames(found, console: console) : [:]
        batch.conversion = Batch.Conversion(pathExtension: kind.rawValue) { pattern, input, output, diagnostics in
          try kind.write(
            pattern, input: input, to: output, options: options, device: device, kotlinTypeName: typeNames[input],
            diagnostics: &diagnostics)
        }
      }
    }
  }

  /// The device `--device` names (AOSP's reference HAL without it), with `--min-point-ms`'s
  /// shortest point when given.
  ///
  /// - Throws: `ExitCode.failure` for a device file that cannot be read or has errors.
  private func targetDevice(console: Console) throws -> AndroidDevice {
    var found = AndroidDevice.reference
    if let device {
      found = try SettingsLoading.load(
        device, kind: "device", strict: input.strict, console: console, named: { _ in nil },
        file: { try AndroidDevice.load(path: $0, diagnostics: &$1) })
    }
    if let minPointMs { found.minPointMillis = minPointMs }
    return found
  }

  /// The Kotlin object of each of a batch's inputs `found`, all different, with a note for each
  /// input whose name was taken.
  private func kotlinTypeNames(_ found: [String], console: Console) -> [String: String] {
    let names = KotlinTypeNames(patternNames: found.map(PatternFiles.stem(of:)))
    for renaming in names.renamings {
      console.note(
        "\(found[renaming.index].escapingControlCharacters) is written as object \(renaming.name): \(renaming.wanted) is \(found[renaming.takenBy].escapingControlCharacters)'s"
      )
    }
    return Dictionary(zip(found, names.names)) { first, _ in first }
  }
}
