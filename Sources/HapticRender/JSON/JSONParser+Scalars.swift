/// Literals, numbers, strings and white space.
extension JSONParser {
  mutating func expectLiteral(_ literal: String) throws {
    for byte in literal.utf8 {
      guard index < bytes.count, bytes[index] == byte else {
        throw syntaxError("expected '\(literal)', found \(describeCurrent())")
      }
      index += 1
    }
  }

  mutating func parseNumber() throws -> Double {
    let start = index
    _ = consume(UInt8(ascii: "-"))
    if consume(UInt8(ascii: "0")) {
      if index < bytes.count, isDigit(bytes[index]) {
        throw syntaxError("a number cannot have a leading zero")
      }
    } else {
      guard consumeDigits() else { throw syntaxError("expected a digit, found \(describeCurrent())") }
    }
    if consume(UInt8(ascii: ".")) {
      guard consumeDigits() else {
        throw syntaxError("expected a digit after '.', found \(describeCurrent())")
      }
    }
    if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
      if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
      guard consumeDigits() else {
        throw syntaxError("expected a digit in the exponent, found \(describeCurrent())")
      }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw syntaxError("number \(text) is out of range")
    }
    return value
  }

  mutating func consumeDigits() -> Bool {
    let start = index
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    return index > start
  }

  func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  mutating func parseString() throws -> String {
    index += 1  // opening quote
    var scalars = String.UnicodeScalarView()
    var runStart = index
    func flushRun() {
      scalars.append(contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
    }
    while true {
      guard index < bytes.count else { throw syntaxError("unterminated string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        flushRun()
        index += 1
        return String(scalars)
      }
      if byte < 0x20 {
        throw syntaxError("control character 0x\(String(byte, radix: 16)) inside a string")
      }
      if byte != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      flushRun()
      index += 1
      guard index < bytes.count else { throw syntaxError("unterminated string") }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""): scalars.append("\"")
      case UInt8(ascii: "\\"): scalars.append("\\")
      case UInt8(ascii: "/"): scalars.append("/")
      case UInt8(ascii: "b"): scalars.append("\u{08}")
      case UInt8(ascii: "f"): scalars.append("\u{0C}")
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "u"): scalars.append(try parseUnicodeEscape())
      default:
        index -= 1
        throw syntaxError("invalid escape '\\\(describeCurrent())' in string")
      }
      runStart = index
    }
  }

  /// Reads the hex digits after `\u`, combining a surrogate pair; lone surrogates become U+FFFD.
  mutating func parseUnicodeEscape() throws -> Unicode.Scalar {
    let first = try parseHex4()
    if (0xD800..<0xDC00).contains(first), bytes[index...].starts(with: Array("\\u".utf8)) {
      let saved = index
      index += 2
      let second = try parseHex4()
      if (0xDC00..<0xE000).contains(second) {
        let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        return Unicode.Scalar(combined) ?? "\u{FFFD}"
      }
      index = saved
    }
    return Unicode.Scalar(first) ?? "\u{FFFD}"
  }

  mutating func parseHex4() throws -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = hexValue(bytes[index]) else {
        throw syntaxError("expected 4 hex digits after '\\u'")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  // MARK: - Whitespace

  mutating func consume(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        index += 1
      case UInt8(ascii: "\n"):
        index += 1
        line += 1
        lineStart = index
      default:
        return
      }
    }
  }
}
