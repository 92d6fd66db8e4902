import Foundation
import HapticModel
import HapticReader
import Testing
import _HapticRenderTestSupport

private typealias F = PatternFixtures

/// A large pattern's elements are read in two halves on two threads: the pattern and its
/// diagnostics are those of one pass in file order.
@Suite struct ElementHalvesTests {
  /// What reading the `Pattern` array of `text` leaves, every element in one pass or from
  /// `halvesFrom` elements on in two halves.
  private struct Reading: Equatable {
    struct NoPatternArray: Error {}

    var events: [String]
    var controls: [String]
    var diagnostics: [Diagnostic]
    var omitted: Int
    var hasErrors: Bool

    init(_ text: String, halvesFrom threshold: Int, strict: Bool = false, ignoring: Set<DiagnosticCode> = []) throws {
      let bytes = Array(text.utf8)
      var diagnostics = Diagnostics(treatsWarningsAsErrors: strict, ignoring: ignoring)
      guard let document = JSONParser.parse(bytes, file: "t.ahap", diagnostics: &diagnostics),
        let key = document.members(document.root)?.first(where: { document.string($0, equals: "Pattern") }),
        let elements = document.elements(key + 1).map(Array.init)
      else { throw NoPatternArray() }
      var parser = PatternParser(document: document, file: "t.ahap", diagnostics: diagnostics)
      var pattern = Pattern()
      parser.parseElements(elements, into: &pattern, halvesFrom: threshold)
      events = pattern.events.map { "\($0.type) \($0.time) \($0.duration) \(Array($0.parameters)) \($0.path)" }
      controls =
        pattern.parameters.map { "\($0.id) \($0.time) \($0.value)" }
        + pattern.curves.map { "\($0.id) \($0.time) \($0.points.count)" }
      self.diagnostics = parser.diagnostics.all
      omitted = parser.diagnostics.omittedCount
      hasErrors = parser.diagnostics.hasErrors
    }
  }

  /// `count` transients 10 ms apart; `element(index)` replaces any of them.
  private func document(count: Int, _ element: (Int) -> String? = { _ in nil }) -> String {
    F.document(
      (0..<count).map { index in
        element(index)
          ?? F.event(
            "HapticTransient", time: Double(index) / 100, ["HapticIntensity": 0.5, "HapticSharpness": 0.5])
      }
      .joined(separator: ",\n"))
  }

  @Test func halvesGiveTheOnePassPatternAndDiagnostics() throws {
    // Warnings in both halves, a control, an error, and an element out of time order in the
    // second half: its warning comes after the second half's earlier diagnostics.
    let text = document(count: 6_000) { index in
      switch index {
      case 10: F.event("HapticTransient", time: 0.1, ["HapticIntensity": 2, "HapticSharpness": 0.5])
      case 2_999: F.parameter("HapticIntensityControl", time: 29.99, 0.5)
      case 3_500: F.event("HapticTransient", time: 35, ["HapticIntensity": 0.5])
      case 4_000: F.event("HapticTransient", time: 1, ["HapticIntensity": 0.5, "HapticSharpness": 0.5])
      case 5_000: "{\"Event\": {\"Time\": 50}}"
      default: nil
      }
    }
    let onePass = try Reading(text, halvesFrom: .max)
    #expect(onePass.events.count == 5_998 && onePass.controls.count == 1)
    #expect(
      onePass.diagnostics.map(\.path.description) == [
        "Pattern[10].Event.EventParameters[0].ParameterValue", "Pattern[3500].Event", "Pattern[4000]",
        "Pattern[5000].Event",
      ])
    #expect(onePass.hasErrors)
    #expect(try Reading(text, halvesFrom: 2) == onePass)
  }

  /// Beyond the diagnostics kept, the halves keep the same first ones and count the rest; an
  /// error among those only counted still refuses the pattern.
  @Test(arguments: [false, true])
  func halvesKeepAndCountTheSameDiagnostics(strict: Bool) throws {
    let text = document(count: 5_000) { index in
      switch index {
      case 4_900: "{\"Event\": {\"Time\": 49}}"
      case 4_901: F.event("HapticTransient", time: 1, ["HapticIntensity": 0.5])
      default: index % 7 == 0 ? F.event("HapticTransient", time: Double(index) / 100, ["HapticIntensity": 0.5]) : nil
      }
    }
    let onePass = try Reading(text, halvesFrom: .max, strict: strict)
    #expect(onePass.diagnostics.count == Diagnostics.maximumKept)
    #expect(onePass.omitted == 5_000 / 7 + 1 + 2 - Diagnostics.maximumKept)
    #expect(onePass.hasErrors)
    // Errors are kept ahead of warnings: with `strict` every warning is an error, and the
    // error found last is one of those counted.
    #expect(onePass.diagnostics.contains { $0.path.description == "Pattern[4900].Event" } == !strict)
    #expect(try Reading(text, halvesFrom: 2, strict: strict) == onePass)
  }

  /// A code ignored in one pass is ignored in both halves: its warnings are neither kept nor
  /// counted, and take no room from the others.
  @Test(arguments: [false, true])
  func halvesDropTheIgnoredCodes(strict: Bool) throws {
    let text = document(count: 5_000) { index in
      switch index {
      case 4_901: F.event("HapticTransient", time: 1, ["HapticIntensity": 0.5, "HapticSharpness": 0.5])
      default: index % 7 == 0 ? F.event("HapticTransient", time: Double(index) / 100, ["HapticIntensity": 0.5]) : nil
      }
    }
    let onePass = try Reading(text, halvesFrom: .max, strict: strict, ignoring: [.defaultValue])
    #expect(onePass.diagnostics.map(\.code) == [.unorderedTime])
    #expect(onePass.diagnostics.map(\.path.description) == ["Pattern[4901]"])
    #expect(onePass.omitted == 0 && onePass.hasErrors == strict)
    #expect(try Reading(text, halvesFrom: 2, strict: strict, ignoring: [.defaultValue]) == onePass)
  }

  /// Errors in the second half take the place of the first half's last warnings, as in one pass.
  @Test func halvesKeepTheSecondHalfsErrorsAheadOfWarnings() throws {
    let text = document(count: 6_000) { index in
      if index < 1_000, index.isMultiple(of: 2) {
        F.event("HapticTransient", time: Double(index) / 100, ["HapticIntensity": 0.5])
      } else if index >= 3_000, index.isMultiple(of: 10) {
        "{\"Event\": {\"Time\": \(Double(index) / 100)}}"
      } else {
        nil
      }
    }
    let onePass = try Reading(text, halvesFrom: .max)
    let errors = onePass.diagnostics.filter { $0.severity == .error }
    #expect(errors.count == 300 && errors.first?.path.description == "Pattern[3000].Event")
    #expect(onePass.diagnostics.count == Diagnostics.maximumKept)
    #expect(onePass.diagnostics[199].path.description == "Pattern[398].Event")
    #expect(onePass.omitted == 300)
    #expect(try Reading(text, halvesFrom: 2) == onePass)
  }

  /// Every corpus file and sample reads the same in halves, however small.
  @Test func everyRealFileReadsTheSameInHalves() throws {
    let files = Locations.patternFiles
    #expect(!files.isEmpty)
    for file in files {
      let text = try String(contentsOfFile: file, encoding: .utf8)
      guard let onePass = try? Reading(text, halvesFrom: .max) else { continue }
      #expect(try Reading(text, halvesFrom: 2) == onePass, "\(file)")
    }
  }
}
