extension JSONValue {
  /// A value built in code, not read from a text (its position is line 0, column 0).
  public init(_ kind: Kind) {
    self.init(kind: kind, position: TextPosition(line: 0, column: 0))
  }

  /// A value built in code from `key: value` pairs, in that order.
  public static func object(_ members: [(String, JSONValue)]) -> JSONValue {
    JSONValue(
      .object(members.map { Member(key: $0.0, keyPosition: TextPosition(line: 0, column: 0), value: $0.1) }))
  }

  /// The value as JSON text, indented by two spaces per level; an object or array whose
  /// one-line form fits in `width` columns stays on one line. Ends without a newline.
  public func text(width: Int = 100) -> String {
    var output = ""
    write(to: &output, indent: 0, width: width)
    return output
  }

  private func write(to output: inout String, indent: Int, width: Int) {
    let inline = inlineText
    let lastLine = output.split(separator: "\n", omittingEmptySubsequences: false).last?.count ?? 0
    guard lastLine + inline.count > width else {
      output += inline
      return
    }
    let padding = String(repeating: " ", count: indent + 2)
    switch kind {
    case .array(let items) where !items.isEmpty:
      output += "[\n"
      for (index, item) in items.enumerated() {
        output += padding
        item.write(to: &output, indent: indent + 2, width: width)
        output += index + 1 < items.count ? ",\n" : "\n"
      }
      output += String(repeating: " ", count: indent) + "]"
    case .object(let members) where !members.isEmpty:
      output += "{\n"
      for (index, member) in members.enumerated() {
        output += padding + Self.quoted(member.key) + ": "
        member.value.write(to: &output, indent: indent + 2, width: width)
        output += index + 1 < members.count ? ",\n" : "\n"
      }
      output += String(repeating: " ", count: indent) + "}"
    default:
      output += inline
    }
  }

  /// The value on one line, with a space after each `:` and `,`.
  private var inlineText: String {
    switch kind {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .number(let value): value.formatted
    case .string(let value): Self.quoted(value)
    case .array(let items): "[" + items.map(\.inlineText).joined(separator: ", ") + "]"
    case .object(let members):
      "{" + members.map { Self.quoted($0.key) + ": " + $0.value.inlineText }.joined(separator: ", ") + "}"
    }
  }

  /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
