import Testing

@testable import HapticRender

@Suite struct JSONParserTests {
  private func parse(_ text: String) -> (JSONValue?, [Diagnostic]) {
    var diagnostics = Diagnostics()
    let document = JSONParser.parse(Array(text.utf8), file: "t.json", diagnostics: &diagnostics)
    return (document.map { $0.value($0.root) }, diagnostics.all)
  }

  @Test func recordsLineAndColumnOfEveryValue() throws {
    let (value, diagnostics) = parse("{\n  \"a\": [1,\n    true]\n}")
    #expect(diagnostics.isEmpty)
    guard case .object(let members) = try #require(value).kind,
      case .array(let items) = members[0].value.kind
    else {
      Issue.record("not an object with an array")
      return
    }
    #expect(members[0].keyPosition == TextPosition(line: 2, column: 3))
    #expect(items[0].position == TextPosition(line: 2, column: 9))
    #expect(items[1].position == TextPosition(line: 3, column: 5))
  }

  @Test func decodesStringEscapesAndSurrogatePairs() throws {
    let (value, _) = parse(#"["a\"b\\c\n\u00e9\ud83d\ude00"]"#)
    guard case .array(let items) = try #require(value).kind, case .string(let text) = items[0].kind else {
      Issue.record("not a string")
      return
    }
    #expect(text == "a\"b\\c\né😀")
  }

  @Test func trailingCommasAreWarnings() throws {
    let (value, diagnostics) = parse("{\"a\": [1, 2,],}")
    #expect(value != nil)
    #expect(diagnostics.map(\.severity) == [.warning, .warning])
    #expect(diagnostics[0].message == "trailing comma in array")
    #expect(diagnostics[0].location.column == 13)
    #expect(diagnostics[1].message == "trailing comma in object")
  }

  @Test(arguments: [
    ("{\"a\": 1", "1:8", "invalid JSON: expected ',' or '}' in object, found end of file"),
    ("[1,,2]", "1:4", "invalid JSON: expected a value, found ','"),
    ("{\"a\": 01}", "1:8", "invalid JSON: a number cannot have a leading zero"),
    ("[1e999]", "1:7", "invalid JSON: number 1e999 is out of range"),
    ("[NaN]", "1:2", "invalid JSON: expected a value, found 'N'"),
    ("{a: 1}", "1:2", "invalid JSON: expected a quoted key, found 'a'"),
    ("[\"abc", "1:6", "invalid JSON: unterminated string"),
    ("[1] x", "1:5", "invalid JSON: unexpected 'x' after the end of the document"),
    ("", "1:1", "invalid JSON: expected a value, found end of file"),
    ("\n\n  [tru]", "3:7", "invalid JSON: expected 'true', found ']'"),
  ])
  func syntaxErrorsHaveAPosition(_ text: String, _ place: String, _ message: String) {
    let (value, diagnostics) = parse(text)
    #expect(value == nil)
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first.map { "\($0.location.line):\($0.location.column)" } == place)
    #expect(diagnostics.first?.message == message)
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let (value, diagnostics) = parse(String(repeating: "[", count: 100_000))
    #expect(value == nil)
    #expect(diagnostics.first?.message == "invalid JSON: nested deeper than 128 levels")
  }

  @Test func duplicateKeysKeepTheLastValue() throws {
    let (value, diagnostics) = parse("{\"a\": 1, \"a\": 2}")
    guard case .object(let members) = try #require(value).kind else { return }
    #expect(members.count == 1)
    guard case .number(let number) = members[0].value.kind else { return }
    #expect(number == 2)
    #expect(diagnostics.first?.severity == .warning)
  }

  @Test func byteOrderMarkIsSkipped() throws {
    var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
    bytes += Array("[1]".utf8)
    var diagnostics = Diagnostics()
    let document = JSONParser.parse(bytes, file: "t", diagnostics: &diagnostics)
    #expect(document.map { $0.position($0.root) } == TextPosition(line: 1, column: 1))
  }

  @Test func arbitraryBytesNeverCrash() {
    var generator = SplitMix64(seed: 7)
    let alphabet = Array("{}[]\",:0123456789.eE-+truefalsn \\u\n\t".utf8) + [0xFF, 0xC3, 0x00]
    for _ in 0..<2_000 {
      let length = Int(generator.next() % 64)
      let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
      var diagnostics = Diagnostics()
      let pattern = Pattern.parse(bytes, file: "fuzz", diagnostics: &diagnostics)
      // Either a pattern or a located error: never nil without saying why.
      #expect((pattern == nil) == diagnostics.hasErrors, "\(bytes)")
      for diagnostic in diagnostics.all {
        #expect(diagnostic.location.line >= 1 && diagnostic.location.column >= 1)
      }
    }
  }
}

/// A small deterministic generator (SplitMix64) for test inputs.
struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
