import HapticModel

extension Pattern {
  /// Reads a pattern from AHAP text.
  ///
  /// Follows Core Haptics' loading rules (defaults, clamping, unknown keys ignored) and records
  /// each such case as a warning; what cannot be rendered is an error. An audio file is one
  /// error, whose code is ``DiagnosticCode/audioFile``.
  ///
  /// - Parameters:
  ///   - bytes: The file's content, UTF-8 JSON.
  ///   - file: The name used in diagnostics.
  ///   - diagnostics: Receives every warning and error, ordered by line and column.
  /// - Returns: The pattern, or `nil` when `diagnostics` holds an error.
  public static func parse(_ bytes: [UInt8], file: String, diagnostics: inout Diagnostics) -> Pattern? {
    if let format = AudioFileSignature.format(of: bytes) {
      diagnostics.report(
        .audioFile, at: SourceLocation(file: file, line: 1, column: 1), JSONPath(),
        "this is an audio file (\(format)), not an AHAP pattern")
      return nil
    }
    if let pattern = PlainPatternReader.read(bytes) { return diagnostics.hasErrors ? nil : pattern }
    return parseFully(bytes, file: file, diagnostics: &diagnostics)
  }

  /// Reads a pattern through its whole JSON document, finding and reporting every case
  /// ``parse(_:file:diagnostics:)`` describes: what it does with a text that
  /// ``PlainPatternReader`` does not take.
  package static func parseFully(_ bytes: [UInt8], file: String, diagnostics: inout Diagnostics) -> Pattern? {
    guard
      let document = JSONParser.parse(
        bytes, file: file, secondHalfStart: PatternParser.secondHalfStart, diagnostics: &diagnostics)
    else { return nil }
    var parser = PatternParser(document: document, file: file, diagnostics: diagnostics)
    let pattern = parser.parseDocument()
    diagnostics = parser.diagnostics
    diagnostics.sortByLocation()
    return diagnostics.hasErrors ? nil : pattern
  }
}
