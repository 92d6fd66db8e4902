import HapticAnalysis
import HapticFiles
import HapticModel
import HapticPipeline
import HapticReader
import HapticSynthesis

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One-line golden-file checks for test suites (XCTest or Swift Testing).
///
/// ```swift
/// try Golden.verify(pattern: "Patterns/breath.ahap", golden: "Golden/breath.flac")
/// ```
public enum Golden {
  /// A render that does not match its golden file, or a check that could not be made: what was
  /// compared, with what tolerance, and what was found.
  public struct Mismatch: Error, CustomStringConvertible {
    /// What the check found.
    public enum Reason: Sendable {
      /// The render differs beyond the tolerance; the render was written to `renderedPath`, in a
      /// folder of its own under `$TMPDIR`, unless it could not be written (`nil`).
      case differed(ComparisonReport, renderedPath: String?)
      /// There was no golden file, or `RECORD_GOLDENS` was `1`: the render was recorded as the
      /// golden file.
      case recorded
      /// The golden file is missing and was not recorded.
      case missing
      /// The pattern or a file could not be read or rendered; `diagnostics` are the pattern's.
      case failed(PatternFailure, diagnostics: [Diagnostic])
    }

    public var reason: Reason
    /// The pattern checked: its path, or the name that stands for a pattern in memory.
    public var pattern: String
    /// The golden file's path.
    public var golden: String
    /// The tolerance of the comparison.
    public var tolerance: ComparisonTolerance

    /// The comparison, when the render differed.
    public var report: ComparisonReport? {
      if case .differed(let report, _) = reason { return report }
      return nil
    }

    /// The figures and the path of the rendered file, the baseline recorded, or why the check
    /// could not be made (with the pattern's diagnostics), one a line.
    public var description: String {
      switch reason {
      case .differed(let report, let rendered):
        "\(report)\nrendered: \(rendered ?? "(could not be written)")\nto accept the new sound: RECORD_GOLDENS=1 swift test"
      case .recorded: "recorded new baseline '\(golden)'; listen to it, then run again"
      case .missing: "golden file '\(golden)' is missing"
      case .failed(let failure, let diagnostics):
        ([failure.description] + diagnostics.map(\.description)).joined(separator: "\n")
      }
    }
  }

  /// Renders `pattern` and compares it with the audio file `golden`.
  ///
  /// Relative paths (`pattern`, `golden`, `resourceFolders`) are resolved against the folder of
  /// the calling test file, as snapshot-testing libraries do, so the check works wherever the
  /// test runner starts (Xcode, `swift test`, CI). When `golden` does not exist, or the
  /// environment variable `RECORD_GOLDENS` is `1`, the render is written there instead and the
  /// call throws "recorded new baseline", so that a new or changed golden file is always looked
  /// at once.
  ///
  /// - Throws: ``Mismatch`` when the render differs (with the path of the failing render, in a
  ///   folder of its own under `$TMPDIR`), when a baseline was recorded, or when the pattern or
  ///   a file could not be read or rendered (``Mismatch/Reason``).
  public static func verify(
    pattern: String, golden: String, options: RenderOptions = RenderOptions(),
    tolerance: ComparisonTolerance = ComparisonTolerance(), resourceFolders: [String] = [],
    filePath: StaticString = #filePath
  ) throws {
    let base = FileSystem.directory(of: "\(filePath)")
    let pattern = FileSystem.resolve(pattern, against: base)
    let golden = FileSystem.resolve(golden, against: base)
    let resourceFolders = resourceFolders.map { FileSystem.resolve($0, against: base) }
    try verify(
      pattern, golden: golden, options: options, tolerance: tolerance, resourceFolders: resourceFolders
    ) { check, diagnostics in check.check(patternAt: pattern, golden: golden, diagnostics: &diagnostics) }
  }

  /// Renders a pattern already in memory (built in code, a preset) and compares it with the
  /// audio file `golden` (relative to the calling test file's folder); `name` stands for the
  /// pattern in the report.
  public static func verify(
    _ pattern: some RenderablePattern, name: String = "pattern", golden: String,
    options: RenderOptions = RenderOptions(),
    tolerance: ComparisonTolerance = ComparisonTolerance(), filePath: StaticString = #filePath
  ) throws {
    let golden = FileSystem.resolve(golden, against: FileSystem.directory(of: "\(filePath)"))
    try verify(name, golden: golden, options: options, tolerance: tolerance, resourceFolders: []) { check, _ in
      check.check(pattern, name: name, golden: golden)
    }
  }

  private static func verify(
    _ pattern: String, golden: String, options: RenderOptions, tolerance: ComparisonTolerance,
    resourceFolders: [String],
    _ run: (GoldenCheck, inout Diagnostics) -> GoldenCheck.Outcome
  ) throws {
    let recording = getenv("RECORD_GOLDENS").map { String(cString: $0) == "1" } ?? false
    var check = GoldenCheck(
      goldenFolder: FileSystem.directory(of: golden), format: try AudioFileFormat(path: golden),
      options: options, tolerance: tolerance, loader: PatternLoader(resourceFolders: resourceFolders))
    if recording { FileSystem.removeIfPresent(golden) }
    check.updatesGoldens = !FileSystem.exists(golden)
    var diagnostics = Diagnostics()
    let reason: Mismatch.Reason
    switch run(check, &diagnostics) {
    case .passed: return
    case .recorded, .updated: reason = .recorded
    case .failed(let report, let rendered): reason = .differed(report, renderedPath: rendered)
    case .missing: reason = .missing
    case .error(let failure): reason = .failed(failure, diagnostics: diagnostics.all)
    }
    throw Mismatch(reason: reason, pattern: pattern, golden: golden, tolerance: tolerance)
  }
}
