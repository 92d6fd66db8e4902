import HapticModel
import HapticPipeline
import HapticReader
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

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

  /// Elements read from a file keep their file order, controls between events; elements built
  /// in code (no positions) are written events first.
  @Test func controlsStayBetweenTheEventsTheyWereBetween() throws {
    let pattern = try PatternFixtures.pattern(
      #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}, {"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 1, "ParameterValue": 0.5}}, {"Event": {"Time": 2, "EventType": "HapticTransient"}}, {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 3, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 1}]}}]}"#
    )
    func kinds(_ pattern: Pattern) -> [String] {
      pattern.ahapText().split(separator: "\n").compactMap { line in
        ["Event", "Parameter", "ParameterCurve"].first { line.contains("\"\($0)\": {") }
      }
    }
    #expect(kinds(pattern) == ["Event", "Parameter", "Event", "ParameterCurve"])
    var built = pattern
    for index in built.events.indices { built.events[index].position = TextPosition(line: 0, column: 0) }
    for index in built.parameters.indices { built.parameters[index].position = TextPosition(line: 0, column: 0) }
    for index in built.curves.indices { built.curves[index].position = TextPosition(line: 0, column: 0) }
    #expect(kinds(built) == ["Event", "Event", "Parameter", "ParameterCurve"])
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
