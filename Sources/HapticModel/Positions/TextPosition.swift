/// A 1-based line and column (in UTF-8 bytes) inside a text; 0 for a value made in code, with
/// no place. Each is at most 2³² − 1, so that a position takes 8 bytes: every event, parameter
/// and curve holds one.
public struct TextPosition: Hashable, Sendable {
  private var storedLine: UInt32
  private var storedColumn: UInt32

  public var line: Int {
    get { Int(storedLine) }
    set { storedLine = UInt32(clamping: newValue) }
  }

  public var column: Int {
    get { Int(storedColumn) }
    set { storedColumn = UInt32(clamping: newValue) }
  }

  /// A position; values outside 0 … 2³² − 1 are clamped to that range.
  public init(line: Int, column: Int) {
    storedLine = UInt32(clamping: line)
    storedColumn = UInt32(clamping: column)
  }

  /// This position in the named file.
  public func location(in file: String) -> SourceLocation {
    SourceLocation(file: file, line: line, column: column)
  }
}
