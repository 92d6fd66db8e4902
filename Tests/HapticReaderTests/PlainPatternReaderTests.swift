import Foundation
import HapticModel
import HapticReader
import Testing
import _HapticRenderTestSupport

private typealias F = PatternFixtures

/// A plain text is read straight into events, with the pattern the full reader gives; a text
/// with anything to report is left to the full reader.
@Suite struct PlainPatternReaderTests {
  /// What the full reader makes of `text`: the pattern, if any, and its diagnostics.
  private func full(_ text: [UInt8]) -> (pattern: [String]?, diagnostics: [Diagnostic]) {
    var diagnostics = Diagnostics()
    let pattern = Pattern.parseFully(text, file: "t.ahap", diagnostics: &diagnostics)
    return (pattern.map(ReaderAgreement.summary), diagnostics.all)
  }

  /// Checks the one property (``ReaderAgreement``): a text the plain reader takes has no
  /// diagnostic and the same pattern in the full reader.
  ///
  /// - Returns: `true` when the plain reader took the text.
  @discardableResult
  private func expectAgreement(_ text: [UInt8], _ comment: @autoclosure () -> String = "") -> Bool {
    let disagreement = ReaderAgreement.disagreement(on: text)
    #expect(disagreement == nil, "\(comment()): \(disagreement ?? "")")
    return PlainPatternReader.read(text) != nil
  }

  private static let transient = F.event("HapticTransient", ["HapticIntensity": 0.5, "HapticSharpness": 0.25])

  /// Plain texts in the shapes real files take: every one is read straight into events.
  static let plainTexts: [String] = [
    F.document(
      F.event("HapticTransient", time: 0, ["HapticIntensity": 1, "HapticSharpness": 0]),
      F.event("HapticTransient", time: 0.015625, ["HapticIntensity": 0.25, "HapticSharpness": 1])),
    F.document(
      F.event(
        "HapticContinuous", time: 0.5, duration: 4,
        [
          "HapticIntensity": 0.8, "HapticSharpness": 0.3, "AttackTime": 1, "DecayTime": 0.25, "ReleaseTime": 0.5,
          "Sustained": 1,
        ]),
      F.event("HapticContinuous", time: 5, ["HapticIntensity": 0.5, "HapticSharpness": 0.5, "Sustained": 0]),
      F.event(
        "AudioContinuous", time: 5, duration: 1,
        ["AudioVolume": 0.5, "AudioPitch": -0.25, "AudioPan": 1, "AudioBrightness": 0.75])),
    // Members in another order, Version after Pattern, exponents, an event duration on a transient.
    """
    {"Pattern": [{"Event": {"EventParameters": [{"ParameterValue": 1E-1, "ParameterID": "HapticSharpness"},
    {"ParameterID": "HapticIntensity", "ParameterValue": 0.5e0}], "EventDuration": 0.1, "EventType": "HapticTransient",
    "Time": 25e-2}}], "Version": 1.0}
    """,
    // Pretty-printed with tabs and CRLF line ends, no Version.
    "{\r\n\t\"Pattern\" : [\r\n\t\t{ \"Event\" : { \"Time\" : 0 , \"EventType\" : \"HapticTransient\" ,\r\n"
      + "\t\t\"EventParameters\" : [ { \"ParameterID\" : \"HapticIntensity\" , \"ParameterValue\" : 0 } ,\r\n"
      + "\t\t{ \"ParameterID\" : \"HapticSharpness\" , \"ParameterValue\" : 1 } ] } }\r\n\t]\r\n}\r\n",
  ]

  @Test(arguments: plainTexts)
  func plainTextsAreReadStraightIntoEvents(_ text: String) {
    #expect(expectAgreement(Array(text.utf8)))
  }

