import HapticRegression
import Testing

/// The JUnit report names each pattern's file as it is: XML's escapes, not JSON's.
@Suite struct JUnitReportTests {
  @Test func fileAttributeHoldsThePathEscapedAsXML() {
    let path = "patterns/a&<\"b\\c\nd\te.ahap"
    let entry = GoldenCase(
      name: "a.ahap", path: path, goldenPath: "golden/a.flac", outcome: .missing(goldenPath: "golden/a.flac"),
      seconds: 0)
    let xml = JUnitReport(suiteName: "render check", cases: [entry], seconds: 0).xml
    #expect(xml.contains(#" file="patterns/a&amp;&lt;&quot;b\c&#10;d&#9;e.ahap" "#), "\(xml)")
  }

  /// A character XML 1.0 cannot hold at all becomes U+FFFD; the document stays well-formed.
  @Test func aCharacterXMLCannotHoldIsReplaced() {
    let entry = GoldenCase(
      name: "a.ahap", path: "a\u{1B}b.ahap", goldenPath: "g/a.flac", outcome: .missing(goldenPath: "g/a.flac"),
      seconds: 0)
    let xml = JUnitReport(suiteName: "render check", cases: [entry], seconds: 0).xml
    #expect(xml.contains(" file=\"a\u{FFFD}b.ahap\" "), "\(xml)")
  }
}
