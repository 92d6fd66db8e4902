/// A 1-based line and column (in UTF-8 bytes) inside a text.
public struct TextPosition: Hashable, Sendable {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// This position in the named file.
  public func location(in file: String) -> SourceLocation {
    SourceLocation(file: file, line: line, column: column)
  }
}
