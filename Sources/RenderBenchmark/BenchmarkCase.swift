import Foundation
import HapticRender

/// One measured case: what it renders, and how.
struct BenchmarkCase: Sendable {
  var name: String
  var summary: String
  /// Runs the case in this process and returns its figures.
  var run: @Sendable () throws -> Measurement
  /// Measures the wall seconds the case is compared with, run alternately with it: the write
  /// limit of the frames it renders, or for a drive the same render without the actuator;
  /// `nil` for cases compared with none (loading, batches).
  var reference: (@Sendable () throws -> Double)?

  /// What one case measured.
  struct Measurement: Codable {
    var audioSeconds: Double
    var frames: Int
    var wallSeconds: Double
    /// User and system seconds of every thread of the render (of `render` for a process).
    var processorSeconds: Double = 0
    /// The synthesis threads of the render: those it was given, or its default
    /// (`Render.threadCount`: one per processor, and one more where the limiter runs on them;
    /// on two processors one for a file whose encoder costs at least half the synthesis).
    var threads = Batch.processorCount
    var files: Int = 1
    /// Bytes of AHAP text read, for the cases that time loading.
    var inputBytes: Int = 0
    /// The reference's seconds (``BenchmarkCase/reference``): libsndfile alone writing the same
    /// frames from a ready buffer, or the render without the actuator.
    var referenceSeconds: Double?
    var peakMemoryMB: Double = 0
    /// Seconds each shard took, for the cases that run `render check --shard I/N` N times.
    var shardSeconds: [Double]?
  }

  /// Every case, in the order they run.
  static let all = rendering + dense + scaling

  static let rendering: [BenchmarkCase] = [
    breathing(
      cycles: 190, container: .wav, name: "hour-wav", summary: "1-hour 4-7-8 session (190 cycles), 48 kHz, 24-bit WAV"),
    breathing(
      cycles: 190, container: .flac, name: "hour-flac",
      summary: "1-hour 4-7-8 session (190 cycles), 48 kHz, 24-bit FLAC"),
    breathing(cycles: 95, container: .wav, name: "half-hour-wav", summary: "30-minute session (95 cycles), 24-bit WAV"),
    breathing(cycles: 3, container: .wav, name: "minute-wav", summary: "1-minute session (3 cycles), 24-bit WAV"),
    transients(count: 100_000, name: "transients-100k", summary: "100,000 transients 10 ms apart, 24-bit WAV"),
    transients(count: 50_000, name: "transients-50k", summary: "50,000 transients 10 ms apart, 24-bit WAV"),
    synthesis(
      breathingPattern(cycles: 190), name: "hour-synthesis",
      summary: "the 1-hour session rendered into a sink that discards it: the synthesis thread alone"),
    synthesis(
      transientPattern(count: 100_000), name: "transients-100k-synthesis",
      summary: "the 100,000 transients rendered into a sink that discards them"),
    smallFiles(count: 1_000, name: "files-1000", summary: "1,000 short corpus-like files in one batch, WAV"),
    endToEnd(
      breathingPattern(cycles: 190), name: "cli-hour-wav",
      summary: "`render` as a process: the 1-hour session from its AHAP file, 24-bit WAV"),
    endToEnd(
      transientPattern(count: 100_000), name: "cli-transients-100k",
      summary: "`render` as a process: 100,000 transients from their AHAP file (19 MB), 24-bit WAV"),
    load(transientPattern(count: 100_000), name: "load-100k", summary: "parsing the 100,000 transients' AHAP text"),
    goldenCheck(
      copies: 20, shardCount: nil, name: "cli-check",
      summary: "`render check` as a process: the 13 samples copied 20 times (260 patterns) against their golden files"),
    goldenCheck(
      copies: 20, shardCount: 4, name: "cli-check-shards",
      summary: "the same 260 patterns checked as 4 shards (`--shard I/4`), one process after another"),
    actuator(
      cycles: 60, model: nil, band: .lra, name: "session-19min-wav",
      summary:
        "19-minute session (60 cycles) in lra's carrier band, 24-bit WAV: what actuator-19min-wav runs as its reference"
    ),
    actuator(
      cycles: 60, model: .lra, band: .lra, name: "actuator-19min-wav",
      summary: "the same 19-minute session with --actuator lra: the drive, 24-bit WAV"),
    actuator(
      cycles: 60, model: nil, band: .voiceCoil, name: "session-19min-wide-wav",
      summary:
        "19-minute session (60 cycles) across voice-coil's 50…300 Hz, 24-bit WAV: what voice-coil-19min-wav runs as its reference"
    ),
    actuator(
      cycles: 60, model: .voiceCoil, band: .voiceCoil, name: "voice-coil-19min-wav",
      summary: "the same 19-minute session with --actuator voice-coil: the equalized drive, 24-bit WAV"),
  ]

