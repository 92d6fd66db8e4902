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
  /// A render that does not match its golden file; its description carries the numbers and the
  /// path of the rendered file.
  public struct Mismatch: Error, CustomStringConvertible {
    public var description: String
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
  ///   folder of its own under `$TMPDIR`), or when a baseline was recorded.
  public static func verify(
    pattern: String, golden: String, options: RenderOptions = RenderOptions(),
    tolerance: ComparisonTolerance = ComparisonTolerance(), resourceFolders: [String] = [],
    filePath: StaticString = #filePath
  ) throws {
    let base = FileSystem.directory(of: "\(filePath)")
    let pattern = FileSystem.resolve(pattern, against: base)
    let golden = FileSystem.resolve(golden, against: base)
    let resourceFolders = resourceFolders.map { FileSystem.resolve($0, against: base) }
    try verify(golden: golden, options: options, tolerance: tolerance, resourceFolders: resourceFolders) {
      check, diagnostics in check.check(patternAt: pattern, golden: golden, diagnostics: &diagnostics)
    }
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
    try verify(golden: golden, options: options, tolerance: tolerance, resourceFolders: []) { check, _ in
      check.check(pattern, name: name, golden: golden)
    }
  }

  private static func verify(
    golden: String, options: RenderOptions, tolerance: ComparisonTolerance, resourceFolders: [String],
    _ run: (GoldenCheck, inout Diagnostics) -> GoldenCheck.Outcome
  ) throws {
    let recording = getenv("RECORD_GOLDENS").map { String(cString: $0) == "1" } ?? false
    var check = GoldenCheck(
      goldenFolder: FileSystem.directory(of: golden), format: try AudioFileFormat(path: golden),
      options: options, tolerance: tolerance, loader: PatternLoader(resourceFolders: resourceFolders))
    if recording { FileSystem.removeIfPresent(golden) }
    check.updatesGoldens = !FileSystem.exists(golden)
    var diagnostics = Diagnostics()
    switch run(check, &diagnostics) {
    case .passed:
      return
    case .recorded, .updated:
      throw Mismatch(description: "recorded new baseline '\(golden)'; listen to it, then run again")
    case .failed(let report, let rendered):
      throw Mismatch(
        description:
          "\(report)\nrendered: \(rendered ?? "(could not be written)")\nto accept the new sound: RECORD_GOLDENS=1 swift test"
      )
    case .missing(let path):
      throw Mismatch(description: "golden file '\(path)' is missing")
    case .error(let message):
      throw Mismatch(description: ([message] + diagnostics.all.map(\.description)).joined(separator: "\n"))
    }
  }
}
