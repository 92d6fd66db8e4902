/// Literals, numbers, strings and white space.
extension JSONParser {
  /// Powers of ten that a `Double` holds exactly.
  private static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
    1e20, 1e21, 1e22,
  ]

  package mutating func expectLiteral(_ literal: StaticString) throws(SyntaxError) {
    for byte in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
      guard index < bytes.count, bytes[index] == byte else {
        throw syntaxError("expected '\(literal)', found \(describeCurrent())")
      }
      index += 1
    }
  }

  /// Reads a number. Up to 15 significant digits with a power of ten up to 22 take one exact
  /// multiplication or division (correctly rounded); others are converted by the standard library.
  package mutating func parseNumber() throws(SyntaxError) -> Double {
    let start = index
    let isNegative = consume(UInt8(ascii: "-"))
    var mantissa: UInt64 = 0
    var digits = 0
    if consume(UInt8(ascii: "0")) {
      if index < bytes.count, isDigit(bytes[index]) {
        throw syntaxError("a number cannot have a leading zero")
      }
    } else {
      guard accumulateDigits(into: &mantissa, count: &digits) > 0 else {
        throw syntaxError("expected a digit, found \(describeCurrent())")
      }
    }
    var exponent = 0
    if consume(UInt8(ascii: ".")) {
      let fraction = accumulateDigits(into: &mantissa, count: &digits)
      guard fraction > 0 else { throw syntaxError("expected a digit after '.', found \(describeCurrent())") }
      exponent = -fraction
    }
    var hasExponent = false
    if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
      hasExponent = true
      if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
      var ignored: UInt64 = 0
      var ignoredCount = 0
      guard accumulateDigits(into: &ignored, count: &ignoredCount) > 0 else {
        throw syntaxError("expected a digit in the exponent, found \(describeCurrent())")
      }
    }
    if !hasExponent, digits <= 15, -exponent < Self.exactPowersOfTen.count {
      let magnitude = Double(mantissa) / Self.exactPowersOfTen[-exponent]
      return isNegative ? -magnitude : magnitude
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw syntaxError("number \(text) is out of range")
    }
    return value
  }

  /// Reads digits, adding them to `mantissa` while `count` (significant digits so far, leading
  /// zeros excepted) stays within 19.
  ///
  /// - Returns: The number of digits read.
  private mutating func accumulateDigits(into mantissa: inout UInt64, count: inout Int) -> Int {
    let start = index
    while index < bytes.count, isDigit(bytes[index]) {
      let digit = UInt64(bytes[index] &- UInt8(ascii: "0"))
      if mantissa != 0 || digit != 0 { count += 1 }
      if count <= 19 { mantissa = mantissa &* 10 &+ digit }
      index += 1
    }
    return index - start
  }

  package func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// Reads a string up to and including its closing quote, checking it.
  ///
  /// - Returns: `true` when the string holds a backslash escape.
  package mutating func scanString() throws(SyntaxError) -> Bool {
    index += 1  // opening quote
    let contentStart = index
    index += Self.plainBytes(in: UnsafeBufferPointer(rebasing: bytes[index...]))
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return false
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 {
        throw syntaxError("control character 0x\(String(byte, radix: 16)) inside a string")
      }
      index += 1
    }
    guard index < bytes.count else { throw syntaxError("unterminated string") }
    var decoder = JSONStringDecoder(bytes: bytes, index: contentStart)
    do {
      _ = try decoder.decode()
    } catch {
      index = error.offset
      throw syntaxError(error.message)
    }
    index = decoder.index
    return true
  }

  /// How many bytes of `text` come before the first quote, backslash or control character
  /// (all of them when none does); eight at a time, the rest one by one.
  package static func plainBytes(in text: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = text.baseAddress else { return 0 }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    /// The high bit of each byte of `word` below `limit` (≤ 0x80) is set; above the lowest
    /// such byte, other bits may be set too.
    func below(_ limit: UInt64, _ word: UInt64) -> UInt64 { (word &- ones &* limit) & ~word & highBits }
    var offset = 0
    while offset + 8 <= text.count {
      let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
      let special =
        below(1, word ^ (ones &* UInt64(UInt8(ascii: "\""))))
        | below(1, word ^ (ones &* UInt64(UInt8(ascii: "\\")))) | below(0x20, word)
      if special != 0 { return offset + special.trailingZeroBitCount / 8 }
      offset += 8
    }
    while offset < text.count, text[offset] != UInt8(ascii: "\""), text[offset] != UInt8(ascii: "\\"),
      text[offset] >= 0x20
    {
      offset += 1
    }
    return offset
  }

  // MARK: - Whitespace

  @inline(__always)
  package mutating func consume(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  @inline(__always)
  package mutating func skipWhitespace() {
    // Most values follow their separator directly.
    guard index < bytes.count, bytes[index] <= UInt8(ascii: " ") else { return }
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
        index += 1
      default:
        return
      }
    }
  }
}
