import HapticModel

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
    write(to: &output, indent: 0, column: 0, width: width)
    return output
  }

  /// Appends the value to `output`, whose last line is `column` characters long.
  private func write(to output: inout String, indent: Int, column: Int, width: Int) {
    var inline = ""
    if appendInline(to: &inline, budget: width - column) {
      output += inline
      return
    }
    let padding = String(repeating: " ", count: indent + 2)
    switch kind {
    case .array(let items) where !items.isEmpty:
      output += "[\n"
      for (index, item) in items.enumerated() {
        output += padding
        item.write(to: &output, indent: indent + 2, column: padding.count, width: width)
        output += index + 1 < items.count ? ",\n" : "\n"
      }
      output += String(repeating: " ", count: indent) + "]"
    case .object(let members) where !members.isEmpty:
      output += "{\n"
      for (index, member) in members.enumerated() {
        let key = padding + Self.quoted(member.key) + ": "
        output += key
        member.value.write(to: &output, indent: indent + 2, column: key.count, width: width)
        output += index + 1 < members.count ? ",\n" : "\n"
      }
      output += String(repeating: " ", count: indent) + "}"
    default:
      output += inline  // a scalar or an empty container stays whole, however long
    }
  }

  /// Appends the value on one line (a space after each `:` and `,`) while `output` stays within
  /// `budget` characters; `false` as soon as it would not (a scalar is then appended whole).
  private func appendInline(to output: inout String, budget: Int) -> Bool {
    switch kind {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let value): output += value.formatted
    case .string(let value): output += Self.quoted(value)
    case .array(let items):
      output += "["
      for (index, item) in items.enumerated() {
        if index > 0 { output += ", " }
        guard output.count <= budget, item.appendInline(to: &output, budget: budget) else { return false }
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, member) in members.enumerated() {
        output += (index > 0 ? ", " : "") + Self.quoted(member.key) + ": "
        guard output.count <= budget, member.value.appendInline(to: &output, budget: budget) else { return false }
      }
      output += "}"
    }
    return output.count <= budget
  }

  /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
  package static func quoted(_ text: String) -> String {
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
