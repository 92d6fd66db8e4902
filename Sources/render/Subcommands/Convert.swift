import ArgumentParser
import HapticRender
import RenderCommandSupport

/// `render INPUT.ahap -o OUT.wav`, or many inputs with `--out-dir`: the default subcommand.
struct Convert: ParsableCommand, OptionChecking {
  static let configuration = CommandConfiguration(
    commandName: "convert",
    abstract: "Render AHAP files to audio files (the default command).",
    usage: """
      render <input.ahap> -o <file> [<options>]
      render <input.ahap or folder> ... --out-dir <dir> [<options>]
      """,
    discussion: """
      One input: -o FILE (or - for standard output). Several inputs or folders (searched \
      recursively for .ahap files): --out-dir DIR writes DIR/<name>.<type>, on -j threads; a \
      bad input does not stop the others.

      Warnings (defaults filled in, values clamped, unknown keys) are printed as \
      FILE:LINE:COL: warning: PATH: message, and the render goes on; errors stop it and \
      nothing is written. Output is written to a temporary file and renamed when complete, \
      so an existing file is never left half-written.

      Exit status: 0 success, 1 an input rejected or a write failed, 64 usage error.
      """)

  @Argument(
    help: ArgumentHelp("AHAP files, or folders of them with --out-dir.", valueName: "input.ahap"),
    completion: .file(extensions: ["ahap"]))
  var inputs: [String]

  @OptionGroup var output: OutputOptionGroup
  @OptionGroup var folder: OutputFolderOptionGroup
  @OptionGroup var render: RenderOptionGroup
  @OptionGroup var actuator: ActuatorOptionGroup

  @Flag(
    help: "With --actuator: write the acceleration the drive produces on the actuator's model instead of the drive.")
  var simulate = false

  @Flag(
    help: "With --simulate: the acceleration of the plain drive (the render times the rated drive), for comparison.")
  var noCompensation = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "With --simulate: the acceleration on an actuator resonating at HZ (a unit of the spread), the drive still computed for the actuator's own resonance.",
      valueName: "hz"))
  var simulateResonance: Double?

  @OptionGroup var input: InputOptionGroup

  @Option(
    name: [.customShort("j", allowingJoined: true), .long],
    help:
      "Files rendered at once with --out-dir, threads that synthesize one render with -o (default: one per usable processor, and one more where the peak limiter runs; on two processors, one when the file's encoding costs at least half the synthesis)."
  )
  var jobs: Int?

  @Option(
    help: ArgumentHelp(
      "With --out-dir, render only the I-th of N shards, for a CI matrix (e.g. 2/4).", valueName: "i/n"),
    transform: ShardArgument.parse)
  var shard: Shard?

  @OptionGroup var diagnostics: DiagnosticOptionGroup

  func checkOptions() throws {
    try output.check(folder: folder)
    try render.check()
    try actuator.check(layout: render.layout)
    if simulate, actuator.actuator == nil { throw ValidationError("--simulate needs --actuator NAME|FILE.json") }
    if noCompensation, !simulate { throw ValidationError("--no-compensation goes with --simulate") }
    if let simulateResonance {
      guard simulate else { throw ValidationError("--simulate-resonance goes with --simulate") }
      guard ActuatorModel.resonanceRange.contains(simulateResonance) else {
        throw ValidationError(
          "--simulate-resonance: expected a resonance in Hz within \(RenderOptions.Setting.actuatorResonance.bounds), found \(simulateResonance.formatted)"
        )
      }
    }
    _ = try output.format(sampleRate: render.rate)
    if output.output != nil {
      guard inputs.count == 1 else {
        throw ValidationError("-o takes one input; use --out-dir DIR for \(inputs.count) inputs")
      }
      if PatternFiles.isFolder(inputs[0]) {
        throw ValidationError("'\(inputs[0])' is a folder; use --out-dir DIR to render every .ahap file under it")
      }
    }
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    if shard != nil, output.output != nil { throw ValidationError("--shard goes with --out-dir, not -o") }
  }

  func run() throws {
    let console = Console(isQuiet: diagnostics.quiet)
    try input.warnAboutResources(console: console)
    var options = try render.renderOptions(strict: input.strict, console: console)
    try actuator.apply(
      to: &options, output: simulate ? (noCompensation ? .plainAcceleration : .acceleration) : .drive,
      hasProfile: render.hasProfile, strict: input.strict, console: console)
    options.actuator?.simulatedResonance = simulateResonance
    let format = try output.format(sampleRate: options.sampleRate)
    if output.destination != nil {
      AllocatorTuning.keepFreedMemory()
      options.threads = jobs
      if let path = output.output, path != "-" {
        try PatternLoading.checkOutput(path, isNot: inputs[0], console: console)
      }
      guard let pattern = PatternLoading.load(inputs[0], input: input, console: console) else {
        throw ExitCode.failure
      }
      if let path = output.output, path != "-" {
        try PatternLoading.checkOutput(
          path, isNot: inputs[0], norInputsOf: pattern, otherInputs: render.profileFiles + actuator.actuatorFiles,
          console: console)
      }
      try output.write(pattern, options: options, format: format, console: console)
    } else if let outDir = folder.outDir {
      let batch = Batch(
        outputFolder: outDir, format: format, options: options, loader: input.loader,
        treatsWarningsAsErrors: input.strict, otherInputs: render.profileFiles + actuator.actuatorFiles)
      try BatchRunner(batch: batch, console: console).run(inputs, jobs: jobs ?? Batch.processorCount, shard: shard)
    }
  }
}