  // MARK: - Cases

  static func breathing(cycles: Int, container: AudioFileFormat.Container, name: String, summary: String)
    -> BenchmarkCase
  {
    BenchmarkCase(name: name, summary: summary) {
      try measureSingle(breathingPattern(cycles: cycles), container: container)
    } reference: {
      try measureWriteLimit(breathingPattern(cycles: cycles), container: container)
    }
  }

  static func transients(count: Int, name: String, summary: String) -> BenchmarkCase {
    BenchmarkCase(name: name, summary: summary) {
      try measureSingle(transientPattern(count: count), container: .wav)
    } reference: {
      try measureWriteLimit(transientPattern(count: count), container: .wav)
    }
  }

  /// A session rendered with the carriers of `band`'s band, for `model` when one is given (the
  /// drive, with the render without it as its reference: the pair measures what `--actuator`
  /// costs) or without an actuator.
  static func actuator(cycles: Int, model: ActuatorModel?, band: ActuatorModel, name: String, summary: String)
    -> BenchmarkCase
  {
    var benchmark = BenchmarkCase(name: name, summary: summary) {
      try measureSession(cycles: cycles, model: model, band: band, name: name)
    }
    if model != nil {
      benchmark.reference = { try measureSession(cycles: cycles, model: nil, band: band, name: name).wallSeconds }
    }
    return benchmark
  }

  /// The session of `cycles` breathing cycles in `band`'s carrier band, rendered to a 24-bit WAV
  /// for `model` or without an actuator.
  static func measureSession(cycles: Int, model: ActuatorModel?, band: ActuatorModel, name: String) throws
    -> Measurement
  {
    let (pattern, base) = try prepare(breathingPattern(cycles: cycles))
    var options = base
    options.profile = band.bandProfile
    options.actuator = model.map { ActuatorRendering(model: $0, name: name) }
    let folder = try Scratch()
    let watch = Stopwatch()
    let report = try Render.toFile(
      pattern, options: options, destination: .file("\(folder.path)/out.wav"), format: AudioFileFormat(.wav))
    let (wall, processor) = watch.read()
    // With an actuator, the threads of its target, which the drive reads (no file).
    return Measurement(
      audioSeconds: report.durationSeconds, frames: report.frameCount, wallSeconds: wall, processorSeconds: processor,
      threads: try threadCount(pattern, options, format: model == nil ? AudioFileFormat(.wav) : nil))
  }

  static func smallFiles(count: Int, name: String, summary: String) -> BenchmarkCase {
    BenchmarkCase(name: name, summary: summary) {
      let folder = try Scratch()
      let sources = [
        "heartbeat", "session-complete", "tap-buzz-tap", "success", "quick-sample", "inhale-swell", "audio-tone",
      ]
      let texts = try sources.map { try String(contentsOfFile: "\(samplesFolder)/\($0).ahap", encoding: .utf8) }
      var inputs: [String] = []
      for index in 0..<count {
        let path = "\(folder.path)/in/\(sources[index % sources.count])-\(index).ahap"
        if index == 0 {
          try FileManager.default.createDirectory(atPath: "\(folder.path)/in", withIntermediateDirectories: true)
        }
        try texts[index % texts.count].write(toFile: path, atomically: false, encoding: .utf8)
        inputs.append(path)
      }
      let batch = Batch(outputFolder: "\(folder.path)/out", format: try AudioFileFormat(.wav), options: RenderOptions())
      let watch = Stopwatch()
      let results = try batch.run(inputs, jobs: Batch.processorCount)
      let (wall, processor) = watch.read()
      guard results.allSatisfy(\.succeeded) else { throw BenchmarkError("a batch file failed") }
      let frames = results.compactMap(\.report?.frameCount).reduce(0, +)
      return Measurement(
        audioSeconds: Double(frames) / 48_000, frames: frames, wallSeconds: wall, processorSeconds: processor,
        files: count)
    }
  }

