import HapticFiles
import HapticReader
import HapticSupport
import HapticSynthesis

/// Renders many AHAP files into one folder, on several threads.
///
/// Each file is rendered on its own, so the bytes written do not depend on the number of
/// threads; one file's failure does not stop the others.
public struct Batch: Sendable {
  /// What happened to one input.
  public struct FileResult: Sendable {
    public var input: String
    public var output: String
    /// The pattern's warnings (and errors, when it was refused).
    public var diagnostics: [Diagnostic]
    /// Diagnostics found beyond those kept (see `Diagnostics.maximumKept`).
    public var omittedDiagnostics = 0
    /// The render, when it succeeded.
    public var report: RenderReport?
    /// Why the file was not written, other than its diagnostics.
    public var error: PatternFailure?

    package init(
      input: String, output: String, diagnostics: [Diagnostic], omittedDiagnostics: Int = 0,
      error: PatternFailure? = nil
    ) {
      self.input = input
      self.output = output
      self.diagnostics = diagnostics
      self.omittedDiagnostics = omittedDiagnostics
      self.error = error
    }

    public var succeeded: Bool { report != nil }
  }

  /// Counts reported after each file.
  public struct Progress: Sendable {
    public var done: Int
    public var total: Int
    public var failed: Int
    /// The file just finished.
    public var current: String
  }

  public var outputFolder: String
  public var format: AudioFileFormat
  public var options: RenderOptions
  /// How patterns and their waveforms are read.
  public var loader: PatternLoader
  public var treatsWarningsAsErrors: Bool
  /// Files the run reads besides the patterns and their waveforms (a profile file): no output
  /// may replace them.
  public var otherInputs: [String]
  /// What each pattern becomes instead of its audio, when not `nil`: files named
  /// `<stem>.<pathExtension>`, written by `write`.
  public var conversion: Conversion?

  /// Another product than audio: `write(pattern, input, output, &diagnostics)` writes the
  /// file `output` for the pattern read from `input`, adds its own warnings, and returns the
  /// report of the render it made, or `nil` without writing when its diagnostics hold errors
  /// (warnings under `--strict`); it throws, leaving `output` as it was, when it cannot.
  public struct Conversion: Sendable {
    public var pathExtension: String
    public var write: @Sendable (LoadedPattern, String, String, inout Diagnostics) throws -> RenderReport?

    public init(
      pathExtension: String,
      write: @escaping @Sendable (LoadedPattern, String, String, inout Diagnostics) throws -> RenderReport?
    ) {
      self.pathExtension = pathExtension
      self.write = write
    }
  }

  public init(
    outputFolder: String, format: AudioFileFormat, options: RenderOptions,
    loader: PatternLoader = PatternLoader(), treatsWarningsAsErrors: Bool = false, otherInputs: [String] = []
  ) {
    self.outputFolder = outputFolder
    self.format = format
    self.options = options
    self.loader = loader
    self.treatsWarningsAsErrors = treatsWarningsAsErrors
    self.otherInputs = otherInputs
  }

  /// The AHAP files under `paths` (see `PatternFiles.find(in:isSandboxed:)`), refused when two would
  /// write the same output file, or when an output would replace a waveform an input plays
  /// (`PatternFiles.refuseOutputsOverInputs(_:outputs:loader:otherInputs:)`).
  ///
  /// - Throws: ``PatternSearchError``.
  public func inputs(from paths: [String]) throws(PatternSearchError) -> [String] {
    let files = try PatternFiles.find(
      in: paths, isSandboxed: loader.isSandboxed,
      refusingCollisions: {
        "would all be written to '\(outputPath(for: $0))'; rename them or render them separately"
      })
    try PatternFiles.refuseOutputsOverInputs(
      files, outputs: { [outputPath(for: $0)] }, loader: loader, otherInputs: otherInputs)
    return files
  }

  /// Where the render of `input` goes: `outputFolder/<stem>.<ext>`.
  public func outputPath(for input: String) -> String {
    "\(outputFolder)/\(PatternFiles.stem(of: input)).\(conversion?.pathExtension ?? format.container.rawValue)"
  }

  /// The processors this process can keep busy, the default for `jobs`: those online, on Linux
  /// no more than its affinity mask allows (`taskset`, a container's cpuset) nor its control
  /// group's CPU quota (a container's `--cpus`), rounded up.
  public static var processorCount: Int { ProcessorBudget.count }

  /// Renders every input; `progress` is called (from worker threads, one call at a time)
  /// after each file.
  ///
  /// - Parameters:
  ///   - inputs: The AHAP files to render.
  ///   - jobs: Threads to use, ≥ 1.
  ///   - progress: Told of each file's result and of the count so far.
  /// - Returns: One result per input, in input order.
  /// - Throws: ``PatternSearchError/unreadable(_:)`` when ``outputFolder`` cannot be
  ///   created, before anything is rendered.
  public func run(
    _ inputs: [String], jobs: Int, progress: @Sendable (Progress, FileResult) -> Void = { _, _ in }
  ) throws(PatternSearchError) -> [FileResult] {
    try createOutputFolder()
    let failed = Locked(0)
    return ParallelWork.map(
      count: inputs.count, jobs: jobs, body: { render(inputs[$0]) },
      finished: { index, result, done in
        let failures = failed.withLock { count in
          if !result.succeeded { count += 1 }
          return count
        }
        progress(Progress(done: done, total: inputs.count, failed: failures, current: inputs[index]), result)
      })
  }

  /// Creates ``outputFolder`` and its missing parents.
  ///
  /// - Throws: ``PatternSearchError/unreadable(_:)`` naming the folder and the reason.
  package func createOutputFolder() throws(PatternSearchError) {
    do {
      try FileSystem.createDirectory(outputFolder)
    } catch {
      throw .unreadable(error.about(outputFolder, context: "cannot create this output folder"))
    }
  }

  /// Renders one input.
  public func render(_ input: String) -> FileResult {
    let loaded = loader.load(path: input, treatsWarningsAsErrors: treatsWarningsAsErrors)
    var result = FileResult(
      input: input, output: outputPath(for: input), diagnostics: loaded.diagnostics,
      omittedDiagnostics: loaded.omittedDiagnostics, error: loaded.error.map(PatternFailure.unreadable))
    if let pattern = loaded.pattern {
      do {
        try PatternFiles.checkOutput(result.output, isNot: input)
        if let conversion {
          var diagnostics = Diagnostics(treatsWarningsAsErrors: treatsWarningsAsErrors)
          defer { result.diagnostics += diagnostics.all }
          result.report = try conversion.write(pattern, input, result.output, &diagnostics)
        } else {
          // One file per thread: each file's synthesis on one.
          var options = options
          options.threads = 1
          result.report = try Render.toFile(
            pattern, options: options, destination: .regularFile(result.output), format: format)
        }
      } catch {
        result.error = PatternFailure(error)
      }
    }
    return result
  }
}