  /// Texts with something to report, each one thing: the full reader reads them.
  static let reportedTexts: [String] = [
    F.document(
      F.event("HapticTransient", time: 1, ["HapticIntensity": 0.5, "HapticSharpness": 0.5]),
      F.event("HapticTransient", time: 0.5, ["HapticIntensity": 0.5, "HapticSharpness": 0.5])),
    F.document(F.event("HapticTransient", ["HapticIntensity": 0.5])),
    F.document(F.event("HapticTransient", ["HapticIntensity": 1.5, "HapticSharpness": 0.5])),
    F.document(F.event("HapticTransient", ["HapticIntensity": 0.5, "HapticSharpness": 0.5, "AudioVolume": 1])),
    F.document(F.event("HapticTransient", ["HapticIntensity": 0.5, "HapticSharpness": 0.5, "AttackTime": 1])),
    F.document(
      F.event("HapticContinuous", duration: 1, ["HapticIntensity": 0.5, "HapticSharpness": 0.5, "Sustained": 0.5])),
    F.document(F.event("HapticContinuous", ["HapticIntensity": 0.5, "HapticSharpness": 0.5])),
    F.document(F.event("HapticContinuous", duration: 31, ["HapticIntensity": 0.5, "HapticSharpness": 0.5])),
    F.document(F.event("HapticTransient", time: -1, ["HapticIntensity": 0.5, "HapticSharpness": 0.5])),
    F.document(),
    "{\"Version\": 1.1, \"Pattern\": [\(transient)]}",
    "{\"Version\": 2, \"Pattern\": [\(transient)]}",
    "{\"Version\": null, \"Pattern\": [\(transient)]}",
    "{\"Version\": 1, \"Version\": 1, \"Pattern\": [\(transient)]}",
    "{\"Version\": 1, \"Pattern\": [\(transient),]}",
    "{\"Version\": 1, \"Pattern\": [\(transient)], \"Extra\": 1}",
    "{\"Pattern\": [{\"Event\": {\"Time\": 0, \"Type\": \"HapticTransient\"}}]}",
    "{\"Pattern\": [{\"Ev\\u0065nt\": {\"Time\": 0, \"EventType\": \"HapticTransient\"}}]}",
    "{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\", \"EventParameters\": [{"
      + "\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 0.5}, {\"ParameterID\": \"HapticIntensity\", "
      + "\"ParameterValue\": 0.5}, {\"ParameterID\": \"HapticSharpness\", \"ParameterValue\": 0.5}]}}]}",
    "{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\", \"EventParameters\": []}}]}",
    // The parameters before the type (read by the rules once the type is known): out of range,
    // one that does nothing for the type, one of the other kind, one given twice.
    parametersBeforeType([("HapticIntensity", 1.5), ("HapticSharpness", 0.5)]),
    parametersBeforeType([("HapticIntensity", 0.5), ("HapticSharpness", 0.5), ("DecayTime", 1)]),
    parametersBeforeType([("HapticIntensity", 0.5), ("HapticSharpness", 0.5), ("AudioPan", 0)]),
    parametersBeforeType([("HapticIntensity", 0.5), ("HapticSharpness", 0.5), ("HapticIntensity", 0.5)]),
    "{\"Pattern\": [{}]}",
    "{\"Pattern\": [\(transient)]} x",
    "{\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\"}}",
  ]

  /// A transient whose `EventParameters` come before its `EventType`, each pair as written.
  private static func parametersBeforeType(_ parameters: [(id: String, value: Double)]) -> String {
    let list = parameters.map { "{\"ParameterID\": \"\($0.id)\", \"ParameterValue\": \($0.value)}" }
    return "{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventParameters\": [\(list.joined(separator: ", "))], "
      + "\"EventType\": \"HapticTransient\"}}]}"
  }

  @Test(arguments: reportedTexts)
  func textsWithSomethingToReportAreLeftToTheFullReader(_ text: String) {
    let bytes = Array(text.utf8)
    #expect(PlainPatternReader.read(bytes) == nil)
    #expect(!full(bytes).diagnostics.isEmpty)
  }

  /// Valid texts beyond plain events (controls, metadata, audio files, a byte-order mark): the
  /// full reader reads them, without a word.
  @Test(arguments: [
    F.document(F.parameter("HapticIntensityControl", time: 0, 0.5), transient),
    F.document(transient, F.curve("HapticIntensityControl", [(0, 1), (1, 0)])),
    "{\"Version\": 1, \"Metadata\": {\"Project\": \"x\"}, \"Pattern\": [\(transient)]}",
    "\u{FEFF}" + F.document(transient),
  ])
  func otherValidTextsAreLeftToTheFullReader(_ text: String) {
    let bytes = Array(text.utf8)
    #expect(PlainPatternReader.read(bytes) == nil)
    #expect(full(bytes).pattern != nil)
  }

