import HapticAnalysis
import HapticAudio
import HapticFiles
import HapticModel
import HapticPipeline
import HapticReader
import HapticSynthesis

/// Renders patterns and compares each with its golden audio file, `GOLDEN/<name>.<ext>`.
///
/// The library side of `render check`, and of
/// ``Golden/verify(pattern:golden:options:tolerance:resourceFolders:filePath:)``.
public struct GoldenCheck: Sendable {
  /// What happened to one pattern.
  public enum Outcome: Sendable {
    /// Within tolerance.
    case passed(ComparisonReport)
    /// Different; the render was written to `renderedPath` for inspection.
    case failed(ComparisonReport, renderedPath: String?)
    /// No golden file, and updating was not asked for.
    case missing(goldenPath: String)
    /// The golden file was missing and has been written.
    case recorded(goldenPath: String)
    /// The golden file differed, or could not be read, and has been rewritten; `previous` says
    /// how it differed or why it could not be read.
    case updated(previous: Previous)
    /// The pattern or a file could not be read or rendered.
    case error(PatternFailure)
  }

  /// What a golden file that has been rewritten held before.
  public enum Previous: Sendable, CustomStringConvertible {
    /// A render that differed beyond the tolerance: the comparison.
    case differed(ComparisonReport)
    /// A file that could not be read as audio.
    case unreadable(EncodingError)

    /// `max |Δ| 0.01`, or `unreadable: ` and why.
    public var description: String {
      switch self {
      case .differed(let report): "max |Δ| \(report.maxDifference)"
      case .unreadable(let error): "unreadable: \(error)"
      }
    }
  }

  public var goldenFolder: String
  public var format: AudioFileFormat
  public var options: RenderOptions
  public var tolerance: ComparisonTolerance
  /// How patterns and their waveforms are read.
  public var loader: PatternLoader
  /// Write missing golden files and rewrite those that differ.
  public var updatesGoldens: Bool

  public init(
    goldenFolder: String, format: AudioFileFormat, options: RenderOptions = RenderOptions(),
    tolerance: ComparisonTolerance = ComparisonTolerance(), loader: PatternLoader = PatternLoader(),
    updatesGoldens: Bool = false
  ) {
    self.goldenFolder = goldenFolder
    self.format = format
    self.options = options
    self.tolerance = tolerance
    self.loader = loader
    self.updatesGoldens = updatesGoldens
  }

  /// The AHAP files under `paths`, refused when two would share a golden file.
  ///
  /// - Throws: `PatternSearchError`.
  public func patterns(in paths: [String]) throws(PatternSearchError) -> [String] {
    try PatternFiles.find(
      in: paths, isSandboxed: loader.isSandboxed,
      refusingCollisions: { "would share one golden file '\(goldenPath(for: $0))'; rename one" })
  }

  /// Where the golden file of the pattern at `path` is.
  public func goldenPath(for path: String) -> String {
    "\(goldenFolder)/\(FileSystem.stem(of: path)).\(format.container.rawValue)"
  }

  /// Checks one pattern against its golden file (by default ``goldenPath(for:)``);
  /// diagnostics of the pattern go to `diagnostics`.
  public func check(patternAt path: String, golden: String? = nil, diagnostics: inout Diagnostics) -> Outcome {
    do {
      guard let pattern = try loader.load(path: path, diagnostics: &diagnostics) else {
        return .error(.invalid(path: path))
      }
      return check(pattern, name: path, golden: golden ?? goldenPath(for: path))
    } catch {
      return .error(.unreadable(error))
    }
  }

  /// Checks a pattern already loaded; `name` stands for it in the report and names the render
  /// written when it fails.
  public func check(_ pattern: some RenderablePattern, name: String, golden: String) -> Outcome {
    let pattern = pattern.loadedPattern
    do {
      guard FileSystem.exists(golden) else {
        guard updatesGoldens else { return .missing(goldenPath: golden) }
        try record(pattern, to: golden)
        return .recorded(goldenPath: golden)
      }
      let readable = Result { () throws(EncodingError) in try AudioFileReader(path: golden) }
      if case .failure(let error) = readable, updatesGoldens {
        try record(pattern, to: golden)
        return .updated(previous: .unreadable(error))
      }
      var expected = try readable.get()
      func compare(with actual: inout some FrameSource) throws -> ComparisonReport {
        try Comparison.compare(expected: &expected, actual: &actual, names: (golden, name), tolerance: tolerance)
      }
      var rendered = comparesWrittenRender ? nil : try PatternSource(pattern, options: options)
      // A FLAC, Opus or MP3 file of a render of no frames holds one frame of silence: such a
      // render is compared as written too.
      if rendered?.frameCount == 0, format.container.needsAFrame { rendered = nil }
      let report: ComparisonReport
      var written: String?
      if var rendered {
        report = try compare(with: &rendered)
      } else {
        let path = try writeRender(pattern, golden: golden)
        written = path
        var actual = try AudioFileReader(path: path)
        report = try compare(with: &actual)
      }
      if report.passed {
        written.map(Self.removeRender)
        return .passed(report)
      }
      if updatesGoldens {
        written.map(Self.removeRender)
        try record(pattern, to: golden)
        return .updated(previous: .differed(report))
      }
      return .failed(report, renderedPath: written ?? (try? writeRender(pattern, golden: golden)))
    } catch {
      return .error(PatternFailure(error))
    }
  }

  /// Whether the render is compared as the golden file would hold it, written in ``format``
  /// (its samples quantized to the encoding) rather than as rendered: when no difference is
  /// accepted, so that a check with `maxDifference` 0 passes exactly when `--update` would write
  /// the same samples. (A float render and a 24-bit file differ by up to half a step, 6e-8.)
  private var comparesWrittenRender: Bool {
    tolerance.metric == .samples && tolerance.maxDifference == 0
  }

  /// Writes the render in ``format`` as `<golden's name>` in a new folder of its own under
  /// `$TMPDIR` (parallel test jobs never overwrite each other's); returns its path. A failing
  /// check leaves it there for inspection.
  private func writeRender(_ pattern: LoadedPattern, golden: String) throws -> String {
    let folder = try TemporaryPath.newFolder(prefix: "render-actual-")
    let rendered = "\(folder)/\(FileSystem.stem(of: golden)).\(format.container.rawValue)"
    try Render.toFile(pattern, options: options, destination: .file(rendered), format: format)
    return rendered
  }

  /// Removes a render ``writeRender(_:golden:)`` wrote, with the folder made for it.
  private static func removeRender(_ path: String) {
    ScratchFolder.remove(FileSystem.directory(of: path))
  }

  private func record(_ pattern: LoadedPattern, to golden: String) throws {
    try FileSystem.createDirectory(FileSystem.directory(of: golden))
    try Render.toFile(pattern, options: options, destination: .regularFile(golden), format: format)
  }
}
