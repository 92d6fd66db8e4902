import HapticModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A parsed JSON document: its text and one compact `JSONNode` per value, in document order.
///
/// Values are addressed by node index; strings are decoded and positions computed only when
/// asked for, so reading a document allocates nothing per value.
public struct JSONDocument: Sendable {
  /// The index of a value's node.
  public typealias Index = Int

  /// The text and nodes, shared by copies of the document (one reference to count).
  private final class Storage: Sendable {
    let bytes: [UInt8]
    let nodes: [JSONNode]
    let lines: LineTable

    init(bytes: [UInt8], nodes: [JSONNode], lines: LineTable) {
      self.bytes = bytes
      self.nodes = nodes
      self.lines = lines
    }
  }

  private let storage: Storage

  /// The source text, UTF-8.
  package var bytes: [UInt8] { storage.bytes }
  package var nodes: [JSONNode] { storage.nodes }
  package var lines: LineTable { storage.lines }

  /// The whole document's value.
  public var root: Index { 0 }

  package init(bytes: [UInt8], nodes: [JSONNode], lines: LineTable) {
    storage = Storage(bytes: bytes, nodes: nodes, lines: lines)
  }

  /// The same document behind a reference of its own. Copies of a document share one
  /// reference, counted at every step of a walk through it; threads that each walk their own
  /// copy made here count on different objects instead of contending for one.
  package func withOwnReference() -> JSONDocument { JSONDocument(bytes: bytes, nodes: nodes, lines: lines) }

  // MARK: - Values

  public func isNull(_ index: Index) -> Bool { nodes[index].kind == .null }

  public func number(_ index: Index) -> Double? {
    nodes[index].kind == .number ? Double(bitPattern: nodes[index].payload) : nil
  }

  public func bool(_ index: Index) -> Bool? {
    switch nodes[index].kind {
    case .true: true
    case .false: false
    default: nil
    }
  }

