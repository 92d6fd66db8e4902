import HapticModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the line and column of byte offsets asked for in increasing order, counting the
/// newlines between one and the next: each byte of the text is looked at once, and nothing is
/// built beforehand (``LineTable`` answers in any order, from a pass over the whole text).
///
/// Lines and columns count from where counting starts: line 1 there, its column 1 at that
/// place. ``PlainPatternReader`` counts the second half of a large text from where that half
/// starts and moves its positions to the whole text's with ``moved(_:countedFrom:)``.
package struct LineCounter {
  /// The line that `scanned` is on, 1 where counting started.
  private var line = 1
  /// The offset of that line's column 1: after its newline, or where counting started.
  private var lineStart: Int
  /// Bytes up to here have been counted.
  private var scanned: Int

  /// Counts from `start`, the offset of line 1, column 1.
  package init(from start: Int) {
    lineStart = start
    scanned = start
  }

  /// The line and column of `offset`, no earlier than the offset asked for last.
  package mutating func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> TextPosition {
    count(to: offset, in: bytes)
    return TextPosition(line: line, column: offset - lineStart + 1)
  }

  /// Counts the newlines up to `offset` (exclusive), no earlier than the last.
  private mutating func count(to offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    precondition(offset >= scanned && offset <= bytes.count, "a position asked for before the last")
    guard let base = bytes.baseAddress else { return }
    while scanned < offset,
      let found = memchr(base + scanned, Int32(UInt8(ascii: "\n")), offset - scanned)
    {
      line += 1
      lineStart = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
      scanned = lineStart
    }
    scanned = offset
  }

  /// `position`, counted by a counter that started at `origin` (that place's position in the
  /// whole text), as counted from the text's start.
  package static func moved(_ position: TextPosition, countedFrom origin: TextPosition) -> TextPosition {
    // On the first line counted from `origin`, the columns go on from `origin`'s.
    if position.line == 1 { return TextPosition(line: origin.line, column: origin.column + position.column - 1) }
    return TextPosition(line: origin.line + position.line - 1, column: position.column)
  }
}
