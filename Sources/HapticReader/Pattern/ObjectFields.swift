/// The non-null members of one JSON object, taken one by one while parsing, so that the
/// members nobody took can be reported as unknown keys.
package struct ObjectFields {
  /// A member taken: the name it was asked for and its value.
  package struct Field {
    package var key: StaticString
    package var value: JSONDocument.Index
  }

  /// A member read under another name (an alias of a documented key).
  private struct Rename {
    var keyNode: JSONDocument.Index
    var name: StaticString
  }

  /// The object's keys, each followed by its value.
  package let keys: JSONDocument.Cursor
  /// Bit `n` is set when a key may be `n` bytes long: every bit for a key that is escaped or
  /// 64 bytes or longer. A name of another length is looked for no further.
  private let keyLengths: UInt64
  /// Members taken or set aside, by ordinal: a bit each for the first 64, a set beyond.
  private var takenBits: UInt64 = 0
  private var takenBeyond: Set<Int> = []
  private var renames: [Rename] = []

  /// The fields of the object at `value`, or `nil` for another value.
  package init?(_ value: JSONDocument.Index, in document: JSONDocument) {
    guard document.nodes[value].kind == .object else { return nil }
    keys = JSONDocument.Cursor(value, in: document)
    var lengths: UInt64 = 0
    var keys = keys
    while let keyNode = keys.next(in: document) {
      let node = document.nodes[keyNode]
      lengths |= node.flags.contains(.escaped) || node.payload >= 64 ? ~0 : 1 << node.payload
    }
    keyLengths = lengths
  }

  /// Removes and returns the non-null member named `key`.
  package mutating func take(_ key: StaticString, in document: JSONDocument) -> Field? {
    guard let keyNode = find(key, in: document, includingTaken: false) else { return nil }
    setAside(keyNode, in: document)
    return document.isNull(keyNode + 1) ? nil : Field(key: key, value: keyNode + 1)
  }

  /// `true` if the object had `key` at all, taken or not, `null` or not.
  package func hadKey(_ key: StaticString, in document: JSONDocument) -> Bool {
    find(key, in: document, includingTaken: true) != nil
  }

  /// Reads `alias` as `key`; when both are present the alias is ignored. Either way the
  /// diagnostic says what Core Haptics documents: `documentation`, or by default that it
  /// documents `key` and not `alias`.
  package mutating func alias(
    _ alias: StaticString, for key: StaticString, documentation: String? = nil, parser: inout PatternParser
  ) {
    let document = parser.document
    guard let aliasNode = find(alias, in: document, includingTaken: false) else { return }
    let standing = documentation ?? "Core Haptics documents \"\(key)\"; \"\(alias)\" is not documented"
    if find(key, in: document, includingTaken: true) != nil {
      parser.report(.undocumentedKey, aliasNode + 1, "\(standing); ignored here as \"\(key)\" is also given")
      setAside(aliasNode, in: document)
      return
    }
    parser.report(.undocumentedKey, aliasNode + 1, "\(standing); read here as \"\(key)\"")
    renames.append(Rename(keyNode: aliasNode, name: key))
  }

  /// Warns about every non-null member nobody took; `expected` (the names to suggest) is
  /// built only for such a member.
  package mutating func warnRemaining(parser: inout PatternParser, expected: @autoclosure () -> [String]) {
    let document = parser.document
    var keys = keys
    while let keyNode = keys.next(in: document) {
      guard !isTaken(keyNode, in: document), !document.isNull(keyNode + 1) else { continue }
      parser.warnUnknownKey(keyNode, expected: expected())
      setAside(keyNode, in: document)
    }
  }

  /// The key node of the member named `key`, under its own name or a rename.
  private func find(_ key: StaticString, in document: JSONDocument, includingTaken: Bool) -> JSONDocument.Index? {
    if renames.isEmpty, key.utf8CodeUnitCount < 64, keyLengths & (1 << key.utf8CodeUnitCount) == 0 { return nil }
    var keys = keys
    while let keyNode = keys.next(in: document) {
      guard includingTaken || !isTaken(keyNode, in: document) else { continue }
      if !renames.isEmpty, let rename = renames.first(where: { $0.keyNode == keyNode }) {
        if rename.name.description == key.description { return keyNode }
      } else if document.string(keyNode, equals: key) {
        return keyNode
      }
    }
    return nil
  }

  private func isTaken(_ keyNode: JSONDocument.Index, in document: JSONDocument) -> Bool {
    let ordinal = document.ordinal(keyNode)
    return ordinal < 64 ? takenBits & (1 << ordinal) != 0 : takenBeyond.contains(ordinal)
  }

  private mutating func setAside(_ keyNode: JSONDocument.Index, in document: JSONDocument) {
    let ordinal = document.ordinal(keyNode)
    if ordinal < 64 { takenBits |= 1 << ordinal } else { takenBeyond.insert(ordinal) }
  }
}
