import HapticSupport

/// A large document read in two halves: while one thread reads from the start, another reads
/// the elements of an array from a place near the middle up to the array's end. When the first
/// reaches that place as the start of an element, it takes the second's nodes over, renumbered,
/// and goes on after the array; the document is then exactly the one a single pass builds.
/// Otherwise (the place was not the start of an element, or the second half found an error,
/// a warning, or too many values or levels) the first reads on alone.
extension JSONParser {
  /// The parent of the elements the second half reads, until they are taken over.
  package static let pendingParent = UInt32.max - 1

  /// What the second half read: the elements of an array from ``SecondHalf/start`` to the
  /// closing bracket at `end`, with the values inside them.
  package struct ArrayTail {
    package var nodes: [JSONNode]
    package var elementCount: Int
    package var valueCount: Int
    /// The offset of the array's closing bracket.
    package var end: Int
    /// The deepest container, counting the elements' own containers as depth 1.
    package var deepest: Int
  }

  /// The second half, read on a thread of its own; `nil` when the text from its start is not a
  /// clean run of elements up to a closing bracket.
  package typealias SecondHalf = TwoHalves.Tail<ArrayTail?>

  /// Starts reading the second half from `start` with `parser`, a parser of the same text as
  /// the first half's.
  package static func startSecondHalf(reading parser: JSONParser, from start: Int) -> SecondHalf {
    var reader = parser
    reader.index = start
    reader.nodes = [JSONNode](largeCapacity: (parser.bytes.count - start) / 8 + 1)
    return SecondHalf(from: start, reader: reader) { reader, _ in reader.readArrayTail() }
  }

  /// Reads elements (separated by commas, each with its values) up to a closing bracket,
  /// which it leaves unread.
  ///
  /// - Returns: `nil` at an error, a warning or a trailing comma: the first half will read
  ///   this text itself and report what it finds.
  package mutating func readArrayTail() -> ArrayTail? {
    isReadingTail = true
    var count = 0
    while true {
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return nil }  // a trailing comma
      do {
        try parseValue(parent: Self.pendingParent, ordinal: count, depth: 0)
      } catch {
        return nil
      }
      count += 1
      skipWhitespace()
      if consume(UInt8(ascii: ",")) { continue }
      guard index < bytes.count, bytes[index] == UInt8(ascii: "]"), warnings.isEmpty else { return nil }
      return ArrayTail(nodes: nodes, elementCount: count, valueCount: valueCount, end: index, deepest: deepest)
    }
  }

  /// At the start of the second half, in the array at node `array` (at `depth`) after `count`
  /// elements: appends the second half's nodes as a single pass would have, and moves to the
  /// array's closing bracket.
  ///
  /// - Returns: The number of elements taken over, or `nil` when the second half is not
  ///   usable here (nothing is changed then).
  package mutating func adoptSecondHalf(into array: Int, after count: Int, depth: Int) -> Int? {
    guard let tail = secondHalf?.wait(), tail.deepest + depth <= Self.maximumDepth,
      valueCount + tail.valueCount <= valueLimit
    else { return nil }
    let base = UInt32(nodes.count)
    // Appended in one copy, then renumbered in place.
    nodes.append(contentsOf: tail.nodes)
    nodes.withUnsafeMutableBufferPointer { nodes in
      for index in Int(base)..<nodes.count {
        if nodes[index].parent == Self.pendingParent {
          nodes[index].parent = UInt32(array)
          nodes[index].ordinal += UInt32(count)
        } else {
          nodes[index].parent += base
        }
        if nodes[index].kind == .array || nodes[index].kind == .object { nodes[index].payload += UInt64(base) }
      }
    }
    valueCount += tail.valueCount
    deepest = max(deepest, depth + tail.deepest)
    index = tail.end
    return tail.elementCount
  }
}
