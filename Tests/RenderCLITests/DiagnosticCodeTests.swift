import Foundation
import HapticRender
import RenderCommandSupport
import Testing
import _HapticRenderTestSupport

/// docs/diagnostics.md lists exactly the codes of ``DiagnosticCode``, in its order, each with its
/// severity and an example that an input here makes the tool report with that code.
@Suite struct DiagnosticCodeTests {
  /// A file that gives a diagnostic, and the command that reads it.
  enum Input: Sendable {
    /// An AHAP file `p.ahap` checked as `render lint` checks it, with `beat.flac` beside it.
    case lint(String)
    /// A file `missing.ahap` that is not there, checked as `render lint` checks it.
    case missingFile
    /// An actuator file `a.json` (`--actuator`).
    case actuator(String)
    /// An Android effect file `e.json` read back (`render compare`).
    case androidEffect(String)
    /// An AHAP file `p.ahap` converted to an Android effect (`render android`).
    case android(String)
  }

  /// A pattern of one event whose members are `members`.
  private static func event(_ members: String) -> String { #"{"Pattern": [{"Event": {\#(members)}}]}"# }
  /// A pattern of the elements `elements`.
  private static func pattern(_ elements: String) -> String { #"{"Pattern": [\#(elements)]}"# }
  private static let tap = #"{"Event": {"Time": 0, "EventType": "HapticTransient"}}"#

  /// An input for each code.
  static let inputs: [DiagnosticCode: Input] = [
    .jsonSyntax: .lint("Version: 1"),
    .jsonLimit: .lint(String(repeating: "[", count: 130)),
    .notAPattern: .lint(#"{"Version": 1}"#),
    .audioFile: .lint("RIFF\u{24}\0\0\0WAVEfmt "),
    .wrongType: .lint(event(#""Time": "0.5", "EventType": "HapticTransient""#)),
    .outOfRange: .lint(event(#""Time": -1, "EventType": "HapticTransient""#)),
    .missingKey: .lint(event(#""EventType": "HapticTransient""#)),
    .unknownName: .lint(event(#""Time": 0, "EventType": "HapticTransent""#)),
    .unknownSetting: .actuator(#"{"resonance": 170, "q": 12, "Q": 12}"#),
    .ambiguousElement: .lint(
      pattern(
        #"{"Event": {"Time": 0, "EventType": "HapticTransient"}, "Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterValue": 1}}"#
      )),
    .missingDuration: .lint(event(#""Time": 0, "EventType": "HapticContinuous""#)),
    .unreadableWaveform: .lint(event(#""Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "boom.wav""#)),
    .unreadableFile: .missingFile,
    .renderLimit: .lint(event(#""Time": 4000, "EventType": "HapticTransient""#)),
    .invalidEffect: .androidEffect(#"{"waveform": {"timings": [10, 20], "amplitudes": [255]}}"#),
    .trailingComma: .lint(pattern(tap + ",")),
    .duplicateKey: .lint(event(#""Time": 0, "Time": 1, "EventType": "HapticTransient""#)),
    .nullValue: .lint(event(#""Time": 0, "EventType": "HapticTransient", "EventDuration": null"#)),
    .unknownKey: .lint(event(#""Time": 0, "EventType": "HapticTransient", "Name": "tap""#)),
    .undocumentedKey: .lint(event(#""Time": 0, "Type": "HapticTransient""#)),
    .unsupportedVersion: .lint(#"{"Version": 2, "Pattern": [\#(tap)]}"#),
    .emptyPattern: .lint(pattern("")),
    .noEffect: .lint(
      event(
        #""Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "AttackTime", "ParameterValue": 0.5}]"#
      )),
    .clampedValue: .lint(
      event(
        #""Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.4}]"#
      )),
    .defaultValue: .lint(pattern(tap)),
    .unorderedTime: .lint(
      pattern(
        #"{"Event": {"Time": 1, "EventType": "HapticTransient"}}, {"Event": {"Time": 0.5, "EventType": "HapticTransient"}}"#
      )),
    .absoluteCurveTime: .lint(
      pattern(
        #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 2, "ParameterCurveControlPoints": [{"Time": 2, "ParameterValue": 1}]}}"#
      )),
    .deviceLimit: .lint(event(#""Time": 0, "EventType": "HapticContinuous", "EventDuration": 40"#)),
    .overlappingEvents: .lint(
      pattern(
        #"{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 1}}, {"Event": {"Time": 0.5, "EventType": "HapticContinuous", "EventDuration": 1}}"#
      )),
    .waveformFormat: .lint(event(#""Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "beat.flac""#)),
    .silencedEvent: .lint(
      pattern(
        #"{"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterValue": 0}}, {"Event": {"Time": 1, "EventType": "HapticTransient"}}"#
      )),
    .longSilence: .lint(
      pattern(tap + #", {"Event": {"Time": 12, "EventType": "HapticTransient"}}"#)),
    .androidApproximation: .android(event(#""Time": 0, "EventType": "AudioContinuous", "EventDuration": 1"#)),
  ]

  /// What the tool reports for `input`, run in the folder that holds it, worded as it prints it
  /// (``CommandLineMessages``).
  static func diagnostics(of input: Input) throws -> [Diagnostic] {
    let folder = try TemporaryFolder()
    func write(_ text: String, to name: String) throws -> String {
      try Data(text.utf8).write(to: URL(fileURLWithPath: "\(folder.path)/\(name)"))
      return "\(folder.path)/\(name)"
    }
    var diagnostics = Diagnostics()
    switch input {
    case .lint(let text):
      try FileManager.default.copyItem(
        atPath: "\(Locations.packageRoot)/Tests/Golden/heartbeat.flac", toPath: "\(folder.path)/beat.flac")
      diagnostics = PatternLinter.check(
        path: try write(text, to: "p.ahap"), loader: PatternLoader(), wording: CommandLineMessages.text(for:))
    case .missingFile:
      diagnostics = PatternLinter.check(path: "\(folder.path)/missing.ahap", loader: PatternLoader())
    case .actuator(let text):
      _ = ActuatorModel.parse(Array(text.utf8), file: "a.json", sampleRate: 48_000, diagnostics: &diagnostics)
    case .androidEffect(let text):
      _ = AndroidWaveform.parse(Array(text.utf8), file: "e.json", diagnostics: &diagnostics)
    case .android(let text):
      _ = try AndroidEffect.converting(try PatternFixtures.pattern(text), file: "p.ahap", diagnostics: &diagnostics)
    }
    return diagnostics.all.map {
      var diagnostic = CommandLineMessages.worded($0)
      diagnostic.message = diagnostic.message.replacingOccurrences(of: "\(folder.path)/", with: "")
      return diagnostic
    }
  }

  /// The rows of the table of docs/diagnostics.md: the code, its severity and its example
  /// (`JSON.PATH: message`), without their backticks (an example with backticks of its own is
  /// written between double ones and spaces).
  static let documented: [(code: String, severity: String, example: String)] = {
    let page = (try? String(contentsOfFile: "\(Locations.packageRoot)/docs/diagnostics.md", encoding: .utf8)) ?? ""
    return page.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { line in
      let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
      func plain(_ cell: String) -> String {
        guard cell.hasPrefix("`` "), cell.hasSuffix(" ``") else {
          return cell.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        }
        return String(cell.dropFirst(3).dropLast(3))
      }
      return (plain(cells[0]), cells[1], plain(cells.last ?? ""))
    }
  }()

  @Test func theDocumentationListsEveryCodeOnceInOrder() {
    #expect(Self.documented.map(\.code) == DiagnosticCode.allCases.map(\.rawValue))
  }

  @Test(arguments: DiagnosticCode.allCases)
  func eachCodeIsReportedAsDocumented(_ code: DiagnosticCode) throws {
    let input = try #require(Self.inputs[code])
    let row = try #require(Self.documented.first { $0.code == code.rawValue })
    #expect(row.severity == code.severity.rawValue)
    let found = try Self.diagnostics(of: input).filter { $0.code == code }
    #expect(found.contains { "\($0.path): \($0.message)" == row.example }, "\(found)")
    #expect(found.allSatisfy { $0.severity == code.severity })
  }
}
