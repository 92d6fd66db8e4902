import HapticSynthesis
import Testing
import _HapticRenderTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// docs/signal-model.md §6: properties of the haptic signal, measured on rendered PCM at 48 kHz.
@Suite struct HapticSynthesisTests {
  private let fs = 48_000
  private let profile = SignalProfile.preview
  private typealias F = PatternFixtures

  private func render(_ elements: String..., configure: (inout RenderOptions) -> Void = { _ in }) throws -> [Float] {
    let audio = try F.render(F.document(elements.joined(separator: ",")), configure: configure)
    return audio.channels[0]
  }

  @Test(arguments: [0.0, 0.25, 0.5, 0.8, 1.0])
  func carrierFrequencyFollowsSharpness(_ sharpness: Double) throws {
    let samples = try render(F.event("HapticContinuous", duration: 1, ["HapticSharpness": sharpness]))
    let measured = Spectrum.peakFrequency(of: samples[0..<fs], sampleRate: fs, in: 20...1_000)
    #expect(abs(measured - (65 + 235 * sharpness)) <= 1, "measured \(measured) Hz")
  }

  @Test func amplitudeIsIntensitySquared() throws {
    let full = try render(F.event("HapticContinuous", duration: 1, ["HapticIntensity": 1, "HapticSharpness": 1]))
    let half = try render(F.event("HapticContinuous", duration: 1, ["HapticIntensity": 0.5, "HapticSharpness": 1]))
    let window = 4_800..<43_200  // away from attack and release; whole 300 Hz cycles
    let difference = Signal.decibels(Signal.rms(half[window]), relativeTo: Signal.rms(full[window]))
    #expect(abs(difference - 20 * log10(0.25)) <= 0.1, "\(difference) dB")
  }

  @Test(arguments: [(1.0, 0.5), (0.7, 0.0), (0.4, 1.0)])
  func transientIsTwoCyclesAtItsSharpness(_ intensity: Double, _ sharpness: Double) throws {
    let samples = try render(
      F.event("HapticTransient", time: 0.01, ["HapticIntensity": intensity, "HapticSharpness": sharpness]))
    let frequency = profile.frequency(sharpness: sharpness)
    let first = try #require(Signal.firstNonZero(samples))
    let last = try #require(Signal.lastNonZero(samples))
    let expectedLength = Int((2 * Double(fs) / frequency).rounded())
    #expect(abs((last - first + 2) - expectedLength) <= 1, "span \(last - first + 2)")
    #expect(abs(Signal.peak(samples[...]) - intensity * intensity) <= 1e-3)
    // With its phase on the pattern clock, the fades leave at most 2/(3π) of the amplitude over
    // the two cycles: a mean within 0.11·A (docs/signal-model.md §6.3).
    #expect(abs(Signal.mean(samples[first...last])) <= 0.11 * intensity * intensity)
  }

  @Test(arguments: [0.0, 0.1, 0.123_456, 0.5, 1.000_01])
  func eventsStartAtTheirRoundedFrame(_ time: Double) throws {
    for type in ["HapticTransient", "HapticContinuous"] {
      let samples = try render(F.event(type, time: time, duration: 0.1))
      let onset = Int((time * Double(fs)).rounded())
      let first = try #require(Signal.firstNonZero(samples))
      #expect((onset...onset + 1).contains(first), "\(type) at \(time) s starts at frame \(first), expected \(onset)")
    }
  }

  @Test func silenceBetweenEventsIsExactlyZero() throws {
    let samples = try render(
      F.event("HapticContinuous", time: 0, duration: 0.2, ["ReleaseTime": 0.25]),
      F.event("HapticTransient", time: 0.5),
      F.event("HapticContinuous", time: 0.8, duration: 0.2))
    let releaseEnd = Int(((0.2 + 0.08) * Double(fs)).rounded(.up)) + 1
    #expect(samples[releaseEnd..<24_000].allSatisfy { $0 == 0 })
    let transientEnd = 24_000 + Int((2 * Double(fs) / 182.5).rounded()) + 1
    #expect(samples[transientEnd..<38_400].allSatisfy { $0 == 0 })
    #expect(samples[0..<releaseEnd - 48].contains { $0 != 0 })
  }

