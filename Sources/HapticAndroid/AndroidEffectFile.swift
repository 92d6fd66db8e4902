import HapticFiles
import HapticModel
import HapticPipeline
import HapticReader
import HapticSynthesis

/// The files `render android` writes: the effect as JSON (`.json`) or as Kotlin (`.kt`).
public enum AndroidEffectFile: String, Sendable {
  case json
  case kotlin = "kt"

  /// The kind the extension of `path` names (any case), or `nil`.
  public init?(path: String) {
    let name = FileSystem.name(of: path)
    guard let dot = name.lastIndex(of: ".") else { return nil }
    self.init(rawValue: name[name.index(after: dot)...].lowercased())
  }

  /// Converts `pattern` (read from `input`) for `device` and writes the effect to `output`, atomically
  /// (`TextFile.write(_:to:)`), unless `diagnostics` then holds errors (warnings under
  /// `--strict`; an effect of more values than a Kotlin object holds, for a `.kt` file):
  /// nothing is written then.
  ///
  /// A Kotlin file declares the object `kotlinTypeName` when it is given (``KotlinTypeNames``
  /// gives each input of a batch its own), else the one of the input's stem.
  ///
  /// - Returns: The report of the render the effect follows, or `nil` when nothing was written.
  /// - Throws: `RenderError` for options the renderer refuses, `FileSystemError` when the
  ///   file cannot be written.
  public func write(
    _ pattern: some RenderablePattern, input: String, to output: String, options: RenderOptions,
    device: AndroidDevice = .reference, kotlinTypeName: String? = nil, diagnostics: inout Diagnostics
  ) throws -> RenderReport? {
    let (effect, report) = try AndroidEffect.converting(
      pattern, file: input, options: options, device: device, diagnostics: &diagnostics)
    if self == .kotlin, effect.kotlinValueCount > AndroidEffect.kotlinValueLimit {
      diagnostics.report(
        .renderLimit, at: SourceLocation(file: input, line: 1, column: 1), JSONPath(),
        "the effect has \(effect.kotlinValueCount) values, more than a Kotlin object holds (\(AndroidEffect.kotlinValueLimit): the JVM limits the code that fills its arrays to 64 KB); write it as .json"
      )
    }
    guard !diagnostics.hasErrors else { return nil }
    switch self {
    case .json: try TextFile.write(effect.jsonText, to: output)
    case .kotlin:
      try TextFile.write(
        effect.kotlinSource(
          name: PatternFiles.stem(of: input), source: FileSystem.name(of: input), typeName: kotlinTypeName), to: output)
    }
    return report
  }
}
