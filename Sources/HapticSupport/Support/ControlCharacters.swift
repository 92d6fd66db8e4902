extension String {
  /// The text with every control character (U+0000…U+001F, U+007F…U+009F) written as JSON
  /// writes it (`\n`, `\r`, `\t`, `\u001b`), so that text from a file can be printed on one
  /// line, to a terminal or a log, without moving the cursor, erasing or starting a new line.
  /// Text without any is returned as it is.
  package var escapingControlCharacters: String {
    guard utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return self }
    var escaped = ""
    escaped.reserveCapacity(utf8.count + 16)
    for scalar in unicodeScalars {
      switch scalar.value {
      case 0x0A: escaped += "\\n"
      case 0x0D: escaped += "\\r"
      case 0x09: escaped += "\\t"
      case 0x08: escaped += "\\b"
      case 0x0C: escaped += "\\f"
      case 0..<0x20, 0x7F...0x9F:
        let hex = String(scalar.value, radix: 16)
        escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// ``escapingControlCharacters``, and a line that would start with `::` (which a CI runner
  /// such as GitHub Actions takes for a workflow command) starts with `\u003a:` instead.
  package var escapedForOneLine: String {
    let escaped = escapingControlCharacters
    return escaped.hasPrefix("::") ? "\\u003a" + escaped.dropFirst() : escaped
  }
}
