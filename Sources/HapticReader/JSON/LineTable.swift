import HapticModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the line and column of a byte offset in a text, for diagnostics.
///
/// Built in one pass; stores 16 bytes per 256 bytes of text, and answers by scanning at most
/// one block, so its cost does not depend on the number of lines. Lines and offsets are whole
/// `Int`s, as ``LineCounter``'s, so that the two readers give the same positions in a text of
/// any size.
package struct LineTable: Sendable {
  /// The line number and line start at the first byte of each block.
  private struct Checkpoint {
    var line: Int
    var lineStart: Int
  }

  private static let blockShift = 8
  private let checkpoints: [Checkpoint]
  private let firstLineStart: Int

  /// - Parameter firstLineStart: Where line 1 starts: 3 after a UTF-8 byte-order mark, else 0.
  package init(_ bytes: [UInt8], firstLineStart: Int = 0) {
    self.firstLineStart = firstLineStart
    let blockCount = (bytes.count >> Self.blockShift) + 1
    var checkpoints: [Checkpoint] = []
    checkpoints.reserveCapacity(blockCount)
    var line = 1
    var lineStart = firstLineStart
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), buffer.count - offset) {
        let newline = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
        // Blocks starting up to this newline are still on the current line.
        while checkpoints.count << Self.blockShift <= newline {
          checkpoints.append(Checkpoint(line: line, lineStart: lineStart))
        }
        line += 1
        lineStart = newline + 1
        offset = newline + 1
      }
    }
    // Blocks after the last newline are on the last line.
    while checkpoints.count < blockCount { checkpoints.append(Checkpoint(line: line, lineStart: lineStart)) }
    self.checkpoints = checkpoints
  }

  /// The 1-based line and byte column of `offset` in `bytes`, the text the table was built from.
  package func position(of offset: Int, in bytes: [UInt8]) -> TextPosition {
    let offset = min(max(offset, firstLineStart), bytes.count)
    let checkpoint = checkpoints[offset >> Self.blockShift]
    var line = checkpoint.line
    var lineStart = checkpoint.lineStart
    let blockStart = (offset >> Self.blockShift) << Self.blockShift
    bytes.withUnsafeBufferPointer { buffer in
      func newline(at index: Int) {
        line += 1
        lineStart = index + 1
      }
      // 16 bytes at a time, looking closer only at a group that holds a newline.
      let newlines = SIMD16<UInt8>(repeating: UInt8(ascii: "\n"))
      var index = blockStart
      while index + 16 <= offset {
        let group = UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: SIMD16<UInt8>.self)
        let found = group .== newlines
        if any(found) {
          for lane in 0..<16 where found[lane] { newline(at: index + lane) }
        }
        index += 16
      }
      for index in index..<offset where buffer[index] == UInt8(ascii: "\n") { newline(at: index) }
    }
    return TextPosition(line: line, column: offset - max(lineStart, firstLineStart) + 1)
  }
}
