/// The Unicode encoding of a JSON text, found from its first bytes, and its conversion to UTF-8,
/// the encoding the parser reads.
///
/// JSON is UTF-8 when exchanged (RFC 8259 §8.1), but a text may also be UTF-16 or UTF-32 of
/// either byte order, with or without a byte-order mark: Apple's `JSONSerialization` reads all
/// five, so an AHAP file saved as UTF-16 (Windows Notepad's "Unicode") still loads.
enum JSONTextEncoding: Sendable, Equatable {
  case utf8
  case utf16(bigEndian: Bool)
  case utf32(bigEndian: Bool)

  /// The encoding of `bytes` and the length of its byte-order mark (0 when it has none; the
  /// UTF-8 mark is left to the parser): from the mark when there is one, else from which of
  /// the first four bytes are zero, the first two characters of a JSON text being ASCII
  /// (RFC 4627 §3).
  static func detect(_ bytes: [UInt8]) -> (encoding: Self, markLength: Int) {
    guard bytes.count >= 2 else { return (.utf8, 0) }
    let head = Array(bytes.prefix(4)) + Array(repeating: 0xAA, count: max(0, 4 - bytes.count))
    switch (head[0], head[1], head[2], head[3]) {
    case (0x00, 0x00, 0xFE, 0xFF): return (.utf32(bigEndian: true), 4)
    case (0xFF, 0xFE, 0x00, 0x00): return (.utf32(bigEndian: false), 4)
    case (0xFE, 0xFF, _, _): return (.utf16(bigEndian: true), 2)
    case (0xFF, 0xFE, _, _): return (.utf16(bigEndian: false), 2)
    case (0x00, 0x00, 0x00, _): return (.utf32(bigEndian: true), 0)
    case (_, 0x00, 0x00, 0x00): return (.utf32(bigEndian: false), 0)
    case (0x00, _, 0x00, _): return (.utf16(bigEndian: true), 0)
    case (_, 0x00, _, 0x00): return (.utf16(bigEndian: false), 0)
    default: return (.utf8, 0)
    }
  }

  /// `bytes` as UTF-8, without a UTF-16 or UTF-32 byte-order mark: the same array when it is
  /// UTF-8 already. Ill-formed code units (an unpaired surrogate, a trailing partial unit)
  /// become U+FFFD, as ill-formed bytes of UTF-8 text do when strings are decoded.
  static func utf8(_ bytes: [UInt8]) -> [UInt8] {
    let (encoding, markLength) = detect(bytes)
    let body = bytes[markLength...]
    switch encoding {
    case .utf8:
      return bytes
    case .utf16(let bigEndian):
      let units = codeUnits(body, as: UInt16.self, bigEndian: bigEndian)
      return Array(String(decoding: units, as: UTF16.self).utf8) + replacementForPartialUnit(body, size: 2)
    case .utf32(let bigEndian):
      let units = codeUnits(body, as: UInt32.self, bigEndian: bigEndian)
      return Array(String(decoding: units, as: UTF32.self).utf8) + replacementForPartialUnit(body, size: 4)
    }
  }

  /// The whole code units of `bytes`, in the given byte order.
  private static func codeUnits<Unit: FixedWidthInteger>(
    _ bytes: ArraySlice<UInt8>, as: Unit.Type, bigEndian: Bool
  ) -> [Unit] {
    let size = MemoryLayout<Unit>.size
    let start = bytes.startIndex
    return (0..<bytes.count / size).map { index in
      var unit: Unit = 0
      for byte in 0..<size {
        let shift = bigEndian ? (size - 1 - byte) * 8 : byte * 8
        unit |= Unit(bytes[start + index * size + byte]) << shift
      }
      return unit
    }
  }

  /// U+FFFD in UTF-8 when `bytes` end inside a code unit of `size` bytes, else nothing.
  private static func replacementForPartialUnit(_ bytes: ArraySlice<UInt8>, size: Int) -> [UInt8] {
    bytes.count % size == 0 ? [] : Array("\u{FFFD}".utf8)
  }
}
