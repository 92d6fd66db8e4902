import HapticModel
import HapticReader
import Testing
import _HapticRenderTestSupport

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

  @Test func positionsFarIntoALongTextMatchACountOfNewlines() throws {
    var generator = SplitMix64(seed: 3)
    var text = "["
    var line = 1
    var lineStart = 0  // offset in bytes of the current line's first byte
    var expected: [TextPosition] = []
    for index in 0..<3_000 {
      text += index == 0 ? "" : ","
      for _ in 0..<Int(generator.next() % 9) {
        let isNewline = generator.next() % 3 == 0
        text += isNewline ? "\n" : " "
        if isNewline {
          line += 1
          lineStart = text.utf8.count
        }
      }
      expected.append(TextPosition(line: line, column: text.utf8.count - lineStart + 1))
      text += "\(index)"
    }
    text += "]"
    var diagnostics = Diagnostics()
    let document = try #require(JSONParser.parse(Array(text.utf8), file: "t", diagnostics: &diagnostics))
    let positions = try #require(document.elements(document.root)).map { document.position($0) }
    #expect(positions == expected)
  }

  @Test func numbersReadAsTheStandardLibraryReadsThem() throws {
    var generator = SplitMix64(seed: 11)
    var texts = ["0", "-0", "0.1", "0.3", "1e22", "123456789012345", "1234567890123456789", "0.000000000000000000001"]
    texts += ["9007199254740993", "2.5e-3", "17.976931348623157e307", "4.9e-324", "0.30000000000000004"]
    for _ in 0..<2_000 {
      let digits = String(generator.next() % 1_000_000_000_000_000)
      let point = Int(generator.next() % UInt64(digits.count + 1))
      let fraction = point == digits.count ? digits : digits.prefix(point) + "." + digits.dropFirst(point)
      texts.append(fraction.hasPrefix(".") ? "0" + fraction : String(fraction))
    }
    for text in texts {
      var diagnostics = Diagnostics()
      let document = try #require(JSONParser.parse(Array("[\(text)]".utf8), file: "t", diagnostics: &diagnostics))
      let read = document.number(document.root + 1)
      #expect(read?.bitPattern == Double(text)?.bitPattern, "\(text)")
    }
  }

  @Test func aDuplicateKeyWrittenWithAnEscapeIsStillADuplicate() throws {
    let (value, diagnostics) = parse(#"{"Time": 1, "\u0054ime": 2}"#)
    guard case .object(let members) = try #require(value).kind, case .number(let time) = members.first?.value.kind
    else { return }
    #expect(members.count == 1)
    #expect(time == 2)
    #expect(diagnostics.map(\.message) == ["duplicate key \"Time\"; this later value is used"])
    #expect(diagnostics.first?.path.description == "Time")
  }

  @Test func errorsNameThePathOfTheValueBeingRead() {
    let (_, diagnostics) = parse(#"{"Pattern": [{"Event": {"Time": 1}}, {"Event": {"Time": tru}}]}"#)
    #expect(diagnostics.first?.path.description == "Pattern[1].Event.Time")
    #expect(diagnostics.first?.message == "invalid JSON: expected 'true', found '}'")
  }

  /// Strings are scanned eight bytes at a time: the first quote, backslash or control
  /// character is found wherever it falls, and no other byte stops the scan.
  @Test(arguments: [UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x00, 0x0A, 0x1F])
  func plainBytesStopAtTheFirstSpecialByte(_ special: UInt8) {
    // Every byte that is not special, high ones included, in a run longer than a word.
    let plain = (0x20...0xFF).map(UInt8.init).filter { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    for length in 0..<20 {
      for start in 0..<plain.count - length {
        let text = Array(plain[start..<start + length]) + [special, UInt8(ascii: "a")]
        let found = text.withUnsafeBufferPointer { JSONParser.plainBytes(in: $0) }
        #expect(found == length, "\(text)")
      }
    }
    #expect([UInt8](repeating: 0x7F, count: 13).withUnsafeBufferPointer { JSONParser.plainBytes(in: $0) } == 13)
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