  /// The text of a string value, decoded.
  public func string(_ index: Index) -> String? {
    let node = nodes[index]
    guard node.kind == .string else { return nil }
    let start = Int(node.start) + 1
    return bytes.withUnsafeBufferPointer { buffer in
      guard node.flags.contains(.escaped) else {
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<start + Int(node.payload)]), as: UTF8.self)
      }
      var decoder = JSONStringDecoder(bytes: buffer, index: start)
      return (try? decoder.decode()) ?? ""
    }
  }

  /// `true` when the string at `index` is exactly `text`.
  package func string(_ index: Index, equals text: StaticString) -> Bool {
    let node = nodes[index]
    guard node.kind == .string else { return false }
    guard !node.flags.contains(.escaped) else { return string(index) == text.description }
    return text.withUTF8Buffer { spells(node, $0) }
  }

  /// The case of `Name` whose raw value the string at `index` spells byte for byte, without
  /// decoding it; `nil` when none does (an escaped or another string: decode it to be sure).
  package func string<Name: SpelledName>(_ index: Index, spelling _: Name.Type) -> Name? {
    let node = nodes[index]
    guard node.kind == .string, !node.flags.contains(.escaped) else { return nil }
    return Name.spellings.first { spelling in spelling.bytes.withUnsafeBufferPointer { spells(node, $0) } }?.name
  }

  /// `true` when the string `node`, written without escapes, is exactly `expected`.
  private func spells(_ node: JSONNode, _ expected: UnsafeBufferPointer<UInt8>) -> Bool {
    guard Int(node.payload) == expected.count else { return false }
    return expected.isEmpty
      || bytes.withUnsafeBufferPointer { source in
        // Unchecked: the node's `payload` bytes after its opening quote are inside the text.
        assert(Int(node.start) + 1 + Int(node.payload) <= source.count, "a string node past the end of the text")
        return memcmp(source.baseAddress! + Int(node.start) + 1, expected.baseAddress!, expected.count) == 0
      }
  }

  /// The number of elements of an array or members of an object; 0 for other values.
  public func count(_ index: Index) -> Int {
    isContainer(index) ? Int(nodes[index].payload >> 32) : 0
  }

  /// The elements of an array, or `nil` for another value.
  public func elements(_ index: Index) -> Children? {
    nodes[index].kind == .array ? Children(document: self, container: index) : nil
  }

  /// The members of an object (keys replaced by a later duplicate left out), or `nil` for
  /// another value. Each child is a key's index; its value is the next index.
  public func members(_ index: Index) -> Children? {
    nodes[index].kind == .object ? Children(document: self, container: index) : nil
  }

  /// The element's index in its array, or the member's index in its object.
  package func ordinal(_ index: Index) -> Int { Int(nodes[index].ordinal) }

  /// The index after the value at `index` and its content.
  package func skip(_ index: Index) -> Index {
    isContainer(index) ? Int(truncatingIfNeeded: nodes[index].payload & 0xFFFF_FFFF) : index + 1
  }

  private func isContainer(_ index: Index) -> Bool {
    nodes[index].kind == .array || nodes[index].kind == .object
  }

  /// The children of a container in order: elements of an array, keys of an object.
  public struct Children: Sequence, IteratorProtocol {
    package let document: JSONDocument
    package var cursor: Cursor

    package init(document: JSONDocument, container: Index) {
      self.document = document
      cursor = Cursor(container, in: document)
    }

    public var isEmpty: Bool { cursor.isEmpty }

    public mutating func next() -> Index? { cursor.next(in: document) }
  }

  /// The children of a container still to visit, as ``Children`` walks them, but without a
  /// reference to the document: copying it counts no reference.
  package struct Cursor {
    private var index: Index
    private let end: Index

    package init(_ container: Index, in document: JSONDocument) {
      index = container + 1
      end = document.skip(container)
    }

    package var isEmpty: Bool { index >= end }

    /// The next child (superseded members left out), or `nil` after the last.
    package mutating func next(in document: JSONDocument) -> Index? {
      while index < end {
        let child = index
        let flags = document.nodes[child].flags
        index = document.skip(flags.contains(.key) ? child + 1 : child)
        if flags.contains(.superseded) { continue }
        return child
      }
      return nil
    }
  }

  // MARK: - Places

  /// Where the value starts in the text.
  public func position(_ index: Index) -> TextPosition {
    position(ofOffset: Int(nodes[index].start))
  }

  package func position(ofOffset offset: Int) -> TextPosition {
    lines.position(of: offset, in: bytes)
  }

  /// The path of the value at `index`; a key's path is its value's.
  public func path(_ index: Index) -> JSONPath {
    let value = nodes[index].flags.contains(.key) ? index + 1 : index
    var depth = 0
    var child = value
    while nodes[child].parent != JSONNode.noParent {
      depth += 1
      child = Int(nodes[child].parent)
    }
    // Filled from the value up to the root, so from the last component to the first.
    let components = [JSONPath.Component](unsafeUninitializedCapacity: depth) { buffer, count in
      var child = value
      for slot in stride(from: depth - 1, through: 0, by: -1) {
        let parent = Int(nodes[child].parent)
        let component: JSONPath.Component =
          nodes[parent].kind == .object ? .key(string(child - 1) ?? "") : .index(Int(nodes[child].ordinal))
        (buffer.baseAddress! + slot).initialize(to: component)
        child = parent
      }
      count = depth
    }
    return JSONPath(components)
  }

  // MARK: - Messages

  /// The JSON type name used in messages: "a number", "an object", ….
  public func typeDescription(_ index: Index) -> String { shallowValue(index).typeDescription }

  /// The value as it would be quoted in a message: numbers and short strings verbatim.
  public func excerpt(_ index: Index) -> String { shallowValue(index).excerpt }

  // MARK: - Trees

  /// The value at `index` as a tree, for values kept beyond reading (such as `Metadata`).
  public func value(_ index: Index) -> JSONValue {
    var value = shallowValue(index)
    if let elements = elements(index) {
      value.kind = .array(elements.map { self.value($0) })
    } else if let members = members(index) {
      value.kind = .object(
        members.map { JSONValue.Member(key: string($0) ?? "", keyPosition: position($0), value: self.value($0 + 1)) })
    }
    return value
  }

  /// The value at `index`, with an array or object left empty.
  private func shallowValue(_ index: Index) -> JSONValue {
    let kind: JSONValue.Kind =
      switch nodes[index].kind {
      case .null: .null
      case .false: .bool(false)
      case .true: .bool(true)
      case .number: .number(number(index) ?? 0)
      case .string: .string(string(index) ?? "")
      case .array: .array([])
      case .object: .object([])
      }
    return JSONValue(kind: kind, position: position(index))
  }
}
