import Foundation
import HapticModel
import HapticPipeline
import HapticReader
import Testing
import _HapticRenderTestSupport

/// AHAP text in any of JSON's five Unicode encodings reads as its UTF-8 form does.
@Suite struct JSONTextEncodingTests {
  /// `text` in UTF-16 or UTF-32 of the given byte order, after `mark` bytes.
  private static func encode(_ text: String, unitSize: Int, bigEndian: Bool, mark: Bool) -> [UInt8] {
    let units: [UInt32] = unitSize == 2 ? text.utf16.map(UInt32.init) : text.unicodeScalars.map(\.value)
    func bytes(_ unit: UInt32) -> [UInt8] {
      let little = (0..<unitSize).map { UInt8(truncatingIfNeeded: unit >> ($0 * 8)) }
      return bigEndian ? little.reversed() : little
    }
    return (mark ? bytes(0xFEFF) : []) + units.flatMap(bytes)
  }

  private static let encodings = [
    (2, false, true), (2, true, true), (2, false, false), (2, true, false),
    (4, false, true), (4, true, true), (4, false, false), (4, true, false),
  ]

  @Test func everyEncodingOfASampleRendersTheSameSamples() throws {
    let text = try String(contentsOfFile: "\(Locations.samples)/heartbeat.ahap", encoding: .utf8)
    let expected = try PatternFixtures.render(text).channels
    #expect(Signal.peak(expected[0][...]) > 0.1)
    for (unitSize, bigEndian, mark) in Self.encodings {
      let bytes = Self.encode(text, unitSize: unitSize, bigEndian: bigEndian, mark: mark)
      #expect(JSONTextEncoding.detect(bytes).markLength == (mark ? unitSize : 0))
      var diagnostics = Diagnostics()
      let pattern = Pattern.parse(bytes, file: "heartbeat.ahap", diagnostics: &diagnostics)
      #expect(diagnostics.all.isEmpty, "UTF-\(unitSize * 8) big-endian \(bigEndian) mark \(mark)")
      let rendered = try Render.toMemory(try #require(pattern)).channels
      #expect(rendered == expected, "UTF-\(unitSize * 8) big-endian \(bigEndian) mark \(mark)")
    }
  }

  @Test func diagnosticsPointAtTheSameLineAndColumnAsInUTF8() throws {
    let text = "{\n  \"Pattern\": [\n    {\"Event\": {\"Time\": -1, \"EventType\": \"HapticTransient\"}}\n  ]\n}\n"
    let expected = PatternFixtures.diagnostics(text).map(\.description)
    #expect(expected.contains { $0.hasPrefix("test.ahap:3:24: error: Pattern[0].Event.Time:") })
    for (unitSize, bigEndian, mark) in Self.encodings {
      var diagnostics = Diagnostics()
      _ = Pattern.parse(
        Self.encode(text, unitSize: unitSize, bigEndian: bigEndian, mark: mark), file: "test.ahap",
        diagnostics: &diagnostics)
      #expect(diagnostics.all.map(\.description) == expected)
    }
  }

  @Test func illFormedCodeUnitsBecomeReplacementCharacters() {
    // "?" with the ? an unpaired surrogate, then half a code unit.
    let units: [UInt8] = [0xFF, 0xFE, 0x22, 0x00, 0x00, 0xD8, 0x22, 0x00, 0x7D]
    #expect(JSONTextEncoding.utf8(units) == Array("\"\u{FFFD}\"\u{FFFD}".utf8))
    let tooLarge: [UInt8] = [0x22, 0, 0, 0, 0x00, 0x00, 0x11, 0x00, 0x22, 0, 0, 0]
    #expect(JSONTextEncoding.utf8(tooLarge) == Array("\"\u{FFFD}\"".utf8))
  }

  @Test func utf8TextIsTheSameArray() {
    let text = Array("{\"Pattern\": []}".utf8)
    #expect(JSONTextEncoding.detect(text) == (.utf8, 0))
    #expect(JSONTextEncoding.utf8(text) == text)
    #expect(JSONTextEncoding.detect([0xEF, 0xBB, 0xBF, 0x7B]) == (.utf8, 0))
    #expect(JSONTextEncoding.detect([0x7B]) == (.utf8, 0))
  }

  /// A UTF-16 byte-order mark starts like an MPEG frame (FF Fx) but is no MP3.
  @Test func aUTF16MarkIsNotTakenForAnMP3() {
    #expect(AudioFileSignature.format(of: [0xFF, 0xFE, 0x7B, 0x00]) == nil)
    #expect(AudioFileSignature.format(of: [0xFF, 0xFB, 0x94, 0xC4]) == "MP3")
    #expect(AudioFileSignature.format(of: [0xFF, 0xF3, 0x64, 0xC4]) == "MP3")
  }
}
