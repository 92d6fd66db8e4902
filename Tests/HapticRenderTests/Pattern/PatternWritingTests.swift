import Testing
import _HapticRenderTestSupport

@testable import HapticRender

/// `Pattern.ahapText()` reads back to a pattern that renders to the same samples.
@Suite struct PatternWritingTests {
  static let samples =
    Locations.files(in: Locations.samples, withExtension: "ahap")
    + Locations.files(in: "\(Locations.corpus)/ahap", withExtension: "ahap")

  @Test(arguments: samples)
  func writtenTextRendersTheSame(_ path: String) throws {
    let loader = PatternLoader(resourceFolders: ["\(Locations.corpus)/ahap/resources"])
    var diagnostics = Diagnostics()
    guard let original = try loader.load(path: path, diagnostics: &diagnostics) else { return }  // refused files
    let text = original.pattern.ahapText()
    var rereadDiagnostics = Diagnostics()
    let parsed = try #require(
      Pattern.parse(Array(text.utf8), file: "written.ahap", diagnostics: &rereadDiagnostics),
      "\(rereadDiagnostics.all)")
    #expect(!rereadDiagnostics.hasErrors)
    let reread = try #require(loader.loadWaveforms(of: parsed, patternPath: path, diagnostics: &rereadDiagnostics))
    var options = RenderOptions()
    options.sampleRate = 8_000
    let expected = try Render.toMemory(original, options: options)
    let actual = try Render.toMemory(reread, options: options)
    #expect(actual.channels == expected.channels)
    #expect(reread.events.count == original.events.count && reread.curves.count == original.curves.count)
    #expect(reread.pattern.ahapText() == text)
  }

  @Test func stringsAreEscapedAndShortContainersStayOnOneLine() throws {
    let pattern = try PatternFixtures.pattern(
      #"{"Metadata": {"Description": "tab\there \"quoted\" \\ \u0001"}, "Pattern": [{"Event": {"Time": 0.5, "EventType": "HapticTransient"}}]}"#
    )
    let text = pattern.ahapText()
    #expect(text.contains(#""Description": "tab\there \"quoted\" \\ \u0001""#))
    #expect(text.contains(#"{"Event": {"Time": 0.5, "EventType": "HapticTransient", "EventParameters": []}}"#))
    #expect(text.hasPrefix("{\n  \"Version\": 1,\n"))
  }
}
