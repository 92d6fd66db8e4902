import HapticModel
import HapticSupport

/// A strict JSON parser that builds a ``JSONDocument``: one compact node per value, located by
/// byte offset, with no per-value allocation.
///
/// It accepts RFC 8259 JSON plus trailing commas in arrays and objects, which it reports as
/// warnings (Apple's own Unity plug-in writes them). A UTF-8 byte-order mark is skipped; UTF-16
/// and UTF-32 text is read as its UTF-8 conversion (`JSONTextEncoding`), which positions then
/// count in.
/// Duplicate keys are reported; the last one wins, as in Foundation.
///
/// Invariants: never traps and never recurses deeper than ``maximumDepth`` whatever the bytes.
package struct JSONParser {
  /// Containers nested deeper than this are an error.
  package static let maximumDepth = 128
  /// Values in one document above which it is refused, so that memory stays bounded
  /// (the largest real AHAP files hold under 100,000).
  package static let maximumValues = 4_000_000
  /// Keys of one object compared pairwise when looking for duplicates; above it, a dictionary.
  private static let linearKeySearch = 32

  package struct SyntaxError: Error {
    package var offset: Int
    /// ``DiagnosticCode/jsonSyntax``, or ``DiagnosticCode/jsonLimit`` for a document refused
    /// for its depth or size.
    package var code: DiagnosticCode
    package var message: String
  }

  /// A warning found while parsing, placed once the whole text has been read.
  package struct Warning {
    package var offset: Int
    package var path: JSONPath
    package var code: DiagnosticCode
    package var message: String
  }

  /// What one parse leaves.
  private struct Outcome {
    var result: Result<Void, SyntaxError>
    var nodes: [JSONNode]
    var warnings: [Warning]
    var errorNode: Int
  }

  package let source: [UInt8]
  package let bytes: UnsafeBufferPointer<UInt8>
  package var index = 0
  package var nodes: [JSONNode] = []
  package var valueCount = 0
  package let valueLimit: Int
  /// The node whose path a syntax error names: the value or container being read.
  private var errorNode = -1
  package var warnings: [Warning] = []
  /// The deepest container entered so far.
  package var deepest = 0
  /// When the document is read in two halves: where the second starts, and what it gave.
  package var secondHalf: SecondHalf?
  /// Set while this parser reads a second half.
  package var isReadingTail = false
  /// The keys of every open object, innermost last.
  private var openKeys: [Int] = []

  package init(source: [UInt8], bytes: UnsafeBufferPointer<UInt8>, valueLimit: Int) {
    self.source = source
    self.bytes = bytes
    self.valueLimit = valueLimit
  }

  /// Parses a whole document.
  ///
  /// - Parameters:
  ///   - text: The document's bytes, in UTF-8, UTF-16 or UTF-32.
  ///   - file: How diagnostics name the document's file.
  ///   - valueLimit: Values above which the document is refused; default ``maximumValues``.
  ///   - diagnostics: Receives the syntax error, if any, and the warnings.
  /// - Returns: The document, or `nil` after recording a syntax error in `diagnostics`.
  package static func parse(
    _ text: [UInt8], file: String, valueLimit: Int = maximumValues, diagnostics: inout Diagnostics
  ) -> JSONDocument? {
    parse(text, file: file, valueLimit: valueLimit, secondHalfStart: { _ in nil }, diagnostics: &diagnostics)
  }

  /// Parses a whole document, from `secondHalfStart`'s place on a second thread.
  ///
  /// - Parameter secondHalfStart: Where the elements of a large array likely start near the middle of
  ///   the text, or `nil`; from there on the text is read on a second thread, with the same
  ///   result as one pass (see ``SecondHalf``).
  package static func parse(
    _ text: [UInt8], file: String, valueLimit: Int = maximumValues,
    secondHalfStart: (UnsafeBufferPointer<UInt8>) -> Int?, diagnostics: inout Diagnostics
  ) -> JSONDocument? {
    let bytes = JSONTextEncoding.utf8(text)
    let byteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let outcome = bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(source: bytes, bytes: buffer, valueLimit: valueLimit)
      parser.index = byteOrderMark
      // AHAP text holds about one value per 10 bytes; pages of unused capacity are never touched.
      parser.nodes = [JSONNode](largeCapacity: min(bytes.count / 8, valueLimit * 2) + 1)
      if let start = secondHalfStart(buffer), start > byteOrderMark, start < buffer.count {
        parser.secondHalf = startSecondHalf(
          reading: JSONParser(source: bytes, bytes: buffer, valueLimit: valueLimit), from: start)
      }
      let result = Result { () throws(SyntaxError) in try parser.parseDocument() }
      // The second half reads `buffer`: it must be done before the buffer goes.
      parser.secondHalf?.wait()
      return Outcome(result: result, nodes: parser.nodes, warnings: parser.warnings, errorNode: parser.errorNode)
    }
    let nodes = outcome.nodes
    let document = JSONDocument(bytes: bytes, nodes: nodes, lines: LineTable(bytes, firstLineStart: byteOrderMark))
    for warning in outcome.warnings {
      diagnostics.report(
        warning.code, at: document.position(ofOffset: warning.offset).location(in: file), warning.path,
        warning.message)
    }
    switch outcome.result {
    case .success: return document
    case .failure(let error):
      let path = outcome.errorNode < 0 ? JSONPath() : document.path(outcome.errorNode)
      diagnostics.report(
        error.code, at: document.position(ofOffset: error.offset).location(in: file), path, error.message)
      return nil
    }
  }

  private mutating func parseDocument() throws(SyntaxError) {
    skipWhitespace()
    try parseValue(parent: JSONNode.noParent, ordinal: 0, depth: 0)
    skipWhitespace()
    if index < bytes.count {
      errorNode = -1
      throw syntaxError("unexpected \(describeCurrent()) after the end of the document")
    }
  }

  // MARK: - Values

  package func syntaxError(_ message: String) -> SyntaxError {
    SyntaxError(offset: index, code: .jsonSyntax, message: "invalid JSON: \(message)")
  }

  /// The error for a document refused for its depth or size, not for its syntax.
  private func limitError(_ message: String) -> SyntaxError {
    SyntaxError(offset: index, code: .jsonLimit, message: "invalid JSON: \(message)")
  }

  /// The byte at `index` as messages show it; a comment (`//` or `/*`) is named as such, since
  /// JSON has none.
  package func describeCurrent() -> String {
    guard index < bytes.count else { return "end of file" }
    if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count,
      bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")
    {
      return "a comment ('/\(Character(UnicodeScalar(bytes[index + 1])))'), which JSON does not allow"
    }
    return Self.describe(bytes[index])
  }

  /// A byte as messages show it: `'x'` when printable, else `byte 0xNN`.
  package static func describe(_ byte: UInt8) -> String {
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  package mutating func parseValue(parent: UInt32, ordinal: Int, depth: Int) throws(SyntaxError) {
    let node = nodes.count
    nodes.append(
      JSONNode(
        kind: .null, start: UInt32(truncatingIfNeeded: index), parent: parent,
        ordinal: UInt32(truncatingIfNeeded: ordinal)))
    errorNode = node
    valueCount += 1
    guard valueCount <= valueLimit else {
      throw limitError("more than \(valueLimit) values; the document is refused")
    }
    guard index < bytes.count else { throw syntaxError("expected a value, found end of file") }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      nodes[node].kind = .object
      try parseObject(node, depth: depth + 1)
    case UInt8(ascii: "["):
      nodes[node].kind = .array
      try parseArray(node, depth: depth + 1)
    case UInt8(ascii: "\""):
      nodes[node].kind = .string
      let escaped = try scanString()
      nodes[node].payload = UInt64(index - Int(nodes[node].start) - 2)
      if escaped { nodes[node].flags = .escaped }
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      nodes[node].kind = .true
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      nodes[node].kind = .false
    case UInt8(ascii: "n"):
      try expectLiteral("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      nodes[node].kind = .number
      nodes[node].payload = try parseNumber().bitPattern
    default:
      throw syntaxError("expected a value, found \(describeCurrent())")
    }
  }

  /// Records where a container's content ends and how many children it has.
  private mutating func close(_ node: Int, count: Int) {
    nodes[node].payload = UInt64(nodes.count) | UInt64(count) << 32
  }

  private mutating func parseObject(_ node: Int, depth: Int) throws(SyntaxError) {
    guard depth <= Self.maximumDepth else {
      throw limitError("nested deeper than \(Self.maximumDepth) levels")
    }
    deepest = max(deepest, depth)
    index += 1  // {
    let firstKey = openKeys.count
    // One at a time: the generic range removal costs more than the few keys of an object.
    defer { while openKeys.count > firstKey { openKeys.removeLast() } }
    var keyIndex: [String: Int] = [:]
    var count = 0
    skipWhitespace()
    if consume(UInt8(ascii: "}")) { return close(node, count: 0) }
    while true {
      skipWhitespace()
      errorNode = node
      if index < bytes.count, bytes[index] == UInt8(ascii: "}"), count > 0 {
        warnings.append(
          Warning(offset: index, path: path(of: node), code: .trailingComma, message: "trailing comma in object"))
        index += 1
        return close(node, count: count)
      }
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw syntaxError("expected a quoted key, found \(describeCurrent())")
      }
      let key = nodes.count
      let keyStart = index
      let escaped = try scanString()
      var keyNode = JSONNode(
        kind: .string, flags: .key, start: UInt32(truncatingIfNeeded: keyStart),
        parent: UInt32(truncatingIfNeeded: node),
        ordinal: UInt32(truncatingIfNeeded: count), payload: UInt64(index - keyStart - 2))
      if escaped { keyNode.flags.insert(.escaped) }
      nodes.append(keyNode)
      if let earlier = earlierKey(equalTo: key, among: firstKey, index: &keyIndex) {
        let name = document.string(key) ?? ""
        nodes[earlier].flags.insert(.superseded)
        warnings.append(
          Warning(
            offset: keyStart, path: path(of: node).appending(name), code: .duplicateKey,
            message: "duplicate key \"\(name)\"; this later value is used"))
      }
      openKeys.append(key)
      skipWhitespace()
      guard consume(UInt8(ascii: ":")) else {
        throw syntaxError("expected ':' after key \"\(document.string(key) ?? "")\", found \(describeCurrent())")
      }
      skipWhitespace()
      try parseValue(parent: UInt32(truncatingIfNeeded: node), ordinal: count, depth: depth)
      count += 1
      skipWhitespace()
      errorNode = node
      if consume(UInt8(ascii: ",")) { continue }
      if consume(UInt8(ascii: "}")) { return close(node, count: count) }
      throw syntaxError("expected ',' or '}' in object, found \(describeCurrent())")
    }
  }

  /// The earlier key of the open object (whose keys start at `openKeys[first]`) that has the
  /// same text as `key`; `index` holds them by text once there are many.
  private mutating func earlierKey(equalTo key: Int, among first: Int, index: inout [String: Int]) -> Int? {
    let earlierCount = openKeys.count - first
    if earlierCount < Self.linearKeySearch {
      var earlier = openKeys.count - 1
      while earlier >= first {
        if sameText(openKeys[earlier], key) { return openKeys[earlier] }
        earlier -= 1
      }
      return nil
    }
    if index.isEmpty {
      for earlier in openKeys[first...] { index[document.string(earlier) ?? ""] = earlier }
    }
    let name = document.string(key) ?? ""
    defer { index[name] = key }
    return index[name]
  }

  private func sameText(_ first: Int, _ second: Int) -> Bool {
    let a = nodes[first]
    let b = nodes[second]
    if a.flags.contains(.escaped) || b.flags.contains(.escaped) {
      return document.string(first) == document.string(second)
    }
    guard a.payload == b.payload else { return false }
    let length = Int(a.payload)
    return bytes[Int(a.start) + 1..<Int(a.start) + 1 + length].elementsEqual(
      bytes[Int(b.start) + 1..<Int(b.start) + 1 + length])
  }

  private mutating func parseArray(_ node: Int, depth: Int) throws(SyntaxError) {
    guard depth <= Self.maximumDepth else {
      throw limitError("nested deeper than \(Self.maximumDepth) levels")
    }
    deepest = max(deepest, depth)
    index += 1  // [
    var count = 0
    skipWhitespace()
    if consume(UInt8(ascii: "]")) { return close(node, count: 0) }
    while true {
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]"), count > 0 {
        warnings.append(
          Warning(offset: index, path: path(of: node), code: .trailingComma, message: "trailing comma in array"))
        index += 1
        return close(node, count: count)
      }
      if index == secondHalf?.start, let elements = adoptSecondHalf(into: node, after: count, depth: depth) {
        // The second half read up to the array's closing bracket.
        count += elements
        errorNode = node
        index += 1  // ]
        return close(node, count: count)
      }
      try parseValue(parent: UInt32(truncatingIfNeeded: node), ordinal: count, depth: depth)
      count += 1
      skipWhitespace()
      errorNode = node
      if consume(UInt8(ascii: ",")) { continue }
      if consume(UInt8(ascii: "]")) { return close(node, count: count) }
      throw syntaxError("expected ',' or ']' in array, found \(describeCurrent())")
    }
  }

  // MARK: - Paths

  /// The nodes read so far, as a document to name paths and decode keys.
  private var document: JSONDocument {
    JSONDocument(bytes: source, nodes: nodes, lines: LineTable([]))
  }

  /// The path of `node`; none in a second half, whose elements have no parent yet (a
  /// warning there makes the half unusable anyway: the first reads it again).
  private func path(of node: Int) -> JSONPath { isReadingTail ? JSONPath() : document.path(node) }
}
