/// A position in a source file, as editors count it.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file name as the user gave it.
  public var file: String
  /// 1-based line number.
  public var line: Int
  /// 1-based column, counted in UTF-8 bytes.
  public var column: Int

  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `FILE:LINE:COL`
  public var description: String { "\(file):\(line):\(column)" }
}
