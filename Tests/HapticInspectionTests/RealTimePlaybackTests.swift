import HapticInspection
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// `render rtp`'s values (docs/actuators.md §7), against the envelope of the haptic channel
/// taken here sample by sample.
@Suite struct RealTimePlaybackTests {
  private typealias F = PatternFixtures
  private static let pattern = F.document(
    F.event("HapticTransient", time: 0.013, ["HapticIntensity": 0.8, "HapticSharpness": 1]),
    F.event("HapticContinuous", time: 0.1, duration: 0.3, ["HapticIntensity": 0.6, "HapticSharpness": 0.4]),
    F.event("HapticTransient", time: 0.517, ["HapticIntensity": 1, "HapticSharpness": 0.9]))

  /// The largest magnitude of the haptic channel over each update's frames, from half a period
  /// of the lowest carrier (65 Hz) before it, times `fullScale`.
  private static func expected(rate: Int, fullScale: Double) throws -> [Int] {
    let samples = try F.render(pattern) { $0.layout = .haptic }.channels[0]
    let reach = Int((48_000.0 / (2 * RenderOptions().profile.minimumFrequency)).rounded(.up))
    let count = (samples.count * rate + 47_999) / 48_000
    return (0..<count).map { update in
      let start = update * 48_000 / rate
      let end = min(samples.count, (update + 1) * 48_000 / rate)
      let window = samples[max(0, start - reach)..<max(end, max(0, start - reach))]
      return Int(((window.map { abs(Double($0)) }.max() ?? 0) * fullScale).rounded())
    }
  }

  @Test(arguments: [(50, RealTimePlayback.Format.signed), (200, .unsigned), (2_000, .signed)])
  func valuesAreTheEnvelopeAtTheUpdateRate(_ rate: Int, _ format: RealTimePlayback.Format) throws {
    let playback = try RealTimePlayback(
      try F.pattern(Self.pattern), options: RenderOptions(), rate: rate, format: format)
    let expected = try Self.expected(rate: rate, fullScale: Double(format.fullScale))
    #expect(playback.values.count == expected.count)
    let worst = zip(playback.values, expected).map { abs(Int($0) - $1) }.max() ?? 99
    #expect(worst <= 1, "largest difference \(worst) LSB")
    #expect(playback.values.allSatisfy { Int($0) <= format.fullScale })
  }

  /// At 50 updates per second (20 ms), the transients of 7 ms are each in an update at nearly
  /// their peak, not dropped between two.
  @Test func shortTransientsAreNeverDropped() throws {
    let playback = try RealTimePlayback(
      try F.pattern(Self.pattern), options: RenderOptions(), rate: 50, format: .signed)
    // Intensity 0.8 and 1 with the amplitude law I²: 0.64 and 1 of full scale.
    #expect(Int(playback.values[0]) >= 75, "\(playback.values)")
    #expect(Int(max(playback.values[25], playback.values[26])) >= 120, "\(playback.values)")
  }

  @Test func headerNamesAreValidCIdentifiers() {
    let header = RealTimePlayback.identifier
    #expect(header("breath") == "breath")
    #expect(header("4-7-8 breath") == "rtp_4_7_8_breath")
    #expect(header("_x") == "rtp__x")
    #expect(header("") == "rtp_")
    #expect(header("héllo") == "h_llo")
  }
}
