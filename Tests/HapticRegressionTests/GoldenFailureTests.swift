import Foundation
import HapticAnalysis
import HapticFiles
import HapticPipeline
import HapticReader
import HapticRegression
import Testing
import _HapticRenderTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A golden-file check that fails says so with values: the comparison, the files and the
/// tolerance of a mismatch; the typed error of a check that could not be made.
@Suite struct GoldenFailureTests {
  private typealias F = PatternFixtures
  private static func tap(intensity: Double) -> String {
    F.document(F.event("HapticContinuous", duration: 0.5, ["HapticSharpness": 1, "HapticIntensity": intensity]))
  }

  private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  @Test func aMismatchCarriesItsReportFilesAndTolerance() throws {
    let folder = try TemporaryFolder()
    let pattern = "\(folder.path)/tap.ahap"
    let golden = "\(folder.path)/golden/tap.flac"
    try write(Self.tap(intensity: 0.8), to: pattern)
    let recorded = try #require(throws: Golden.Mismatch.self) { try Golden.verify(pattern: pattern, golden: golden) }
    guard case .recorded = recorded.reason else {
      Issue.record("no baseline recorded: \(recorded)")
      return
    }
    #expect(recorded.report == nil)

    try write(Self.tap(intensity: 0.9), to: pattern)
    let tolerance = ComparisonTolerance(maxDifference: 1e-3)
    let mismatch = try #require(throws: Golden.Mismatch.self) {
      try Golden.verify(pattern: pattern, golden: golden, tolerance: tolerance)
    }
    guard case .differed(let report, let rendered) = mismatch.reason else {
      Issue.record("not a difference: \(mismatch)")
      return
    }
    #expect(mismatch.pattern == pattern)
    #expect(mismatch.golden == golden)
    #expect(mismatch.tolerance == tolerance)
    #expect(mismatch.report?.maxDifference == report.maxDifference)
    #expect(!report.passed && report.maxDifference > 1e-3)
    #expect(report.framesCompared == 24_960)
    let path = try #require(rendered)
    #expect(path.hasSuffix("/tap.flac") && path.contains("/render-actual-"))
    #expect(mismatch.description.contains("rendered: \(path)\n"))
  }

  @Test func aCheckThatCannotBeMadeCarriesItsError() throws {
    let folder = try TemporaryFolder()
    let golden = "\(folder.path)/golden.flac"
    let unreadable = try #require(throws: Golden.Mismatch.self) {
      try Golden.verify(pattern: "\(folder.path)/nope.ahap", golden: golden)
    }
    guard case .failed(.unreadable(let error), let diagnostics) = unreadable.reason else {
      Issue.record("not unreadable: \(unreadable)")
      return
    }
    #expect(error.errorNumber?.rawValue == ENOENT)
    #expect(diagnostics.isEmpty)
    #expect(unreadable.description == "cannot read '\(folder.path)/nope.ahap': no such file")

    try write(F.document(F.event("Buzz")), to: "\(folder.path)/bad.ahap")
    let invalid = try #require(throws: Golden.Mismatch.self) {
      try Golden.verify(pattern: "\(folder.path)/bad.ahap", golden: golden)
    }
    guard case .failed(.invalid(let path), let found) = invalid.reason else {
      Issue.record("not invalid: \(invalid)")
      return
    }
    #expect(path == "\(folder.path)/bad.ahap")
    #expect(found.contains { $0.severity == .error && $0.message.contains("\"Buzz\"") })
    #expect(!FileManager.default.fileExists(atPath: golden), "nothing is recorded for a pattern with errors")
  }

  @Test func aCheckOutcomeCarriesTheRendersError() throws {
    let folder = try TemporaryFolder()
    try write(F.document(F.event("HapticTransient", time: 5_000)), to: "\(folder.path)/late.ahap")
    let check = GoldenCheck(goldenFolder: folder.path, format: try AudioFileFormat(.flac), updatesGoldens: true)
    var diagnostics = Diagnostics()
    let outcome = check.check(patternAt: "\(folder.path)/late.ahap", diagnostics: &diagnostics)
    guard case .error(.render(.durationLimitExceeded(_, let limit))) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(limit == 3_600)
  }

  @Test func anUpdateSaysWhatTheGoldenFileHeld() throws {
    let folder = try TemporaryFolder()
    let pattern = "\(folder.path)/tap.ahap"
    try write(Self.tap(intensity: 0.8), to: pattern)
    try write("not audio", to: "\(folder.path)/tap.flac")
    let check = GoldenCheck(goldenFolder: folder.path, format: try AudioFileFormat(.flac), updatesGoldens: true)
    var diagnostics = Diagnostics()
    guard case .updated(.unreadable(let error)) = check.check(patternAt: pattern, diagnostics: &diagnostics) else {
      Issue.record("a golden file that is not audio is not reported as unreadable")
      return
    }
    #expect(GoldenCheck.Previous.unreadable(error).description == "unreadable: \(error)")

    try write(Self.tap(intensity: 0.9), to: pattern)
    guard case .updated(.differed(let report)) = check.check(patternAt: pattern, diagnostics: &diagnostics) else {
      Issue.record("a changed render is not reported as a difference")
      return
    }
    #expect(!report.passed)
    #expect(GoldenCheck.Previous.differed(report).description == "max |Δ| \(report.maxDifference)")
    guard case .passed = check.check(patternAt: pattern, diagnostics: &diagnostics) else {
      Issue.record("the rewritten golden file does not pass")
      return
    }
  }
}
