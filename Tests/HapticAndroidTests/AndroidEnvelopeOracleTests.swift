import Foundation
import HapticAndroid
import HapticPipeline
import HapticReader
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// Every sample's envelope, as Android's own adapters hand it to the reference vibrator HAL
/// (``AOSPEnvelopeAdapters``), against the render it follows.
@Suite struct AndroidEnvelopeOracleTests {
  static let samples = Locations.files(in: Locations.samples, withExtension: "ahap")

  /// The render's haptic bus: the peak of each 10 ms window, and the length in milliseconds.
  private func renderedLevels(_ pattern: some RenderablePattern) throws -> (peaks: [Double], totalMillis: Int) {
    var options = RenderOptions()
    options.layout = .haptic
    let samples = try Render.toMemory(pattern, options: options).channels[0]
    let window = options.sampleRate / 100
    let peaks = stride(from: 0, to: samples.count, by: window).map {
      Double(samples[$0..<min($0 + window, samples.count)].map { abs($0) }.max() ?? 0)
    }
    return (peaks, (samples.count * 1_000 + options.sampleRate - 1) / options.sampleRate)
  }

  /// What the device plays at each millisecond after the adapters (amplitude × the device's
  /// acceleration at the frequency), as a fraction of the acceleration intensity 1 asks for
  /// there: the ratio the render's `A(I)` sets; the most the device reaches there; and whether
  /// the segment crosses into clipping (amplitude 1 at one end only: the device then ramps in
  /// amplitude towards its most, not in level).
  private func played(_ segments: [AOSPEnvelopeAdapters.Segment], oracle: AOSPEnvelopeAdapters) -> [(
    level: Double, reach: Double, clips: Bool
  )] {
    guard let range = oracle.frequencyRangeHz else { return [] }
    let level = oracle.maxSensitivityLevel(in: range)
    var levels: [(level: Double, reach: Double, clips: Bool)] = []
    for segment in segments {
      for t in 1...segment.durationMillis {
        let ratio = Float(t) / Float(segment.durationMillis)
        let amplitude = AOSPEnvelopeAdapters.lerp(segment.startAmplitude, segment.endAmplitude, ratio)
        let frequency = AOSPEnvelopeAdapters.lerp(segment.startFrequencyHz, segment.endFrequencyHz, ratio)
        let full = AOSPEnvelopeAdapters.accelerationGs(sensitivityLevel: level, frequencyHz: frequency)
        let available = oracle.outputAccelerationGs(frequency)
        let clips = (segment.startAmplitude >= 1) != (segment.endAmplitude >= 1)
        levels.append((Double(amplitude * available / full), Double(min(1, available / full)), clips))
      }
    }
    return levels
  }

  @Test(arguments: samples)
  func envelopeAfterAndroidsAdaptersTracksTheRender(_ path: String) throws {
    var diagnostics = Diagnostics()
    let pattern = try #require(try PatternLoader().load(path: path, diagnostics: &diagnostics))
    let effect = try AndroidEffect.converting(pattern, file: path, diagnostics: &diagnostics).effect
    let points = effect.envelope.controlPoints
    #expect(points.allSatisfy { $0.durationMillis >= 20 }, "no point shorter than Android guarantees")
    let (peaks, totalMillis) = try renderedLevels(pattern)
    let misses = effect.envelopeMisses
    #expect(points.isEmpty || points.map(\.durationMillis).reduce(0, +) >= totalMillis)

    let oracle = AOSPEnvelopeAdapters.referenceHAL
    let segments = oracle.segments(effect.envelope)
    #expect(segments.allSatisfy { (20...1_000).contains($0.durationMillis) })
    let levels = played(segments, oracle: oracle)
    var worst = 0.0
    var missed = 0
    var clipped = 0
    for t in stride(from: 1, through: min(totalMillis, levels.count), by: 1) {
      if misses.contains(where: { $0.millis.contains(t) }) {
        missed += 1
        continue
      }
      if levels[t - 1].clips {
        clipped += 1
        continue
      }
      let error = abs(levels[t - 1].level - min(peaks[(t - 1) / 10], levels[t - 1].reach))
      worst = max(worst, error)
    }
    #expect(
      worst <= AndroidEnvelope.tolerance,
      "\(path): worst \(worst) outside the \(missed) ms reported and the \(clipped) ms clipped of \(totalMillis) ms")
  }
}