  /// Runs the built `render` (beside this program) on `json` saved as a file, as a user does.
  ///
  /// - Parameters:
  ///   - encoding: The WAV's sample encoding, `render -b` (24-bit when `nil`).
  ///   - threads: The synthesis threads, `render -j` (`render`'s default when `nil`).
  static func endToEnd(
    _ text: @autoclosure @escaping @Sendable () -> String, encoding: AudioFileFormat.SampleEncoding? = nil,
    threads: Int? = nil, name: String, summary: String
  ) -> BenchmarkCase {
    BenchmarkCase(name: name, summary: summary) {
      let json = text()
      let folder = try Scratch()
      try json.write(toFile: "\(folder.path)/in.ahap", atomically: false, encoding: .utf8)
      let render = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("render").path
      let arguments =
        [
          render, "\(folder.path)/in.ahap", "-o", "\(folder.path)/out.wav", "--max-duration", "7200", "-q",
        ] + (encoding.map { ["-b", $0.rawValue] } ?? []) + (threads.map { ["-j", "\($0)"] } ?? [])
      let watch = Stopwatch(ofChildren: true)
      let status = try spawnAndWait(arguments)
      let (wall, processor) = watch.read()
      guard status == 0 else { throw BenchmarkError("render failed; build it with -c release") }
      let peak = peakMemoryMB(ofChildren: true)
      let (pattern, options) = try prepare(json)
      let frames = try Renderer(pattern: pattern, options: options).frameCount
      return Measurement(
        audioSeconds: Double(frames) / 48_000, frames: frames, wallSeconds: wall, processorSeconds: processor,
        threads: try threads ?? threadCount(pattern, options, format: AudioFileFormat(.wav, encoding: encoding)),
        inputBytes: json.utf8.count, peakMemoryMB: peak)
    } reference: {
      try measureWriteLimit(text(), container: .wav, encoding: encoding)
    }
  }

  /// Runs the built `render check` on the samples copied `copies` times under new names (each
  /// with its golden file, `stem-N.flac`), in one process, or as `shardCount` shards one after
  /// another.
  static func goldenCheck(copies: Int, shardCount: Int?, name: String, summary: String) -> BenchmarkCase {
    BenchmarkCase(name: name, summary: summary) {
      let folder = try Scratch()
      let manager = FileManager.default
      try manager.createDirectory(atPath: "\(folder.path)/in", withIntermediateDirectories: true)
      try manager.createDirectory(atPath: "\(folder.path)/golden", withIntermediateDirectories: true)
      try manager.copyItem(atPath: "\(samplesFolder)/knock.wav", toPath: "\(folder.path)/in/knock.wav")
      let stems = try manager.contentsOfDirectory(atPath: samplesFolder).filter { $0.hasSuffix(".ahap") }
        .map { String($0.dropLast(5)) }.sorted()
      var frames = 0
      for stem in stems {
        let golden = "\(samplesFolder)/../Tests/Golden/\(stem).flac"
        frames += try AudioFileReader(path: golden).frameCount * copies
        for copy in 1...copies {
          try manager.copyItem(
            atPath: "\(samplesFolder)/\(stem).ahap", toPath: "\(folder.path)/in/\(stem)-\(copy).ahap")
          try manager.copyItem(atPath: golden, toPath: "\(folder.path)/golden/\(stem)-\(copy).flac")
        }
      }
      let render = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("render").path
      let command = [render, "check", "\(folder.path)/in", "--golden", "\(folder.path)/golden", "-q"]
      var shardSeconds: [Double] = []
      var processor = 0.0
      for shard in shardCount.map({ count in (1...count).map { ["--shard", "\($0)/\(count)"] } }) ?? [[]] {
        let watch = Stopwatch(ofChildren: true)
        let status = try spawnAndWait(command + shard, discardingOutput: true)
        let (wall, shardProcessor) = watch.read()
        shardSeconds.append(wall)
        processor += shardProcessor
        guard status == 0 else { throw BenchmarkError("render check failed; build it with -c release") }
      }
      return Measurement(
        audioSeconds: Double(frames) / 48_000, frames: frames, wallSeconds: shardSeconds.reduce(0, +),
        processorSeconds: processor, files: stems.count * copies, shardSeconds: shardCount == nil ? nil : shardSeconds)
    }
  }

