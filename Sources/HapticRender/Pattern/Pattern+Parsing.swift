extension Pattern {
  /// Largest AHAP file read, in bytes (64 MiB); the largest real files are under 1 MiB.
  public static let maximumFileSize = 64 << 20

  /// Reads a pattern from AHAP text.
  ///
  /// Follows Core Haptics' loading rules (defaults, clamping, unknown keys ignored) and records
  /// each such case as a warning; what cannot be rendered is an error.
  ///
  /// - Parameters:
  ///   - bytes: The file's content, UTF-8 JSON.
  ///   - file: The name used in diagnostics.
  ///   - diagnostics: Receives every warning and error, in document order.
  /// - Returns: The pattern, or `nil` when `diagnostics` holds an error.
  public static func parse(_ bytes: [UInt8], file: String, diagnostics: inout Diagnostics) -> Pattern? {
    guard let root = JSONParser.parse(bytes, file: file, diagnostics: &diagnostics) else { return nil }
    var parser = PatternParser(file: file, diagnostics: diagnostics)
    let pattern = parser.parseDocument(root)
    diagnostics = parser.diagnostics
    return diagnostics.hasErrors ? nil : pattern
  }

  /// Reads the AHAP file at `path`; see ``parse(_:file:diagnostics:)``.
  ///
  /// - Throws: ``FileSystemError`` when the file cannot be read or is larger than
  ///   ``maximumFileSize``.
  public static func load(path: String, diagnostics: inout Diagnostics) throws(FileSystemError) -> Pattern? {
    let bytes = try FileSystem.readAll(path, limit: maximumFileSize)
    return parse(bytes, file: path, diagnostics: &diagnostics)
  }
}
