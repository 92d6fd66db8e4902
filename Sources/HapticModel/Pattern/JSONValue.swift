/// A JSON value that remembers where it starts in the source text.
public struct JSONValue: Sendable {
  /// One `"key": value` pair of an object, in source order.
  public struct Member: Sendable {
    public var key: String
    public var keyPosition: TextPosition
    public var value: JSONValue

    public init(key: String, keyPosition: TextPosition, value: JSONValue) {
      self.key = key
      self.keyPosition = keyPosition
      self.value = value
    }
  }

  public enum Kind: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([Member])
  }

  public var kind: Kind
  /// Where the value's first character is.
  public var position: TextPosition

  public init(kind: Kind, position: TextPosition) {
    self.kind = kind
    self.position = position
  }

  /// The JSON type name used in messages: "a number", "an object", ….
  public var typeDescription: String {
    switch kind {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The value as it would be quoted in a message: numbers and short strings verbatim.
  public var excerpt: String {
    switch kind {
    case .null: "null"
    case .bool(let value): "\(value)"
    case .number(let value): value.formatted
    case .string(let value): "\"\(value.count > 40 ? value.prefix(40) + "…" : value)\""
    case .array: "an array"
    case .object: "an object"
    }
  }
}

extension Double {
  /// The shortest text that reads back as this value, without a trailing ".0".
  package var formatted: String {
    if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
    return "\(self)"
  }
}
