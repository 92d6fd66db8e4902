import Foundation
import HapticAnalysis
import HapticBreathing
import HapticPipeline
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// The envelope metric of `render compare` and `render check`, on renders of breathing sessions.
@Suite struct EnvelopeComparisonTests {
  static let envelope = ComparisonTolerance(metric: .envelope)

  private func compare(
    _ a: BreathingSession, _ b: BreathingSession, tolerance: ComparisonTolerance = envelope, rate: Int = 8_000
  ) throws -> ComparisonReport {
    var options = RenderOptions()
    options.sampleRate = rate
    var expected = try PatternSource(a.pattern(), options: options)
    var actual = try PatternSource(b.pattern(), options: options)
    return try Comparison.compare(expected: &expected, actual: &actual, names: ("a", "b"), tolerance: tolerance)
  }

  /// A sharpness tweak moves the carrier, not the felt level: the samples differ (SNR about
  /// −3 dB), the envelopes by well under a dB, with or without taps, over the sharpness range.
  @Test func aSharpnessTweakPasses() throws {
    let session = BreathingSession(technique: .fourSevenEight, cues: BreathingCue.defaults)
    var tweaked = session
    tweaked.sharpness = 0.35
    let samples = try compare(session, tweaked, tolerance: ComparisonTolerance())
    #expect(!samples.passed && (samples.snr ?? 0) < 0)
    let report = try compare(session, tweaked)
    let envelope = try #require(report.envelope)
    #expect(report.passed, "\(report)")
    #expect(abs(envelope.largestDifference) < 0.7)
    #expect(envelope.windowCount == 1_900)
    for sharpness in stride(from: 0.0, through: 0.9, by: 0.15) {
      var (a, b) = (session, session)
      (a.sharpness, b.sharpness) = (sharpness, sharpness + 0.05)
      let sweep = try compare(a, b)
      #expect(abs(sweep.envelope?.largestDifference ?? .infinity) < 1, "sharpness \(sharpness): \(sweep)")
    }
  }

  /// Intensity 0.8 → 0.6 is (0.6/0.8)² in amplitude, −5.0 dB, everywhere; the loudest such
  /// place is named.
  @Test func aLevelChangeFailsAndSaysWhere() throws {
    let session = BreathingSession(technique: .fourSevenEight)
    var quieter = session
    quieter.intensity = 0.6
    let report = try compare(session, quieter)
    let envelope = try #require(report.envelope)
    #expect(!report.passed)
    #expect(abs(envelope.largestDifference - 40 * log10(0.6 / 0.8)) < 0.05, "\(envelope.largestDifference)")
    // The swell's top and the fade's start: between 3.9 and 4.0 s or 11.0 and 11.1 s.
    let at = envelope.largestDifferenceSeconds
    #expect((3.9...4.0).contains(at) || (11.0...11.1).contains(at), "\(at)")
    #expect(report.description.contains("largest level difference    -5.0 dB at "))
    #expect(report.description.hasSuffix("FAIL"))
    let loose = try compare(
      session, quieter, tolerance: ComparisonTolerance(metric: .envelope, maximumLevelDifference: 5.1))
    #expect(loose.passed)
  }

  /// Holds and the fade's end are silence, below the −50 dBFS floor: left out of the comparison.
  @Test func silenceIsNotCompared() throws {
    let report = try compare(BreathingSession(technique: .box), BreathingSession(technique: .box))
    let envelope = try #require(report.envelope)
    #expect(report.passed && envelope.largestDifference == 0)
    #expect(envelope.windowCount == 1_600)
    // 8 s of holds are never compared, and the quietest parts of the swell and fade neither.
    #expect(envelope.comparedWindowCount < 800 && envelope.comparedWindowCount > 600, "\(envelope.comparedWindowCount)")
  }

  /// Different lengths are compared, the shorter side continued by silence.
  @Test func aLongerSideIsComparedAgainstSilence() throws {
    let report = try compare(BreathingSession(technique: .coherent), BreathingSession(technique: .coherent, cycles: 2))
    let envelope = try #require(report.envelope)
    #expect(report.mismatches == [.lengths(88_000, 176_000)])
    #expect(envelope.windowCount == 2_200)
    #expect(!report.passed && envelope.largestDifference > 40 && envelope.largestDifferenceSeconds >= 11)
  }
}
