import HapticModel
import HapticReader
import Testing

/// The lines and columns of places asked for in order, and a second counter's positions moved
/// onto the first's.
@Suite struct LineCounterTests {
  private static let text = Array("ab\ncd\r\n\nefg".utf8)

  private static func position(of offset: Int, from start: Int = 0) -> TextPosition {
    var counter = LineCounter(from: start)
    return text.withUnsafeBufferPointer { counter.position(of: offset, in: $0) }
  }

  /// Only `\n` ends a line: a `\r` before it is the last byte of its line.
  @Test func linesEndAtNewlines() {
    #expect(Self.position(of: 0) == TextPosition(line: 1, column: 1))
    #expect(Self.position(of: 2) == TextPosition(line: 1, column: 3))
    #expect(Self.position(of: 3) == TextPosition(line: 2, column: 1))
    #expect(Self.position(of: 5) == TextPosition(line: 2, column: 3))
    #expect(Self.position(of: 7) == TextPosition(line: 3, column: 1))
    #expect(Self.position(of: 10) == TextPosition(line: 4, column: 3))
    #expect(Self.position(of: Self.text.count) == TextPosition(line: 4, column: 4))
  }

  /// Places asked for one after another give what each gives alone.
  @Test func placesInOrderAgreeWithEachAlone() {
    var counter = LineCounter(from: 0)
    Self.text.withUnsafeBufferPointer { bytes in
      for offset in 0...bytes.count {
        #expect(counter.position(of: offset, in: bytes) == Self.position(of: offset), "offset \(offset)")
      }
    }
  }

  /// Counted from a place, a position moves onto the whole text's: on the place's own line the
  /// columns go on from that line's start; on later lines only the line number moves.
  @Test func positionsCountedFromAPlaceMoveOntoTheText() {
    for start in 0..<Self.text.count {
      let origin = Self.position(of: start)
      for offset in start...Self.text.count {
        let moved = LineCounter.moved(Self.position(of: offset, from: start), countedFrom: origin)
        #expect(moved == Self.position(of: offset), "offset \(offset) counted from \(start)")
      }
    }
  }

  /// An empty text has one place, line 1, column 1.
  @Test func anEmptyTextHasOnePlace() {
    var counter = LineCounter(from: 0)
    let empty: [UInt8] = []
    #expect(empty.withUnsafeBufferPointer { counter.position(of: 0, in: $0) } == TextPosition(line: 1, column: 1))
  }
}
