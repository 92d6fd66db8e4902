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
  /// there: the ratio the render's `A(I)` sets; and the most the device reaches there.
  private func played(_ segments: [AOSPEnvelopeAdapters.Segment], oracle: AOSPEnvelopeAdapters) -> [(
    level: Double, reach: Double
  )] {
    guard let range = oracle.frequencyRangeHz else { return [] }
    let level = oracle.maxSensitivityLevel(in: range)
    var levels: [(level: Double, reach: Double)] = []
    for segment in segments {
      for t in 1...segment.durationMillis {
        let ratio = Float(t) / Float(segment.durationMillis)
        let amplitude = AOSPEnvelopeAdapters.lerp(segment.startAmplitude, segment.endAmplitude, ratio)
        let frequency = AOSPEnvelopeAdapters.lerp(segment.startFrequencyHz, segment.endFrequencyHz, ratio)
        let full = AOSPEnvelopeAdapters.accelerationGs(sensitivityLevel: level, frequencyHz: frequency)
        let available = oracle.outputAccelerationGs(frequency)
        levels.append((Double(amplitude * available / full), Double(min(1, available / full))))
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
    var worst = (error: 0.0, millis: 0)
    var missed = 0
    for t in stride(from: 1, through: min(totalMillis, levels.count), by: 1) {
      if misses.contains(where: { $0.millis.contains(t) }) {
        missed += 1
        continue
      }
      // The render's level, or the most the device plays at the frequency where that is less.
      let error = abs(levels[t - 1].level - min(peaks[(t - 1) / 10], levels[t - 1].reach))
      if error > worst.error { worst = (error, t) }
    }
    #expect(
      worst.error <= AndroidEnvelope.tolerance,
      "\(path): worst \(worst.error) at \(worst.millis) ms, outside the \(missed) ms reported of \(totalMillis) ms")
  }

  /// The product's reading of the reference HAL (where sharpness puts the frequency, and the
  /// most the device plays there) against the framework's own.
  @Test func theReachAtEachSharpnessIsTheFrameworks() throws {
    let oracle = AOSPEnvelopeAdapters.referenceHAL
    let range = try #require(oracle.frequencyRangeHz)
    let product = try #require(AndroidFrequencyProfile.reference.frequencyRangeHz)
    #expect(abs(product.lowerBound - Double(range.0)) < 1e-3 && abs(product.upperBound - Double(range.1)) < 1e-3)
    let level = oracle.maxSensitivityLevel(in: range)
    #expect(abs(Double(level) - AndroidDevice.reference.maxSensitivityLevelDb) < 0.005)
    var lowest = 1.0
    for step in 0...100 {
      let sharpness = Float(step) / 100
      let hz = range.0 + sharpness * (range.1 - range.0)
      let full = AOSPEnvelopeAdapters.accelerationGs(sensitivityLevel: level, frequencyHz: hz)
      let expected = Double(min(1, oracle.outputAccelerationGs(hz) / full))
      let reach = AndroidDevice.reference.reach(sharpness: Double(sharpness))
      #expect(abs(reach - expected) < 1e-3, "sharpness \(sharpness): \(reach) against \(expected)")
      lowest = min(lowest, reach)
    }
    #expect(lowest < 0.5, "the reference HAL reaches intensity 1 only near its resonance")
  }
}
