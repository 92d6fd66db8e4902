import HapticModel
import HapticReader
import Testing
import _HapticRenderTestSupport

/// One invalid or questionable input and what the reader must say about it.
struct DiagnosticCase: CustomTestStringConvertible, Sendable {
  var id: String
  /// AHAP text with a ⚑ where the diagnostic must point.
  var json: String
  /// The diagnostic's code, whose severity it has.
  var code: DiagnosticCode
  /// `JSON.PATH: message`
  var expected: String
  var testDescription: String { id }
}

@Suite struct PatternParsingTests {
  private static func wrap(_ event: String) -> String { "{\"Pattern\": [{\"Event\": \(event)}]}" }

  static let errors: [DiagnosticCase] = [
    DiagnosticCase(
      id: "not JSON", json: "⚑Version: 1", code: .jsonSyntax,
      expected: "(document): invalid JSON: expected a value, found 'V'"),
    DiagnosticCase(
      id: "a comment", json: "{\n  ⚑// breathing\n  \"Pattern\": []}", code: .jsonSyntax,
      expected: "(document): invalid JSON: expected a quoted key, found a comment ('//'), which JSON does not allow"),
    DiagnosticCase(
      id: "no Pattern", json: "⚑{\"Version\": 1}", code: .notAPattern,
      expected: "(document): not an AHAP pattern (no \"Pattern\" array)"),
    DiagnosticCase(
      id: "an audio file", json: "⚑RIFF\u{24}\0\0\0WAVEfmt ", code: .audioFile,
      expected: "(document): this is an audio file (WAV), not an AHAP pattern"),
    DiagnosticCase(
      id: "Pattern not an array", json: "{\"Pattern\": ⚑{}}", code: .wrongType,
      expected: "Pattern: expected an array of events and parameters, found an object"),
    DiagnosticCase(
      id: "unknown event type",
      json: wrap("{\"Time\": 0, \"EventType\": ⚑\"hapticTransient\"}"), code: .unknownName,
      expected: "Pattern[0].Event.EventType: unknown event type \"hapticTransient\"; did you mean \"HapticTransient\"?"),
    DiagnosticCase(
      id: "unknown parameter ID",
      json: wrap(
        "{\"Time\": 0, \"EventType\": \"HapticTransient\", \"EventParameters\": [{\"ParameterID\": ⚑\"HapticIntensityy\", \"ParameterValue\": 1}]}"
      ),
      code: .unknownName,
      expected:
        "Pattern[0].Event.EventParameters[0].ParameterID: unknown event parameter \"HapticIntensityy\"; did you mean \"HapticIntensity\"?"
    ),
    DiagnosticCase(
      id: "event parameter used as dynamic parameter",
      json:
        "{\"Pattern\": [{\"Parameter\": {\"ParameterID\": ⚑\"HapticIntensity\", \"Time\": 0, \"ParameterValue\": 1}}]}",
      code: .unknownName,
      expected:
        "Pattern[0].Parameter.ParameterID: unknown dynamic parameter \"HapticIntensity\" (\"HapticIntensity\" is an event parameter; did you mean \"HapticIntensityControl\"?)"
    ),
    DiagnosticCase(
      id: "missing Time", json: wrap("⚑{\"EventType\": \"HapticTransient\"}"), code: .missingKey,
      expected: "Pattern[0].Event: missing \"Time\": every event needs a start time in seconds"),
    DiagnosticCase(
      id: "negative Time", json: wrap("{\"Time\": ⚑-1, \"EventType\": \"HapticTransient\"}"), code: .outOfRange,
      expected: "Pattern[0].Event.Time: expected a time in seconds ≥ 0, found -1"),
    DiagnosticCase(
      id: "non-numeric Time", json: wrap("{\"Time\": ⚑\"0.5\", \"EventType\": \"HapticTransient\"}"), code: .wrongType,
      expected: "Pattern[0].Event.Time: expected a time in seconds, found \"0.5\""),
    DiagnosticCase(
      id: "negative duration",
      json: wrap("{\"Time\": 0, \"EventType\": \"HapticContinuous\", \"EventDuration\": ⚑-0.5}"), code: .outOfRange,
      expected: "Pattern[0].Event.EventDuration: expected a duration in seconds ≥ 0, found -0.5"),
    DiagnosticCase(
      id: "non-numeric parameter value",
      json: wrap(
        "{\"Time\": 0, \"EventType\": \"HapticTransient\", \"EventParameters\": [{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": ⚑true}]}"
      ),
      code: .wrongType,
      expected: "Pattern[0].Event.EventParameters[0].ParameterValue: expected a number, found true"),
    DiagnosticCase(
      id: "sustained continuous without duration",
      json: wrap("⚑{\"Time\": 0, \"EventType\": \"HapticContinuous\"}"), code: .missingDuration,
      expected: "Pattern[0].Event: a sustained HapticContinuous event needs a positive \"EventDuration\" in seconds"),
    DiagnosticCase(
      id: "sustained continuous with zero duration",
      json: wrap("{\"Time\": 0, \"EventType\": \"AudioContinuous\", \"EventDuration\": ⚑0}"), code: .missingDuration,
      expected:
        "Pattern[0].Event.EventDuration: a sustained AudioContinuous event needs a positive \"EventDuration\" in seconds"
    ),
    DiagnosticCase(
      id: "AudioCustom without waveform",
      json: wrap("⚑{\"Time\": 0, \"EventType\": \"AudioCustom\"}"), code: .missingKey,
      expected: "Pattern[0].Event: missing \"EventWaveformPath\": an AudioCustom event plays an audio file"),
    DiagnosticCase(
      id: "negative curve point time",
      json:
        "{\"Pattern\": [{\"ParameterCurve\": {\"ParameterID\": \"HapticIntensityControl\", \"Time\": 0, \"ParameterCurveControlPoints\": [{\"Time\": ⚑-0.1, \"ParameterValue\": 1}]}}]}",
      code: .outOfRange,
      expected:
        "Pattern[0].ParameterCurve.ParameterCurveControlPoints[0].Time: expected a time in seconds ≥ 0, found -0.1"),
    DiagnosticCase(
      id: "two kinds in one element",
      json:
        "{\"Pattern\": [{\"Parameter\": {\"ParameterID\": \"HapticIntensityControl\", \"Time\": 0, \"ParameterValue\": 1}, \"Event\": ⚑{}}]}",
      code: .ambiguousElement,
      expected:
        "Pattern[0].Event: an element holds exactly one of Event, Parameter, ParameterCurve; this one also holds \"Parameter\""
    ),
  ]

  static let warnings: [DiagnosticCase] = [
    DiagnosticCase(
      id: "empty Pattern", json: "{\"Pattern\": ⚑[]}", code: .emptyPattern,
      expected: "Pattern: the pattern is empty; the render is silent and 0 s long"),
    DiagnosticCase(
      id: "Type alias", json: wrap("{\"Time\": 0, \"Type\": ⚑\"HapticTransient\"}"), code: .undocumentedKey,
      expected:
        "Pattern[0].Event.Type: Core Haptics documents \"EventType\"; \"Type\" is not documented; read here as \"EventType\""
    ),
    DiagnosticCase(
      id: "Duration alias",
      json: wrap("{\"Time\": 0, \"EventType\": \"HapticContinuous\", \"Duration\": ⚑1}"), code: .undocumentedKey,
      expected:
        "Pattern[0].Event.Duration: Core Haptics documents \"EventDuration\" (its reference, header and Apple's own files); the AHAP article's table spells it \"Duration\"; read here as \"EventDuration\""
    ),
    DiagnosticCase(
      id: "Duration alias beside EventDuration",
      json: wrap("{\"Time\": 0, \"EventType\": \"HapticContinuous\", \"Duration\": ⚑2, \"EventDuration\": 1}"),
      code: .undocumentedKey,
      expected:
        "Pattern[0].Event.Duration: Core Haptics documents \"EventDuration\" (its reference, header and Apple's own files); the AHAP article's table spells it \"Duration\"; ignored here as \"EventDuration\" is also given"
    ),
    DiagnosticCase(
      id: "Parameters alias",
      json: wrap("{\"Time\": 0, \"EventType\": \"HapticTransient\", \"Parameters\": ⚑[]}"), code: .undocumentedKey,
      expected:
        "Pattern[0].Event.Parameters: Core Haptics documents \"EventParameters\"; \"Parameters\" is not documented; read here as \"EventParameters\""
    ),
    DiagnosticCase(
      id: "unknown key", json: wrap("{\"Time\": 0, ⚑\"Name\": \"tap\", \"EventType\": \"HapticTransient\"}"),
      code: .unknownKey, expected: "Pattern[0].Event.Name: unknown key \"Name\" is ignored"),
    DiagnosticCase(
      id: "empty key", json: wrap("{\"Time\": 0, ⚑\"\": 1, \"EventType\": \"HapticTransient\"}"),
      code: .unknownKey, expected: "Pattern[0].Event.\"\": unknown key \"\" is ignored"),
    DiagnosticCase(
      id: "two letters swapped in a key",
      json: wrap("{\"Time\": 0, ⚑\"Tiem\": 1, \"EventType\": \"HapticTransient\"}"), code: .unknownKey,
      expected: "Pattern[0].Event.Tiem: unknown key \"Tiem\" is ignored; did you mean \"Time\"?"),
    DiagnosticCase(
      id: "unknown element kind", json: "{\"Pattern\": [{⚑\"ParameterCurves\": {}}]}", code: .unknownKey,
      expected:
        "Pattern[0].ParameterCurves: unknown element kind \"ParameterCurves\" is ignored; did you mean \"ParameterCurve\"?"
    ),
    DiagnosticCase(
      id: "out of range",
      json: wrap(
        "{\"Time\": 0, \"EventType\": \"HapticTransient\", \"EventParameters\": [{\"ParameterID\": \"HapticSharpness\", \"ParameterValue\": ⚑-1.0}]}"
      ),
      code: .clampedValue,
      expected: "Pattern[0].Event.EventParameters[0].ParameterValue: HapticSharpness -1 is outside 0…1; clamped to 0"),
    DiagnosticCase(
      id: "null", json: wrap("{\"Time\": 0, \"EventType\": \"HapticTransient\", \"EventWaveformPath\": ⚑null}"),
      code: .nullValue,
      expected: "Pattern[0].Event.EventWaveformPath: null is treated as if \"EventWaveformPath\" were absent"),
    DiagnosticCase(
      id: "trailing comma", json: "{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\"}},⚑]}",
      code: .trailingComma, expected: "Pattern: trailing comma in array"),
    DiagnosticCase(
      id: "version", json: "{\"Version\": ⚑2, \"Pattern\": []}", code: .unsupportedVersion,
      expected: "Version: Core Haptics documents version 1.0; version 2 is not documented; read here as version 1"),
    DiagnosticCase(
      id: "version 1.1", json: "{\"Version\": ⚑1.1, \"Pattern\": []}", code: .unsupportedVersion,
      expected: "Version: version 1.1 is read as version 1"),
    DiagnosticCase(
      id: "over 30 s",
      json: wrap("{\"Time\": 0, \"EventType\": \"HapticContinuous\", \"EventDuration\": ⚑40}"), code: .deviceLimit,
      expected:
        "Pattern[0].Event.EventDuration: 40 s is longer than Core Haptics' 30 s limit for continuous haptic events; it sounds 30 s, and the pattern keeps its 40 s"
    ),
    DiagnosticCase(
      id: "17 points",
      json:
        "{\"Pattern\": [{\"ParameterCurve\": {\"ParameterID\": \"HapticIntensityControl\", \"Time\": 0, \"ParameterCurveControlPoints\": ⚑["
        + (0..<17).map { "{\"Time\": \($0), \"ParameterValue\": 1}" }.joined(separator: ",") + "]}}]}",
      code: .deviceLimit,
      expected:
        "Pattern[0].ParameterCurve.ParameterCurveControlPoints: 17 control points; Apple documents no limit, but Lofelt NiceVibrations and haptify report that Core Haptics takes at most 16 per curve"
    ),
    DiagnosticCase(
      id: "absolute-looking point times",
      json:
        "{\"Pattern\": [{\"ParameterCurve\": {\"ParameterID\": \"HapticIntensityControl\", \"Time\": 2, \"ParameterCurveControlPoints\": [{\"Time\": ⚑2, \"ParameterValue\": 1}]}}]}",
      code: .absoluteCurveTime,
      expected:
        "Pattern[0].ParameterCurve.ParameterCurveControlPoints[0].Time: the first point's time equals the curve's Time (2 s); point times are relative to the curve, so this file may use absolute times"
    ),
    DiagnosticCase(
      id: "sustained between 0 and 1",
      json: wrap(
        "{\"Time\": 0, \"EventType\": \"HapticContinuous\", \"EventDuration\": 1, \"EventParameters\": [{\"ParameterID\": \"Sustained\", \"ParameterValue\": ⚑0.7}]}"
      ),
      code: .clampedValue,
      expected:
        "Pattern[0].Event.EventParameters[0].ParameterValue: Sustained is 0 or 1; 0.7 is read as 1 (only exactly 0 means not sustained)"
    ),
    DiagnosticCase(
      id: "model default",
      json: wrap(
        "⚑{\"Time\": 0, \"EventType\": \"HapticTransient\", \"EventParameters\": [{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 1}]}"
      ),
      code: .defaultValue,
      expected: "Pattern[0].Event: no HapticSharpness; the signal model's default 0.5 is used (Apple documents none)"),
    DiagnosticCase(
      id: "unsorted elements",
      json:
        "{\"Pattern\": [{\"Event\": {\"Time\": 1, \"EventType\": \"HapticTransient\"}}, ⚑{\"Parameter\": {\"ParameterID\": \"HapticIntensityControl\", \"Time\": 0.5, \"ParameterValue\": 1}}]}",
      code: .unorderedTime,
      expected: "Pattern[1]: elements are not in time order (0.5 s after 1 s); they are rendered by their times"),
    DiagnosticCase(
      id: "audio parameter on a haptic event",
      json: wrap(
        "{\"Time\": 0, \"EventType\": \"HapticTransient\", \"EventParameters\": [{\"ParameterID\": ⚑\"AudioVolume\", \"ParameterValue\": 1}]}"
      ),
      code: .noEffect,
      expected:
        "Pattern[0].Event.EventParameters[0].ParameterID: Core Haptics documents AudioVolume for audio events; HapticTransient events take haptic parameters; ignored here"
    ),
    DiagnosticCase(
      id: "haptic parameter on an audio event",
      json: wrap(
        "{\"Time\": 0, \"EventType\": \"AudioContinuous\", \"EventDuration\": 1, \"EventParameters\": [{\"ParameterID\": ⚑\"HapticIntensity\", \"ParameterValue\": 1}]}"
      ),
      code: .noEffect,
      expected:
        "Pattern[0].Event.EventParameters[0].ParameterID: Core Haptics documents HapticIntensity for haptic events; AudioContinuous events take audio parameters; ignored here"
    ),
    DiagnosticCase(
      id: "parameter without effect",
      json: wrap(
        "{\"Time\": 0, \"EventType\": \"HapticTransient\", \"EventParameters\": [{\"ParameterID\": ⚑\"AttackTime\", \"ParameterValue\": 1}]}"
      ),
      code: .noEffect,
      expected: "Pattern[0].Event.EventParameters[0].ParameterID: AttackTime has no effect on HapticTransient events"),
  ]

  @Test(arguments: errors + warnings)
  func reportsEachCaseAtItsPlace(_ testCase: DiagnosticCase) {
    let marked = MarkedText(testCase.json)
    let diagnostics = PatternFixtures.diagnostics(marked.text)
    let match = diagnostics.first { "\($0.path): \($0.message)" == testCase.expected }
    #expect(match != nil, "got: \(diagnostics.map(\.description))")
    #expect(match?.code == testCase.code)
    #expect(match?.severity == testCase.code.severity)
    #expect(match.map { TextPosition(line: $0.location.line, column: $0.location.column) } == marked.position)
    if testCase.code.severity == .warning {
      #expect(!diagnostics.contains { $0.severity == .error }, "warnings alone must not stop the render")
    }
  }

  @Test(arguments: warnings)
  func strictTurnsWarningsIntoErrors(_ testCase: DiagnosticCase) {
    let diagnostics = PatternFixtures.diagnostics(MarkedText(testCase.json).text, strict: true)
    #expect(
      diagnostics.contains {
        $0.severity == .error && $0.code == testCase.code && "\($0.path): \($0.message)" == testCase.expected
      })
  }

  @Test func diagnosticReadsFileLineColumnSeverityPathMessageCode() {
    let text =
      "{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"AudioContinuous\",\n  \"EventDuration\": -0.5}}]}"
    let diagnostics = PatternFixtures.diagnostics(text, file: "breath.ahap")
    #expect(
      diagnostics.map(\.description) == [
        "breath.ahap:2:20: error: Pattern[0].Event.EventDuration: expected a duration in seconds ≥ 0, found -0.5 [out-of-range]"
      ])
  }

  @Test func jsonThatIsNotAPatternGetsOneLine() {
    var diagnostics = Diagnostics()
    let text = #"{"name": "app", "version": "1.0.0", "dependencies": {"a": "^1"}}"#
    #expect(Pattern.parse(Array(text.utf8), file: "package.json", diagnostics: &diagnostics) == nil)
    #expect(
      diagnostics.all.map(\.description) == [
        #"package.json:1:1: error: (document): not an AHAP pattern (no "Pattern" array) [not-a-pattern]"#
      ])
  }

  @Test(arguments: ["fLaC", "FORM\0\0\0\0AIFF", "caff", "OggS", "ID3\u{4}", "RF64"])
  func audioFilesAreRecognised(_ start: String) {
    var diagnostics = Diagnostics()
    #expect(Pattern.parse(Array(start.utf8) + [0, 1, 2], file: "x", diagnostics: &diagnostics) == nil)
    #expect(diagnostics.all.first?.message.contains("is an audio file") == true)
    #expect(diagnostics.all.map(\.code) == [.audioFile], "tools tell it by its code, not its words")
  }

  @Test func fillsDefaultsAndKeepsUnsortedOrder() throws {
    let pattern = try PatternFixtures.pattern(
      PatternFixtures.document(
        PatternFixtures.event("HapticContinuous", time: 1, duration: 2),
        PatternFixtures.event("HapticTransient", time: 0.5)))
    #expect(pattern.events.map(\.time) == [1, 0.5])
    let continuous = pattern.events[0]
    #expect(continuous.value(of: .hapticIntensity) == 1)
    #expect(continuous.value(of: .hapticSharpness) == 0.5)
    #expect(continuous.value(of: .attackTime) == 0)
    #expect(continuous.isSustained)
  }

  /// Events, parameters and curves carry the JSON path of their object, as the document
  /// gives it: keys written with escapes read as their text, and elements that add nothing
  /// keep their place in the count.
  @Test func elementsCarryTheirJSONPaths() throws {
    let text = #"""
      {"Pattern": [], "Pat\u0074ern": [{},
        {"Ev\u0065nt": {"Time": 0, "EventType": "HapticTransient"}},
        {"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterValue": 1}},
        {"Param\u0065terCurve": {"ParameterID": "HapticIntensityControl", "Time": 1,
          "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 1}]}}]}
      """#
    let pattern = try PatternFixtures.pattern(text)
    var diagnostics = Diagnostics()
    let document = try #require(JSONParser.parse(Array(text.utf8), file: "t", diagnostics: &diagnostics))
    let key = try #require(document.members(document.root)?.first { document.string($0, equals: "Pattern") })
    let elements = try #require(document.elements(key + 1))
    let objects = elements.compactMap { document.members($0)?.first { _ in true } }.map { $0 + 1 }
    #expect(
      [pattern.events[0].path, pattern.parameters[0].path, pattern.curves[0].path].map(\.description) == [
        "Pattern[1].Event", "Pattern[2].Parameter", "Pattern[3].ParameterCurve",
      ])
    let paths = [pattern.events[0].path, pattern.parameters[0].path, pattern.curves[0].path]
    #expect(paths == objects.map { document.path($0) })
    #expect(Set(paths) == Set(objects.map { document.path($0) }), "equal paths hash alike")
    #expect(paths[0].appending("Time").description == "Pattern[1].Event.Time")
  }

  @Test func capsContinuousEventsAt30Seconds() throws {
    let pattern = try PatternFixtures.pattern(
      PatternFixtures.document(
        PatternFixtures.event("HapticContinuous", duration: 40)))
    #expect(pattern.events[0].duration == 40 && pattern.events[0].soundingDuration == 30)
  }
}