  /// Renders `json` into a sink that keeps nothing: the synthesis (and the peak policy) alone,
  /// the side of the pipeline that must stay below the write.
  static func synthesis(_ text: @autoclosure @escaping @Sendable () -> String, name: String, summary: String)
    -> BenchmarkCase
  {
    BenchmarkCase(name: name, summary: summary) {
      let (pattern, options) = try prepare(text())
      let watch = Stopwatch()
      let report = try Render.stream(pattern, options: options) { _ in }
      let (wall, processor) = watch.read()
      return Measurement(
        audioSeconds: report.durationSeconds, frames: report.frameCount, wallSeconds: wall, processorSeconds: processor,
        threads: try threadCount(pattern, options, format: nil))
    } reference: {
      try measureWriteLimit(text(), container: .wav)
    }
  }

  /// Runs `arguments[0]` with `arguments` and waits for it with `waitpid`, which returns as soon
  /// as the child exits (Foundation's `Process.waitUntilExit` added tens of milliseconds here).
  ///
  /// - Parameter discardingOutput: Send the child's standard output to `/dev/null` (this
  ///   process's standard output carries the case's figures).
  /// - Returns: The wait status, 0 for a clean exit.
  static func spawnAndWait(_ arguments: [String], discardingOutput: Bool = false) throws -> Int32 {
    var pid = pid_t()
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    #if os(macOS)
      var actions: posix_spawn_file_actions_t?
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if discardingOutput { posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0) }
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
    guard spawned == 0 else { throw BenchmarkError("cannot start \(arguments[0]): error \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return status
  }

  /// Parses `json` from memory into a pattern.
  static func load(_ text: @autoclosure @escaping @Sendable () -> String, name: String, summary: String)
    -> BenchmarkCase
  {
    BenchmarkCase(name: name, summary: summary) {
      let bytes = Array(text().utf8)
      let watch = Stopwatch()
      var diagnostics = Diagnostics()
      guard let pattern = Pattern.parse(bytes, file: "load.ahap", diagnostics: &diagnostics) else {
        throw BenchmarkError("benchmark pattern rejected")
      }
      let (wall, processor) = watch.read()
      return Measurement(
        audioSeconds: 0, frames: pattern.events.count, wallSeconds: wall, processorSeconds: processor, files: 1,
        inputBytes: bytes.count)
    }
  }

  /// Renders `json` to a file, then writes the same frames from memory through libsndfile.
  static func measureSingle(_ json: String, container: AudioFileFormat.Container) throws -> Measurement {
    let (pattern, options) = try prepare(json)
    let format = try AudioFileFormat(container)
    let folder = try Scratch()
    let watch = Stopwatch()
    let report = try Render.toFile(
      pattern, options: options, destination: .file("\(folder.path)/out.\(container)"), format: format)
    let (wall, processor) = watch.read()
    return Measurement(
      audioSeconds: report.durationSeconds, frames: report.frameCount, wallSeconds: wall, processorSeconds: processor,
      threads: try threadCount(pattern, options, format: format))
  }

  /// The synthesis threads a render of `pattern` with `options` into a file of `format` (or a
  /// stream, `nil`) takes (not timed: its schedule is made again).
  static func threadCount(_ pattern: Pattern, _ options: RenderOptions, format: AudioFileFormat?) throws -> Int {
    Render.threadCount(try PatternSource(pattern, options: options), options, writingTo: format)
  }

  /// The write limit of a single-file case: its frames rendered into memory (not timed), then
  /// written from that buffer by libsndfile alone, in blocks of the render's size (timed).
  static func measureWriteLimit(
    _ json: String, container: AudioFileFormat.Container, encoding: AudioFileFormat.SampleEncoding? = nil
  ) throws -> Double {
    let (pattern, options) = try prepare(json)
    let audio = try Render.toMemory(pattern, options: options)
    let samples = audio.channels[0].map { min(max($0, -1), 1) }
    let folder = try Scratch()
    let file = try DirectSoundFile(
      path: "\(folder.path)/limit.\(container)", format: AudioFileFormat(container, encoding: encoding),
      sampleRate: 48_000)
    let start = Clock.now()
    samples.withUnsafeBufferPointer { file.write($0, blockSize: options.blockSize) }
    file.close()
    return Clock.now() - start
  }

  /// The pattern of a benchmark text, and options that allow two hours.
  static func prepare(_ json: String) throws -> (Pattern, RenderOptions) {
    var diagnostics = Diagnostics()
    guard let pattern = Pattern.parse(Array(json.utf8), file: "benchmark.ahap", diagnostics: &diagnostics) else {
      throw BenchmarkError("benchmark pattern rejected: \(diagnostics.all)")
    }
    var options = RenderOptions()
    options.maximumDurationSeconds = 7_200
    return (pattern, options)
  }

  static var samplesFolder: String {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/") + "/samples"
  }
}
