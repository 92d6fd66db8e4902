import HapticModel
import HapticReader
import Testing

/// At most ``Diagnostics/maximumKept`` diagnostics are kept, errors ahead of warnings; those of
/// an ignored code are dropped.
@Suite struct DiagnosticsTests {
  private func place(_ line: Int) -> HapticModel.SourceLocation {
    SourceLocation(file: "t.ahap", line: line, column: 1)
  }

  @Test func errorsFoundLateTakeTheLastWarningsPlaces() {
    var diagnostics = Diagnostics()
    for line in 1...600 { diagnostics.report(.unknownKey, at: place(line), JSONPath(), "w") }
    for line in 601...603 { diagnostics.report(.missingKey, at: place(line), JSONPath(), "e") }
    let kept = diagnostics.all
    #expect(kept.count == Diagnostics.maximumKept)
    #expect(kept.filter { $0.severity == .warning }.map(\.location.line) == Array(1...497))
    #expect(kept.suffix(3).map(\.location.line) == [601, 602, 603])
    #expect(diagnostics.omittedCount == 103)
    #expect(diagnostics.errorCount == 3 && diagnostics.warningCount == 600 && diagnostics.hasErrors)
  }

  @Test func errorsBeyondTheLimitAreCounted() {
    var diagnostics = Diagnostics()
    diagnostics.report(.unknownKey, at: place(1), JSONPath(), "w")
    for line in 2...700 { diagnostics.report(.missingKey, at: place(line), JSONPath(), "e") }
    #expect(diagnostics.all.map(\.location.line) == Array(2...501))
    #expect(diagnostics.omittedCount == 200)
  }

  /// Sorted, the diagnostics shown stay those shown; an error found later still takes the
  /// place of the last warning, and a warning found later is counted.
  @Test func sortingKeepsWhatIsShown() {
    var diagnostics = Diagnostics()
    for line in (1...600).reversed() { diagnostics.report(.unknownKey, at: place(line), JSONPath(), "w") }
    diagnostics.sortByLocation()
    #expect(diagnostics.all.map(\.location.line) == Array(101...600))
    diagnostics.report(.unknownKey, at: place(0), JSONPath(), "w")
    diagnostics.report(.missingKey, at: place(700), JSONPath(), "e")
    #expect(diagnostics.all.map(\.location.line) == Array(101...599) + [700])
    #expect(diagnostics.omittedCount == 102)
  }

  /// An ignored code's warnings are dropped before they are counted or made errors by
  /// `strict`; an error code cannot be ignored, and a warning code keeps its code as an error.
  @Test(arguments: [false, true])
  func ignoredWarningsAreNeitherKeptNorCounted(strict: Bool) {
    var diagnostics = Diagnostics(treatsWarningsAsErrors: strict, ignoring: [.unknownKey, .missingKey])
    #expect(diagnostics.ignoredCodes == [.unknownKey])
    for line in 1...600 { diagnostics.report(.unknownKey, at: place(line), JSONPath(), "w") }
    diagnostics.report(.defaultValue, at: place(601), JSONPath(), "w")
    diagnostics.report(.missingKey, at: place(602), JSONPath(), "e")
    #expect(diagnostics.all.map(\.code) == [.defaultValue, .missingKey])
    #expect(diagnostics.all.map(\.severity) == [strict ? .error : .warning, .error])
    #expect(diagnostics.warningCount == (strict ? 0 : 1) && diagnostics.errorCount == (strict ? 2 : 1))
    #expect(diagnostics.omittedCount == 0)
  }
}
