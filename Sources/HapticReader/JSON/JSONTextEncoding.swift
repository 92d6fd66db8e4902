/// The Unicode encoding of a JSON text, found from its first bytes, and its conversion to UTF-8,
/// the encoding the parser reads.
///
/// JSON is UTF-8 when exchanged (RFC 8259 §8.1), but a text may also be UTF-16 or UTF-32 of
/// either byte order, with or without a byte-order mark: Apple's `JSONSerialization` reads all
/// five, so an AHAP file saved as UTF-16 (Windows Notepad's "Unicode") still loads.
package enum JSONTextEncoding: Sendable, Equatable {
  case utf8
  case utf16(bigEndian: Bool)
  case utf32(bigEndian: Bool)

  /// The encoding of `bytes` and the length of its byte-order mark (0 when it has none; the
  /// UTF-8 mark is left to the parser): from the mark when there is one, else from which of
  /// the first four bytes are zero, the first two characters of a JSON text being ASCII
  /// (RFC 4627 §3).
  package static func detect(_ bytes: [UInt8]) -> (encoding: Self, markLength: Int) {
    guard bytes.count >= 2 else { return (.utf8, 0) }
    // Past the end: a byte that is neither zero nor part of a mark.
    func at(_ index: Int) -> UInt8 { index < bytes.count ? bytes[index] : 0xAA }
    switch (at(0), at(1), at(2), at(3)) {
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
  package static func utf8(_ bytes: [UInt8]) -> [UInt8] {
    let (encoding, markLength) = detect(bytes)
    let body = bytes[markLength...]
    switch encoding {
    case .utf8: return bytes
    case .utf16(let bigEndian): return utf8(body, from: UTF16.self, bigEndian: bigEndian)
    case .utf32(let bigEndian): return utf8(body, from: UTF32.self, bigEndian: bigEndian)
    }
  }

  /// `bytes`, code units of `Encoding` in the given byte order, as UTF-8, in one pass.
  private static func utf8<Encoding: Unicode.Encoding>(
    _ bytes: ArraySlice<UInt8>, from: Encoding.Type, bigEndian: Bool
  ) -> [UInt8] where Encoding.CodeUnit: FixedWidthInteger {
    let size = MemoryLayout<Encoding.CodeUnit>.size
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count / size)  // enough for ASCII text, the usual case
    bytes.withUnsafeBufferPointer { bytes in
      let units = CodeUnits<Encoding.CodeUnit>(bytes: bytes, bigEndian: bigEndian)
      _ = transcode(units, from: Encoding.self, to: UTF8.self, stoppingOnError: false) { output.append($0) }
    }
    if bytes.count % size != 0 { output += Array("\u{FFFD}".utf8) }
    return output
  }

  /// The whole code units of a byte buffer, in the given byte order.
  private struct CodeUnits<Unit: FixedWidthInteger>: IteratorProtocol {
    let bytes: UnsafeBufferPointer<UInt8>
    let bigEndian: Bool
    var offset = 0

    mutating func next() -> Unit? {
      guard let base = bytes.baseAddress, offset + MemoryLayout<Unit>.size <= bytes.count else { return nil }
      let unit = UnsafeRawPointer(base + offset).loadUnaligned(as: Unit.self)
      offset += MemoryLayout<Unit>.size
      return bigEndian ? Unit(bigEndian: unit) : Unit(littleEndian: unit)
    }
  }
}
