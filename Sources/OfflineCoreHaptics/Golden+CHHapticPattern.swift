import Foundation
import HapticRender

extension Golden {
  /// Renders `pattern` and compares it with the audio file `golden`, as
  /// `Golden.verify(pattern:golden:options:tolerance:resourceFolders:filePath:)` does for a
  /// file; a relative `golden` is resolved against the calling test file's folder.
  public static func verify(
    _ pattern: CHHapticPattern, golden: String, options: RenderOptions = RenderOptions(),
    tolerance: ComparisonTolerance = ComparisonTolerance(), filePath: StaticString = #filePath
  ) throws {
    try verify(
      pattern.loaded, name: "CHHapticPattern", golden: golden, options: options, tolerance: tolerance,
      filePath: filePath)
  }
}
