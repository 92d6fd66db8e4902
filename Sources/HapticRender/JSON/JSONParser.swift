/// A strict JSON parser that records the position of every value.
///
/// It accepts RFC 8259 JSON plus trailing commas in arrays and objects, which it reports as
/// warnings (Apple's own Unity plug-in writes them). A UTF-8 byte-order mark is skipped.
/// Duplicate keys are reported; the last one wins, as in Foundation.
///
/// Invariants: never traps and never recurses deeper than ``maximumDepth`` whatever the bytes.
public struct JSONParser {
  /// Containers nested deeper than this are an error.
  public static let maximumDepth = 128
  /// Values in one document above which it is refused, so that memory stays bounded
  /// (the largest real AHAP files hold under 100,000).
  public static let maximumValues = 4_000_000

  let bytes: [UInt8]
  let file: String
  var index = 0
  var line = 1
  var lineStart = 0
  var diagnostics: Diagnostics
  private var valueCount = 0
  private let valueLimit: Int

  private init(bytes: [UInt8], file: String, diagnostics: Diagnostics, valueLimit: Int) {
    self.bytes = bytes
    self.file = file
    self.diagnostics = diagnostics
    self.valueLimit = valueLimit
  }

  /// Parses a whole document.
  ///
  /// - Parameter valueLimit: Values above which the document is refused; default
  ///   ``maximumValues``.
  /// - Returns: The root value, or `nil` after recording a syntax error in `diagnostics`.
  public static func parse(
    _ bytes: [UInt8], file: String, valueLimit: Int = maximumValues, diagnostics: inout Diagnostics
  ) -> JSONValue? {
    var parser = JSONParser(bytes: bytes, file: file, diagnostics: diagnostics, valueLimit: valueLimit)
    defer { diagnostics = parser.diagnostics }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      parser.index = 3
      parser.lineStart = 3
    }
    do {
      parser.skipWhitespace()
      let root = try parser.parseValue(path: JSONPath(), depth: 0)
      parser.skipWhitespace()
      if parser.index < bytes.count {
        throw parser.syntaxError("unexpected \(parser.describeCurrent()) after the end of the document")
      }
      return root
    } catch let error as SyntaxError {
      parser.diagnostics.error(at: error.position.location(in: file), error.path, error.message)
      return nil
    } catch {
      return nil
    }
  }

  // MARK: - Values

  struct SyntaxError: Error {
    var position: TextPosition
    var path: JSONPath
    var message: String
  }

  var position: TextPosition {
    TextPosition(line: line, column: index - lineStart + 1)
  }

  var currentPath = JSONPath()

  func syntaxError(_ message: String) -> SyntaxError {
    SyntaxError(position: position, path: currentPath, message: "invalid JSON: \(message)")
  }

  func describeCurrent() -> String {
    guard index < bytes.count else { return "end of file" }
    let byte = bytes[index]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  private mutating func parseValue(path: JSONPath, depth: Int) throws -> JSONValue {
    currentPath = path
    valueCount += 1
    guard valueCount <= valueLimit else {
      throw syntaxError("more than \(valueLimit) values; the document is refused")
    }
    let start = position
    guard index < bytes.count else { throw syntaxError("expected a value, found end of file") }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      return JSONValue(kind: .object(try parseObject(path: path, depth: depth + 1)), position: start)
    case UInt8(ascii: "["):
      return JSONValue(kind: .array(try parseArray(path: path, depth: depth + 1)), position: start)
    case UInt8(ascii: "\""):
      return JSONValue(kind: .string(try parseString()), position: start)
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return JSONValue(kind: .bool(true), position: start)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return JSONValue(kind: .bool(false), position: start)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return JSONValue(kind: .null, position: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONValue(kind: .number(try parseNumber()), position: start)
    default:
      throw syntaxError("expected a value, found \(describeCurrent())")
    }
  }

  private mutating func parseObject(path: JSONPath, depth: Int) throws -> [JSONValue.Member] {
    guard depth <= Self.maximumDepth else {
      throw syntaxError("nested deeper than \(Self.maximumDepth) levels")
    }
    index += 1  // {
    var members: [JSONValue.Member] = []
    var indexOfKey: [String: Int] = [:]
    skipWhitespace()
    if consume(UInt8(ascii: "}")) { return members }
    while true {
      skipWhitespace()
      currentPath = path
      if index < bytes.count, bytes[index] == UInt8(ascii: "}"), !members.isEmpty {
        diagnostics.warn(at: position.location(in: file), path, "trailing comma in object")
        index += 1
        return members
      }
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw syntaxError("expected a quoted key, found \(describeCurrent())")
      }
      let keyPosition = position
      let key = try parseString()
      skipWhitespace()
      guard consume(UInt8(ascii: ":")) else {
        throw syntaxError("expected ':' after key \"\(key)\", found \(describeCurrent())")
      }
      skipWhitespace()
      let value = try parseValue(path: path.appending(key), depth: depth)
      let member = JSONValue.Member(key: key, keyPosition: keyPosition, value: value)
      if let duplicate = indexOfKey[key] {
        diagnostics.warn(
          at: keyPosition.location(in: file), path.appending(key),
          "duplicate key \"\(key)\"; this later value is used")
        members[duplicate] = member
      } else {
        indexOfKey[key] = members.count
        members.append(member)
      }
      skipWhitespace()
      currentPath = path
      if consume(UInt8(ascii: ",")) { continue }
      if consume(UInt8(ascii: "}")) { return members }
      throw syntaxError("expected ',' or '}' in object, found \(describeCurrent())")
    }
  }

  private mutating func parseArray(path: JSONPath, depth: Int) throws -> [JSONValue] {
    guard depth <= Self.maximumDepth else {
      throw syntaxError("nested deeper than \(Self.maximumDepth) levels")
    }
    index += 1  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if consume(UInt8(ascii: "]")) { return elements }
    while true {
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]"), !elements.isEmpty {
        diagnostics.warn(at: position.location(in: file), path, "trailing comma in array")
        index += 1
        return elements
      }
      elements.append(try parseValue(path: path.appending(elements.count), depth: depth))
      skipWhitespace()
      currentPath = path
      if consume(UInt8(ascii: ",")) { continue }
      if consume(UInt8(ascii: "]")) { return elements }
      throw syntaxError("expected ',' or ']' in array, found \(describeCurrent())")
    }
  }
}