  @Test func phaseIsContinuousUnderASharpnessCurve() throws {
    let samples = try render(
      F.event("HapticContinuous", duration: 2, ["HapticSharpness": 0]),
      F.curve("HapticSharpnessControl", [(0, 0), (0.5, 1), (0.5, 0), (1, 0.7), (2, 1)]))
    let limit = 1.0 * 2 * Double.pi * 300 / Double(fs) * 1.001
    let steps = zip(samples, samples.dropFirst()).map { abs(Double($1) - Double($0)) }
    #expect(steps.max() ?? 0 <= limit, "largest step \(steps.max() ?? 0), limit \(limit)")
  }

  @Test func levelTracksTheIntensityCurve() throws {
    let samples = try render(
      F.event("HapticContinuous", duration: 2, ["HapticSharpness": 1]),
      F.curve("HapticIntensityControl", [(0, 0.2), (1, 1), (1.5, 0.6), (2, 0.6)]))
    let timeline = ControlTimeline(
      .hapticIntensityControl,
      in: try F.pattern(
        F.document(
          F.curve("HapticIntensityControl", [(0, 0.2), (1, 1), (1.5, 0.6), (2, 0.6)]))))
    let window = 960  // 20 ms: six whole 300 Hz cycles
    var worst = 0.0
    for start in stride(from: 4_800, to: 90_000, by: 480) {
      let center = Double(start + window / 2) / Double(fs)
      if abs(center - 1) < 0.03 || abs(center - 1.5) < 0.03 { continue }  // corners of the curve
      let expected = profile.amplitude(intensity: timeline.value(at: center))
      let measured = Signal.rms(samples[start..<start + window]) * 2.0.squareRoot()
      worst = max(worst, abs(measured - expected) / expected)
    }
    #expect(worst <= 0.02, "worst relative error \(worst)")
  }

  @Test func intensityControlMultipliesAndSharpnessControlAdds() throws {
    let plain = try render(F.event("HapticContinuous", duration: 1, ["HapticSharpness": 1]))
    let halved = try render(
      F.event("HapticContinuous", duration: 1, ["HapticSharpness": 1]),
      F.parameter("HapticIntensityControl", time: 0, 0.5))
    let window = 4_800..<43_200
    let ratio = Signal.decibels(Signal.rms(halved[window]), relativeTo: Signal.rms(plain[window]))
    #expect(abs(ratio - 20 * log10(0.25)) <= 0.1, "\(ratio) dB")

    let raised = try render(
      F.event("HapticContinuous", duration: 1, ["HapticSharpness": 0.9]),
      F.parameter("HapticSharpnessControl", time: 0, 0.5))
    let frequency = Spectrum.peakFrequency(of: raised[0..<fs], sampleRate: fs, in: 20...1_000)
    #expect(abs(frequency - 300) <= 1, "\(frequency) Hz")
  }

  @Test func sharpnessControlLeavesTransientsAlone() throws {
    let samples = try render(
      F.event("HapticTransient", ["HapticSharpness": 0]),
      F.parameter("HapticSharpnessControl", time: 0, 1))
    let last = try #require(Signal.lastNonZero(samples))
    #expect(abs(last + 1 - Int((2 * 48_000 / 65.0).rounded())) <= 1)
  }

  @Test(arguments: [0.0, 0.25, 0.5])
  func attackRisesIn80PercentOfItsTime(_ attack: Double) throws {
    let samples = try render(F.event("HapticContinuous", duration: 1.5, ["HapticSharpness": 1, "AttackTime": attack]))
    let envelope = Signal.envelope(samples, frequency: 300, sampleRate: fs)
    let ten = try #require(envelope.firstIndex { $0 >= 0.1 })
    let ninety = try #require(envelope.firstIndex { $0 >= 0.9 })
    let rise = Double(ninety - ten) / Double(fs)
    let expected = 0.8 * 0.020 * pow(2, 8 * attack)
    #expect(abs(rise - expected) <= 0.001, "rise \(rise) s, expected \(expected) s")
  }

