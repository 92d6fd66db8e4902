/// Decodes the content of a JSON string that holds backslash escapes.
package struct JSONStringDecoder {
  package struct Failure: Error {
    /// Byte offset of the problem.
    package var offset: Int
    package var message: String
  }

  package let bytes: UnsafeBufferPointer<UInt8>
  /// The byte being read: at first the one after the opening quote; at the end, the one after
  /// the closing quote.
  package var index: Int

  /// The string's text, reading up to and including its closing quote.
  ///
  /// The text is gathered as UTF-8 bytes and made a `String` once, at the end: linear in the
  /// length whatever the number of escapes (appending scalar by scalar to a `String` is not).
  /// Invalid UTF-8 between escapes becomes U+FFFD, as it would on its own: an escape always
  /// adds a whole sequence, which never completes a sequence cut before it.
  package mutating func decode() throws(Failure) -> String {
    var utf8: [UInt8] = []
    var runStart = index
    func appendRun(upTo end: Int) {
      utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<end]))
    }
    func append(_ scalar: Unicode.Scalar) {
      UTF8.encode(scalar) { utf8.append($0) }
    }
    while true {
      guard index < bytes.count else { throw failure("unterminated string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        appendRun(upTo: index)
        index += 1
        return String(decoding: utf8, as: UTF8.self)
      }
      if byte < 0x20 {
        throw failure("control character 0x\(String(byte, radix: 16)) inside a string")
      }
      if byte != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      appendRun(upTo: index)
      index += 1
      guard index < bytes.count else { throw failure("unterminated string") }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""): append("\"")
      case UInt8(ascii: "\\"): append("\\")
      case UInt8(ascii: "/"): append("/")
      case UInt8(ascii: "b"): append("\u{08}")
      case UInt8(ascii: "f"): append("\u{0C}")
      case UInt8(ascii: "n"): append("\n")
      case UInt8(ascii: "r"): append("\r")
      case UInt8(ascii: "t"): append("\t")
      case UInt8(ascii: "u"): append(try unicodeEscape())
      default:
        index -= 1
        throw failure("invalid escape '\\\(JSONParser.describe(escape))' in string")
      }
      runStart = index
    }
  }

  private func failure(_ message: String) -> Failure {
    Failure(offset: index, message: message)
  }

  /// Reads the hex digits after `\u`, combining a surrogate pair; lone surrogates become U+FFFD.
  private mutating func unicodeEscape() throws(Failure) -> Unicode.Scalar {
    let first = try hex4()
    if (0xD800..<0xDC00).contains(first), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
      bytes[index + 1] == UInt8(ascii: "u")
    {
      let saved = index
      index += 2
      let second = try hex4()
      if (0xDC00..<0xE000).contains(second) {
        let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        return Unicode.Scalar(combined) ?? "\u{FFFD}"
      }
      index = saved
    }
    return Unicode.Scalar(first) ?? "\u{FFFD}"
  }

  private mutating func hex4() throws(Failure) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
        throw failure("expected 4 hex digits after '\\u'")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}