  /// Values are counted as the JSON parser counts them: a text over its limit is not plain.
  @Test(arguments: plainTexts)
  func valuesAreCountedAsTheParserCountsThem(_ text: String) throws {
    let bytes = Array(text.utf8)
    func parses(limit: Int) -> Bool {
      var diagnostics = Diagnostics()
      return JSONParser.parse(bytes, file: "t.ahap", valueLimit: limit, diagnostics: &diagnostics) != nil
    }
    let count = try #require((1...200).first(where: parses))
    #expect(PlainPatternReader.read(bytes, valueLimit: count) != nil)
    #expect(PlainPatternReader.read(bytes, valueLimit: count - 1) == nil)
  }

  /// Every real file the plain reader takes reads as in the full reader; the corpus holds such
  /// files (single transients, heartbeats).
  @Test func realFilesAgree() throws {
    var taken = 0
    for file in Locations.patternFiles
    where expectAgreement(Array(try Data(contentsOf: URL(fileURLWithPath: file))), file) {
      taken += 1
    }
    #expect(taken > 0 || Locations.files(in: Locations.corpus, withExtension: "ahap").isEmpty)
  }

  /// The plain fixtures (real shapes: pretty-printed, minified, CRLF, with and without
  /// `Version`) are all read plainly, to the same pattern as the full reader's.
  @Test func plainFixturesAreReadPlainlyAndAgree() throws {
    #expect(Locations.plainFixtures.count >= 4)
    for file in Locations.plainFixtures {
      #expect(expectAgreement(Array(try Data(contentsOf: URL(fileURLWithPath: file))), file), "\(file) not plain")
    }
  }

