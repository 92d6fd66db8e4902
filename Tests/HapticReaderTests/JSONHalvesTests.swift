import Foundation
import HapticModel
import HapticReader
import Testing
import _HapticRenderTestSupport

/// A document read in two halves, wherever the second starts, is the document one pass reads:
/// the same nodes, the same diagnostics.
@Suite struct JSONHalvesTests {
  private struct Reading: Equatable {
    var nodes: [JSONNode]?
    var diagnostics: [Diagnostic]

    init(_ bytes: [UInt8], secondHalfAt start: Int?, valueLimit: Int = JSONParser.maximumValues) {
      var diagnostics = Diagnostics()
      nodes =
        JSONParser.parse(
          bytes, file: "t.json", valueLimit: valueLimit, secondHalfStart: { _ in start }, diagnostics: &diagnostics
        )?.nodes
      self.diagnostics = diagnostics.all
    }
  }

  /// Every place after a comma and white space, where an element may start (at most `limit`,
  /// evenly spread), and a few others.
  private func starts(in bytes: [UInt8], limit: Int) -> [Int] {
    let space: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09]
    let afterCommas = bytes.indices.compactMap { index -> Int? in
      guard bytes[index] == UInt8(ascii: ",") else { return nil }
      return bytes[(index + 1)...].firstIndex { !space.contains($0) }
    }
    let step = max(1, afterCommas.count / limit)
    return stride(from: 0, to: afterCommas.count, by: step).map { afterCommas[$0] } + [1, bytes.count / 2]
  }

  private func expectOnePass(_ text: String, valueLimit: Int = JSONParser.maximumValues) {
    let bytes = Array(text.utf8)
    let onePass = Reading(bytes, secondHalfAt: nil, valueLimit: valueLimit)
    for start in starts(in: bytes, limit: .max) {
      #expect(Reading(bytes, secondHalfAt: start, valueLimit: valueLimit) == onePass, "second half at \(start)")
    }
  }

  /// The second half reads elements up to the closing bracket, and gives up at what the first
  /// must report.
  @Test func theSecondHalfReadsUpToTheClosingBracket() {
    func tail(_ text: String, from start: Int) -> JSONParser.ArrayTail? {
      let bytes = Array(text.utf8)
      return bytes.withUnsafeBufferPointer {
        JSONParser.startSecondHalf(reading: JSONParser(source: bytes, bytes: $0, valueLimit: 100), from: start).wait()
      }
    }
    let read = tail(#"[1, {"a": [2, 3]}, 4] "#, from: 4)
    #expect(read?.elementCount == 2 && read?.valueCount == 5 && read?.end == 20 && read?.deepest == 2)
    #expect(tail(#"[1, {"a": 2}, ] "#, from: 4) == nil)
    #expect(tail(#"[1, {"a": 2, "a": 3}] "#, from: 4) == nil)
    #expect(tail(#"[1, {"a" 2}] "#, from: 4) == nil)
  }

  @Test func elementsOfEveryKindAndDepth() {
    expectOnePass(#"{"a": [1, "two", {"x": [3, [4, {}]], "y": null}, [], true], "b": {"c": [5, 6]}, "d": [7]}"#)
  }

  @Test func whatTheSecondHalfCannotReportIsReadAgain() {
    // A trailing comma, a duplicate key, a syntax error and a string holding ", {" after the
    // place: each must be found, and said, as one pass says it.
    expectOnePass(#"{"Pattern": [{"Event": 1}, {"Event": 2}, ]}"#)
    expectOnePass(#"{"Pattern": [{"Event": 1}, {"Event": 2, "Event": 3}]}"#)
    expectOnePass(#"{"Pattern": [{"Event": 1}, {"Event": 2}, {"Event" 3}]}"#)
    expectOnePass(#"{"Pattern": [{"Event": ", {\"Event\": 1}"}, {"Event": 2}], "Version": 1}"#)
    expectOnePass(#"{"Pattern": [1, 2, 3"#)
  }

  @Test func limitsCountBothHalves() {
    let text = #"{"Pattern": [[1, 2], [3, 4], [5, 6], [7, 8]]}"#
    for limit in 8...16 { expectOnePass(text, valueLimit: limit) }
    let deep = String(repeating: "[", count: 126) + "1, [[2]], 3" + String(repeating: "]", count: 126)
    expectOnePass(deep)
    expectOnePass("[0, " + deep + "]")
  }

  @Test func everyRealFileReadsTheSameInHalves() throws {
    let files = Locations.patternFiles
    #expect(!files.isEmpty)
    for file in files {
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
      let onePass = Reading(bytes, secondHalfAt: nil)
      for start in starts(in: bytes, limit: 40) {
        #expect(Reading(bytes, secondHalfAt: start) == onePass, "\(file), second half at \(start)")
      }
    }
  }

  /// The place found in a large pattern is the start of an element, and the pattern read
  /// there in halves is the one read in one pass.
  @Test func aLargePatternIsSplitAtAnElement() throws {
    let elements = (0..<60_000).map { index in
      PatternFixtures.event(
        "HapticTransient", time: Double(index) / 100, ["HapticIntensity": 0.5, "HapticSharpness": 0.5])
    }
    let bytes = Array(PatternFixtures.document(elements.joined(separator: ",\n")).utf8)
    #expect(bytes.count >= PatternParser.textReadInHalvesFrom)
    let start = try #require(bytes.withUnsafeBufferPointer { PatternParser.secondHalfStart(in: $0) })
    #expect(bytes[start - 2...start + 7].elementsEqual(Array(",\n{\"Event\"".utf8)))
    #expect(Reading(bytes, secondHalfAt: start) == Reading(bytes, secondHalfAt: nil))
  }
}
