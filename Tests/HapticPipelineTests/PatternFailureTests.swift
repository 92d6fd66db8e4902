import Foundation
import HapticFiles
import HapticPipeline
import HapticPreview
import HapticReader
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a loader, a batch and a preview site report for a file they could not do is the error
/// itself, to switch on: the system's error number, the render's limit, the encoder's refusal.
@Suite struct PatternFailureTests {
  private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  @Test func aFileThatCannotBeReadKeepsItsErrorNumber() throws {
    let folder = try TemporaryFolder()
    let outcome = PatternLoader().load(path: "\(folder.path)/nope.ahap", treatsWarningsAsErrors: false)
    let error = try #require(outcome.error)
    #expect(error.errorNumber?.rawValue == ENOENT)
    #expect(error.path == "\(folder.path)/nope.ahap")
    #expect(outcome.pattern == nil)
    #expect("\(PatternFailure.unreadable(error))" == "cannot read '\(folder.path)/nope.ahap': no such file")
  }

  @Test func aBatchReportsEachFailureAsAValue() throws {
    let folder = try TemporaryFolder()
    let late = PatternFixtures.document(PatternFixtures.event("HapticTransient", time: 5_000))
    try write(late, to: "\(folder.path)/late.ahap")
    try write(PatternFixtures.document(PatternFixtures.event("Buzz")), to: "\(folder.path)/bad.ahap")
    try write(PatternFixtures.document(PatternFixtures.event("HapticTransient")), to: "\(folder.path)/tap.ahap")
    let batch = Batch(
      outputFolder: "\(folder.path)/out", format: try AudioFileFormat(.wav), options: RenderOptions())
    let inputs = ["late", "bad", "tap", "nope"].map { "\(folder.path)/\($0).ahap" }
    let results = try batch.run(inputs, jobs: 2)

    guard case .render(let error) = results[0].error else {
      Issue.record("late.ahap: \(String(describing: results[0].error))")
      return
    }
    #expect(error == .durationLimitExceeded(seconds: 5_000, limit: 3_600))
    #expect(results[1].error == nil, "an invalid pattern's errors are its diagnostics")
    #expect(results[1].diagnostics.contains { $0.severity == .error })
    #expect(results[2].error == nil && results[2].succeeded)
    guard case .unreadable(let unreadable) = results[3].error else {
      Issue.record("nope.ahap: \(String(describing: results[3].error))")
      return
    }
    #expect(unreadable.errorNumber?.rawValue == ENOENT)
    #expect(results.map(\.succeeded) == [false, false, true, false])
  }

  @Test func anAndroidLayoutInMP3IsAnEncodingRefusal() throws {
    let folder = try TemporaryFolder()
    try write(PatternFixtures.document(PatternFixtures.event("HapticTransient")), to: "\(folder.path)/tap.ahap")
    var options = RenderOptions()
    options.layout = .android
    let batch = Batch(outputFolder: "\(folder.path)/out", format: try AudioFileFormat(.mp3), options: options)
    let result = try batch.run(["\(folder.path)/tap.ahap"], jobs: 1)[0]
    guard case .encoding(let error) = result.error else {
      Issue.record("\(String(describing: result.error))")
      return
    }
    #expect(error == .androidTagUnsupported(.mp3))
    #expect(error.description == "mp3 cannot carry Android's haptic tag; ogg and opus files can")
    #expect(folder.contents("out").isEmpty)
  }

  @Test func aPreviewSiteEntryCarriesTheFailure() throws {
    let folder = try TemporaryFolder()
    let site = PreviewSite(folder: "\(folder.path)/site")
    let missing = site.page(for: "\(folder.path)/nope.ahap")
    guard case .unreadable(let error) = missing.error else {
      Issue.record("\(String(describing: missing.error))")
      return
    }
    #expect(error.errorNumber?.rawValue == ENOENT)
    try write(PatternFixtures.document(PatternFixtures.event("Buzz")), to: "\(folder.path)/bad.ahap")
    guard case .invalid(let path) = site.page(for: "\(folder.path)/bad.ahap").error else {
      Issue.record("an invalid pattern is not reported as such")
      return
    }
    #expect(path == "\(folder.path)/bad.ahap")
  }

  /// Errors of other types keep their own case, or are carried as they are.
  @Test func anyErrorFindsItsCase() {
    struct Unknown: Error, CustomStringConvertible { var description: String { "unknown" } }
    let cases: [(any Error, String)] = [
      (RenderError.missingActuator, "render"),
      (EncodingError.androidTagUnsupported(.mp3), "encoding"),
      (FileSystemError.failed(path: "a", reason: "b"), "fileSystem"),
      (PatternFailure.invalid(path: "p"), "invalid"),
      (Unknown(), "other"),
    ]
    for (error, expected) in cases {
      let found =
        switch PatternFailure(error) {
        case .unreadable: "unreadable"
        case .invalid: "invalid"
        case .render: "render"
        case .encoding: "encoding"
        case .fileSystem: "fileSystem"
        case .other: "other"
        }
      #expect(found == expected, "\(error)")
      #expect("\(PatternFailure(error))" == (expected == "invalid" ? "'p' has errors" : "\(error)"))
    }
  }
}
