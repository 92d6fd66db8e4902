/// Text for SVG and HTML documents.
package enum Markup {
  /// `text` with `&`, `<`, `>` and `"` replaced by entities: safe in element content and in
  /// double-quoted attributes. A character that XML 1.0 does not allow in a document (a control
  /// character other than tab, line feed and carriage return; U+FFFE, U+FFFF) becomes U+FFFD,
  /// so that the document stays well-formed whatever the text.
  package static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        result.unicodeScalars.append("\u{FFFD}")
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// ``escaped(_:)`` for a double-quoted attribute that must give back `text` as written: tab,
  /// line feed and carriage return become character references (`&#9;`, `&#10;`, `&#13;`),
  /// which a parser keeps, where it would turn them into spaces.
  package static func escapedAttribute(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return escaped(text) }
    var result = ""
    for scalar in escaped(text).unicodeScalars {
      switch scalar {
      case "\t": result += "&#9;"
      case "\n": result += "&#10;"
      case "\r": result += "&#13;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `name` percent-encoded for a relative URL: every byte but letters, digits and `-._~`.
  package static func percentEncoded(_ name: String) -> String {
    let hex = Array("0123456789ABCDEF")
    var result = ""
    for byte in name.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        result.append(Character(UnicodeScalar(byte)))
      default:
        result += "%\(hex[Int(byte >> 4)])\(hex[Int(byte & 15)])"
      }
    }
    return result
  }
}
