/// The spellings of a kind of name laid out for scanning text: every spelling's bytes in one
/// buffer, and each name with the range of its bytes there. Trying its spellings copies no
/// array, so it costs no reference counting per spelling tried.
struct SpellingTable<Name: Sendable>: Sendable {
  /// The spellings' UTF-8 bytes, one after another.
  let bytes: [UInt8]
  /// The range of each name's spelling in ``bytes``.
  let ranges: [Range<Int>]
  /// The names, in the order of ``ranges``.
  let names: [Name]

  init(_ spellings: [(name: Name, bytes: [UInt8])]) {
    bytes = spellings.flatMap(\.bytes)
    var start = 0
    ranges = spellings.map { spelling in
      defer { start += spelling.bytes.count }
      return start..<(start + spelling.bytes.count)
    }
    names = spellings.map(\.name)
  }
}