  /// Thousands of mutations of plain texts (a byte or a token changed): never a disagreement,
  /// and both readers see some of them.
  @Test func mutationsNeverDisagree() {
    var random = SplitMix64(seed: 17)
    let bytes = Array(",:[]{}\"\\-+.0123456789eEn \t\n\u{1}".utf8)
    let numbers = ["0", "1", "-1", "0.5", "1.5", "31", "-0", "1e-3", "2E1", "00", "1.", ".5", "1e999", "null", "\"1\""]
    let names =
      EventType.allCases.map(\.rawValue) + ParameterID.allCases.map(\.rawValue) + ["HapticIntensityControl"]
      + ["Time", "EventType", "EventDuration", "EventParameters", "ParameterID", "ParameterValue", "Event"]
      + ["Version", "Pattern", "Parameter", "Metadata", "Type", "Duration", "Parameters", "Time ", "T\\u0069me", ""]
    var plainCount = 0
    var mutantCount = 0
    for text in Self.plainTexts.map({ Array($0.utf8) }) {
      let numberPlaces = Self.tokens(in: text) { $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) }
      let stringPlaces = Self.tokens(in: text) { $0 == UInt8(ascii: "\"") }
      for _ in 0..<600 {
        var mutant = text
        let place = Int(random.next() % UInt64(text.count))
        switch random.next() % 5 {
        case 0: mutant.remove(at: place)
        case 1: mutant.insert(bytes[Int(random.next() % UInt64(bytes.count))], at: place)
        case 2: mutant[place] = bytes[Int(random.next() % UInt64(bytes.count))]
        case 3:
          let token = numberPlaces[Int(random.next() % UInt64(numberPlaces.count))]
          mutant.replaceSubrange(token, with: Array(numbers[Int(random.next() % UInt64(numbers.count))].utf8))
        default:
          let token = stringPlaces[Int(random.next() % UInt64(stringPlaces.count))]
          let name = names[Int(random.next() % UInt64(names.count))]
          mutant.replaceSubrange(token, with: Array("\"\(name)\"".utf8))
        }
        mutantCount += 1
        if expectAgreement(mutant, String(decoding: mutant, as: UTF8.self)) { plainCount += 1 }
      }
    }
    #expect(plainCount > mutantCount / 20 && plainCount < mutantCount / 2, "\(plainCount) of \(mutantCount)")
  }

  /// The ranges of the numbers (or quoted strings) of `text`, found by their first byte.
  private static func tokens(in text: [UInt8], startingWith first: (UInt8) -> Bool) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var index = 0
    while index < text.count {
      guard first(text[index]) else {
        index += 1
        continue
      }
      var end = index + 1
      if text[index] == UInt8(ascii: "\"") {
        while end < text.count, text[end] != UInt8(ascii: "\"") { end += 1 }
        end += 1
      } else {
        while end < text.count, Array("0123456789.eE+-".utf8).contains(text[end]) { end += 1 }
      }
      ranges.append(index..<min(end, text.count))
      index = end
    }
    return ranges
  }

  /// A text of a megabyte or more is read in two halves: the same pattern as the full reader's, paths
  /// and positions counted through the seam; an element out of order at the seam, or anything
  /// to report in the second half, leaves the text to the full reader.
  @Test func largeTextsReadInHalvesAgree() throws {
    let count = 7_000
    func text(perLine: Int = 1, _ element: (Int) -> String? = { _ in nil }) -> [UInt8] {
      let elements = (0..<count).map { index in
        (element(index)
          ?? F.event(
            "HapticTransient", time: Double(index) / 100, ["HapticIntensity": 0.5, "HapticSharpness": 0.25]))
          + (index == count - 1 ? "" : index % perLine == perLine - 1 ? ",\n" : ", ")
      }
      return Array("{\"Version\": 1, \"Pattern\": [\n\(elements.joined())\n]}".utf8)
    }
    let plain = text()
    #expect(plain.count >= PatternParser.textReadInHalvesFrom)
    let seam = try #require(plain.withUnsafeBufferPointer { PatternParser.secondHalfStart(in: $0) })
    // The seam's element: the elements before it are one per line after the first line.
    let seamElement = plain[..<seam].count(where: { $0 == UInt8(ascii: "\n") }) - 1
    #expect(seamElement > 0 && seamElement < count - 1)
    #expect(expectAgreement(plain))
    let halves = PlainPatternReader.readInHalves(plain)
    #expect(halves.isJoined, "the second half is taken over")
    let pattern = try #require(halves.pattern)
    #expect(pattern.events[seamElement].path.description == "Pattern[\(seamElement)].Event")
    #expect(pattern.events[seamElement].position == TextPosition(line: seamElement + 2, column: 11))
    // Several elements a line, or all on one: the second half's columns go on from the line the
    // seam is on.
    for perLine in [3, count] {
      let lines = text(perLine: perLine)
      let seam = try #require(lines.withUnsafeBufferPointer { PatternParser.secondHalfStart(in: $0) })
      let lineStart = (lines[..<seam].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
      // An event's position is its object's, after `{"Event": `; the elements before the seam
      // each have one.
      let seamPosition = TextPosition(
        line: lines[..<seam].count(where: { $0 == UInt8(ascii: "\n") }) + 1, column: seam - lineStart + 11)
      let marker = Array("{\"Event\"".utf8)
      let seamElement = lines[..<seam].indices.count { lines[$0...].starts(with: marker) }
      #expect(expectAgreement(lines), "\(perLine) a line")
      let halves = PlainPatternReader.readInHalves(lines)
      #expect(halves.isJoined, "\(perLine) a line: the second half is taken over")
      #expect(try #require(halves.pattern).events[seamElement].position == seamPosition, "\(perLine) a line")
    }

    let early = F.event("HapticTransient", time: 0, ["HapticIntensity": 0.5, "HapticSharpness": 0.25])
    for changed in [seamElement, seamElement + 1, count - 1] {
      let mutant = text { $0 == changed ? early : nil }
      #expect(PlainPatternReader.read(mutant) == nil, "element \(changed) out of order")
      #expect(!full(mutant).diagnostics.isEmpty)
    }
    let clamped = text { $0 == count - 2 ? F.event("HapticTransient", ["HapticIntensity": 2]) : nil }
    #expect(PlainPatternReader.read(clamped) == nil)
    // The first half gives up at its first key and stops the second: the full reader reads the text.
    let withMetadata = Array("{\"Metadata\": {}, ".utf8) + plain.dropFirst()
    #expect(PlainPatternReader.read(withMetadata) == nil)
    #expect(full(withMetadata).pattern?.count == count + 1)
  }
}