  @Test(arguments: [0.0, 0.25, 0.5])
  func releaseTailLastsItsTime(_ release: Double) throws {
    let duration = 0.5
    let samples = try render(
      F.event("HapticContinuous", duration: duration, ["HapticSharpness": 1, "ReleaseTime": release]))
    let last = try #require(Signal.lastNonZero(samples))
    let tail = Double(last + 1) / Double(fs) - duration
    let expected = 0.020 * pow(2, 8 * release)
    #expect(abs(tail - expected) <= 0.001, "tail \(tail) s, expected \(expected) s")
    let envelope = Signal.envelope(samples, frequency: 300, sampleRate: fs)
    #expect(abs(envelope[Int(duration * Double(fs)) - 10] - 1) < 0.01)  // holds until the duration
  }

  @Test func nonSustainedEventDecaysAfterTheAttack() throws {
    let samples = try render(
      F.event("HapticContinuous", duration: 2, ["HapticSharpness": 1, "Sustained": 0, "DecayTime": 0.25]))
    let last = try #require(Signal.lastNonZero(samples))
    #expect(abs(Double(last + 1) / Double(fs) - (0.020 + 0.080)) <= 0.001)
  }

  /// A non-sustained event still decaying at its duration has no release: it fades over a
  /// quarter period of its carrier (300 Hz: 0.83 ms).
  @Test func nonSustainedEventFadesAtItsDuration() throws {
    let samples = try render(
      F.event("HapticContinuous", duration: 0.05, ["HapticSharpness": 1, "Sustained": 0, "DecayTime": 1]))
    let last = try #require(Signal.lastNonZero(samples))
    #expect(abs(Double(last + 1) / Double(fs) - (0.05 + 1 / 1_200.0)) <= 1 / Double(fs))
  }

  /// A 40 s continuous event sounds 30 s and releases; the pattern keeps its 40 s.
  @Test func continuousEventsSound30SecondsOfTheirDuration() throws {
    let audio = try F.render(F.document(F.event("HapticContinuous", duration: 40)), rate: 8_000)
    let last = try #require(Signal.lastNonZero(audio.channels[0]))
    #expect(abs(Double(last + 1) / 8_000 - 30.02) <= 0.001)
    #expect(audio.report.frameCount == 40 * 8_000)
  }

  @Test func intensityScaleMultipliesBeforeTheSquare() throws {
    let full = try render(F.event("HapticTransient", ["HapticIntensity": 1]))
    let scaled = try render(F.event("HapticTransient", ["HapticIntensity": 1])) { $0.intensityScale = 0.3 }
    #expect(abs(Signal.peak(scaled[...]) - 0.09 * Signal.peak(full[...])) < 1e-4)
  }

  @Test func overloadIsNormalizedToMinusOneDecibel() throws {
    let elements = (0..<3).map { _ in F.event("HapticContinuous", duration: 0.2, ["HapticSharpness": 1]) }
    let audio = try F.render(F.document(elements.joined(separator: ","))) { $0.peakPolicy = .normalize }
    #expect(abs(Signal.peak(audio.channels[0][...]) - 0.891_25) < 1e-4)
    #expect(audio.report.normalizationGain != nil)
    let clipped = try F.render(F.document(elements.joined(separator: ","))) { $0.peakPolicy = .clip }
    #expect(Signal.peak(clipped.channels[0][...]) == 1)
    #expect(clipped.report.clippedSamples > 0)
    #expect(throws: RenderError.self) {
      try F.render(F.document(elements.joined(separator: ","))) { $0.peakPolicy = .error }
    }
  }

  @Test func tailAddsSilence() throws {
    let plain = try F.render(F.document(F.event("HapticTransient")))
    let padded = try F.render(F.document(F.event("HapticTransient"))) { $0.tailSeconds = 0.5 }
    #expect(padded.report.frameCount == plain.report.frameCount + 24_000)
    #expect(padded.channels[0][plain.report.frameCount...].allSatisfy { $0 == 0 })
  }

  @Test func transientDurationOnlyExtendsThePattern() throws {
    let audio = try F.render(F.document(F.event("HapticTransient", duration: 1)))
    #expect(audio.report.frameCount == 48_000)
    #expect(Signal.lastNonZero(audio.channels[0]) ?? 0 < 600)
  }

  @Test func sineApproximationIsAccurate() {
    var worst = 0.0
    for step in 0...100_000 {
      let turns = Double(step) / 10_000 - 3
      worst = max(worst, abs(Sine.of(turns: turns) - sin(2 * Double.pi * turns)))
    }
    #expect(worst < 1e-9, "worst error \(worst)")
  }
}
