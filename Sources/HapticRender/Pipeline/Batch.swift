import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    /// Diagnostics found beyond those kept (see ``Diagnostics/maximumKept``).
    public var omittedDiagnostics = 0
    /// The render, when it succeeded.
    public var report: RenderReport?
    /// Why the file was not written, other than its diagnostics.
    public var error: String?

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

  public init(
    outputFolder: String, format: AudioFileFormat, options: RenderOptions,
    loader: PatternLoader = PatternLoader(), treatsWarningsAsErrors: Bool = false
  ) {
    self.outputFolder = outputFolder
    self.format = format
    self.options = options
    self.loader = loader
    self.treatsWarningsAsErrors = treatsWarningsAsErrors
  }

  /// The AHAP files under `paths` (see ``PatternFiles/find(in:)``), refused when two would
  /// write the same output file.
  ///
  /// - Throws: ``PatternFiles/SearchError``.
  public func inputs(from paths: [String]) throws(PatternFiles.SearchError) -> [String] {
    try PatternFiles.find(
      in: paths,
      refusingCollisions: {
        "would all be written to '\(outputPath(for: $0))'; rename them or render them separately"
      })
  }

  /// `rendered 41 of 42 files into DIR; 1 failed`.
  public func summary(of results: [FileResult]) -> String {
    let failed = results.filter { !$0.succeeded }.count
    let files = "\(results.count) file\(results.count == 1 ? "" : "s")"
    return
      "rendered \(results.count - failed) of \(files) into \(outputFolder)\(failed > 0 ? "; \(failed) failed" : "")"
  }

  /// Where the render of `input` goes: `outputFolder/<stem>.<ext>`.
  public func outputPath(for input: String) -> String {
    "\(outputFolder)/\(PatternFiles.stem(of: input)).\(format.container.rawValue)"
  }

  /// The number of processors online, the default for `jobs`.
  public static var processorCount: Int {
    max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
  }

  /// Renders every input; `progress` is called (from worker threads, one call at a time)
  /// after each file.
  ///
  /// - Parameter jobs: Threads to use, ≥ 1.
  /// - Returns: One result per input, in input order.
  public func run(
    _ inputs: [String], jobs: Int, progress: @Sendable (Progress, FileResult) -> Void = { _, _ in }
  ) -> [FileResult] {
    try? FileSystem.createDirectory(outputFolder)  // a failure shows in every result
    let state = Locked(WorkState(count: inputs.count))
    DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, inputs.count))) { _ in
      while let index = state.withLock({ $0.nextIndex() }) {
        let result = render(inputs[index])
        state.withLock { state in
          state.finish(index, result)
          progress(
            Progress(done: state.done, total: inputs.count, failed: state.failed, current: inputs[index]), result)
        }
      }
    }
    return state.withLock { $0.results.map { $0! } }
  }

  /// Renders one input.
  public func render(_ input: String) -> FileResult {
    var result = FileResult(input: input, output: outputPath(for: input), diagnostics: [])
    var diagnostics = Diagnostics(treatsWarningsAsErrors: treatsWarningsAsErrors)
    do {
      if let pattern = try loader.load(path: input, diagnostics: &diagnostics) {
        result.report = try Render.toFile(pattern, options: options, destination: .file(result.output), format: format)
      }
    } catch let error as FileSystemError {
      result.error = "cannot read \(error)"
    } catch {
      result.error = "\(error)"
    }
    result.diagnostics = diagnostics.all
    result.omittedDiagnostics = diagnostics.omittedCount
    return result
  }
}

/// Work distribution and results shared by the worker threads (behind a ``Locked``).
private struct WorkState {
  var next = 0
  var done = 0
  var failed = 0
  var results: [Batch.FileResult?]

  init(count: Int) {
    results = Array(repeating: nil, count: count)
  }

  mutating func nextIndex() -> Int? {
    guard next < results.count else { return nil }
    next += 1
    return next - 1
  }

  mutating func finish(_ index: Int, _ result: Batch.FileResult) {
    results[index] = result
    done += 1
    if !result.succeeded { failed += 1 }
  }
}
