import Foundation
import HapticRender

extension Golden {
  /// Renders `pattern` and compares it with the audio file `golden`, as
  /// ``Golden/verify(pattern:golden:options:tolerance:resourceFolders:)`` does for a file.
  public static func verify(
    _ pattern: CHHapticPattern, golden: String, options: RenderOptions = RenderOptions(),
    tolerance: ComparisonTolerance = ComparisonTolerance()
  ) throws {
    try verify(pattern.pattern, name: "CHHapticPattern", golden: golden, options: options, tolerance: tolerance)
  }
}
