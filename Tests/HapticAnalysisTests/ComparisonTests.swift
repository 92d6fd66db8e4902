import Foundation
import HapticAnalysis
import HapticFiles
import HapticPipeline
import HapticRegression
import HapticSupport
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// The streaming comparison behind `render compare`, `render check` and `Golden.verify`.
@Suite struct ComparisonTests {
  private typealias F = PatternFixtures
  private static let tap = F.document(
    F.event("HapticContinuous", duration: 0.5, ["HapticSharpness": 1, "HapticIntensity": 0.8]))

  private func source(_ json: String, configure: (inout RenderOptions) -> Void = { _ in }) throws -> PatternSource {
    var options = RenderOptions()
    configure(&options)
    return try PatternSource(try F.pattern(json), options: options)
  }

  private func compare(_ a: String, _ b: String, configureB: (inout RenderOptions) -> Void = { _ in }) throws
    -> ComparisonReport
  {
    var expected = try source(a)
    var actual = try source(b, configure: configureB)
    return try Comparison.compare(expected: &expected, actual: &actual, names: ("a", "b"))
  }

  @Test func identicalRendersPass() throws {
    let report = try compare(Self.tap, Self.tap)
    #expect(report.passed && report.maxDifference == 0 && report.snr == .infinity)
    #expect(report.framesCompared == 24_960)
    #expect(report.description.hasPrefix("compare: 'a' and 'b' are identical"))
  }

  @Test func smallGainChangeIsMeasured() throws {
    let report = try compare(Self.tap, Self.tap) { $0.gainDecibels = -1 }
    let expectedMax = 0.64 * (1 - Decibels.gain(-1))
    #expect(abs(report.maxDifference - expectedMax) < 1e-3)
    #expect(abs((report.snr ?? 0) - (-20 * log10(1 - Decibels.gain(-1)))) < 0.05)  // 18.3 dB
    #expect(!report.passed)
    let onset = try #require(report.firstFrameOverTolerance)
    #expect(onset > 0 && onset < 10)
    #expect(report.description.contains("FAIL"))
  }

  @Test func formatDifferencesAreMismatches() throws {
    let rate = try compare(Self.tap, Self.tap) { $0.sampleRate = 44_100 }
    #expect(rate.mismatches.contains(.sampleRates(48_000, 44_100)))
    #expect(rate.framesCompared == 0 && !rate.passed)
    #expect(
      rate.description
        == "compare: 'a' and 'b' differ: sample rates differ: 48000 Hz vs 44100 Hz; nothing compared. FAIL")
    let channels = try compare(Self.tap, Self.tap) { $0.layout = .stereo }
    #expect(channels.mismatches == [.channelCounts(1, 2)])
    let length = try compare(Self.tap, Self.tap) { $0.tailSeconds = 0.1 }
    #expect(length.mismatches == [.lengths(24_960, 29_760)])
    #expect(length.framesCompared == 24_960 && length.maxDifference == 0 && !length.passed)
  }

  @Test func reportEncodesAsJSON() throws {
    let report = try compare(Self.tap, Self.tap) { $0.gainDecibels = -0.1 }
    let data = try JSONEncoder().encode(report)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["passed"] as? Bool == false)
    #expect(object["framesCompared"] as? Int == 24_960)
    #expect((object["snrDecibels"] as? Double).map { abs($0 + 20 * log10(1 - Decibels.gain(-0.1))) < 0.05 } == true)
    let identical =
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(try compare(Self.tap, Self.tap))) as? [String: Any]
    #expect(identical?["identical"] as? Bool == true)
    #expect(identical?["snrDecibels"] is NSNull)
  }

  @Test func numberTextIsPlatformIndependent() {
    #expect(NumberText.fixed(3.14159, 2) == "3.14")
    #expect(NumberText.fixed(-0.004, 2) == "0.00")
    #expect(NumberText.fixed(-71.25, 1) == "-71.3")
    #expect(NumberText.fixed(0.05, 3) == "0.050")
    #expect(NumberText.scientific(0.000_305, 2) == "3.05e-04")
    #expect(NumberText.scientific(1e-5, 1) == "1.0e-05")
    #expect(NumberText.scientific(9.999e-3, 2) == "1.00e-02")
    #expect(NumberText.scientific(123_456, 2) == "1.23e+05")
  }

  @Test func goldenVerifyPassesRecordsAndExplains() throws {
    let folder = try TemporaryFolder()
    let pattern = "\(folder.path)/tap.ahap"
    let golden = "\(folder.path)/golden/tap.flac"
    try Data(Self.tap.utf8).write(to: URL(fileURLWithPath: pattern))
    #expect(throws: Golden.Mismatch.self) { try Golden.verify(pattern: pattern, golden: golden) }  // records
    #expect(FileManager.default.fileExists(atPath: golden))
    try Golden.verify(pattern: pattern, golden: golden)

    let louder = Self.tap.replacingOccurrences(of: "0.8", with: "0.9")
    try Data(louder.utf8).write(to: URL(fileURLWithPath: pattern))
    do {
      try Golden.verify(pattern: pattern, golden: golden)
      Issue.record("a changed pattern must not pass")
    } catch let mismatch as Golden.Mismatch {
      #expect(mismatch.description.contains("differ (first at frame"))
      #expect(mismatch.description.contains("SNR"))
      let renderedLine = try #require(mismatch.description.split(separator: "\n").first { $0.hasPrefix("rendered: ") })
      let rendered = String(renderedLine.dropFirst("rendered: ".count))
      #expect(try AudioFileReader(path: rendered).frameCount == 24_960)
      #expect(rendered.hasSuffix("/tap.flac"))
      #expect(FileSystem.directory(of: rendered).contains("/render-actual-"))
      // A second failure (a parallel job) gets a folder of its own.
      let second = try #require(
        #expect(throws: Golden.Mismatch.self) { try Golden.verify(pattern: pattern, golden: golden) })
      #expect(second.description.contains("/render-actual-"))
      #expect(!second.description.contains(FileSystem.directory(of: rendered)), "not the first failure's folder")
    }
  }

  /// Relative paths are resolved against this file's folder, not the working directory.
  @Test func goldenVerifyResolvesRelativePathsAgainstTheTestFile() throws {
    try Golden.verify(pattern: "../../samples/heartbeat.ahap", golden: "../Golden/heartbeat.flac")
    #expect(throws: Golden.Mismatch.self) {
      try Golden.verify(pattern: "samples/heartbeat.ahap", golden: "../Golden/heartbeat.flac")
    }
  }
}
