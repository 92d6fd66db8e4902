import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// What the file sounds like is what Core Haptics would play (docs/signal-model.md §2, §3, §4, §5), measured on
/// rendered PCM.
@Suite struct FidelityTests {
  private typealias F = PatternFixtures

  /// `A(I(t))` measured as 20 ms RMS × √2 around `seconds` (six whole cycles at 300 Hz).
  private func level(_ samples: [Float], at seconds: Double, rate: Int) -> Double {
    let window = rate / 50
    let start = Int(seconds * Double(rate)) - window / 2
    return Signal.rms(samples[start..<start + window]) * 2.0.squareRoot()
  }

  /// The 4-7-8 breath as tutorials build it in code: one 19 s event, both curves at `Time` 0.
  @Test(arguments: [false, true])
  func breathBuiltInCodeSwellsHoldsAndFades(exhaleFirst: Bool) throws {
    let inhale = F.curve("HapticIntensityControl", [(0, 0), (4, 1)])
    let exhale = F.curve("HapticIntensityControl", [(11, 1), (19, 0)])
    let event = F.event("HapticContinuous", duration: 19, ["HapticSharpness": 1, "HapticIntensity": 1])
    let document = exhaleFirst ? F.document(event, exhale, inhale) : F.document(event, inhale, exhale)
    let samples = try F.render(document, rate: 8_000).channels[0]
    // A(I) = I²: the inhale passes 0.25 at 2 s, the hold is full, the exhale passes 0.25 at 15 s.
    for (time, expected) in [(2.0, 0.25), (7.5, 1.0), (13.0, 0.5625), (15.0, 0.25)] {
      let measured = level(samples, at: time, rate: 8_000)
      #expect(abs(measured - expected) <= 0.02 * expected, "at \(time) s: \(measured), expected \(expected)")
    }
    #expect(level(samples, at: 18.95, rate: 8_000) < 0.01)
  }

  @Test func curvesInEitherFileOrderRenderTheSameSamples() throws {
    let inhale = F.curve("HapticIntensityControl", [(0, 0), (4, 1)])
    let exhale = F.curve("HapticIntensityControl", [(11, 1), (19, 0)])
    let event = F.event("HapticContinuous", duration: 19, ["HapticSharpness": 1])
    let forward = try F.render(F.document(event, inhale, exhale), rate: 8_000).channels
    let backward = try F.render(F.document(exhale, event, inhale), rate: 8_000).channels
    #expect(forward == backward)
  }

  /// A one-point curve "swell to 1 at 2 s" after the control was set to 0: a ramp, never
  /// silence followed by a thump.
  @Test func oneCurvePointSwellsWithoutAJump() throws {
    let samples = try F.render(
      F.document(
        F.event("HapticContinuous", duration: 3, ["HapticSharpness": 1, "HapticIntensity": 1]),
        F.parameter("HapticIntensityControl", time: 0, 0),
        F.curve("HapticIntensityControl", [(2, 1)])), rate: 8_000
    ).channels[0]
    #expect(abs(level(samples, at: 1, rate: 8_000) - 0.25) < 0.005)
    #expect(abs(level(samples, at: 2.5, rate: 8_000) - 1) < 0.01)
    // No window is more than 2 dB louder than the one before it (a jump to full would be +20 dB).
    let levels = stride(from: 0.3, to: 2.9, by: 0.02).map { level(samples, at: $0, rate: 8_000) }
    let largestStep = zip(levels, levels.dropFirst()).map { Signal.decibels($1, relativeTo: $0) }.max() ?? 0
    #expect(largestStep < 2, "largest step \(largestStep) dB")
  }

  /// Apple: the duration runs to "the start time of the pattern's last event or parameter": a
  /// curve counts by its `Time`, not by its last point (docs/signal-model.md §5.2).
  @Test func lengthCountsParameterAndCurveStarts() throws {
    let tap = F.event("HapticTransient", ["HapticIntensity": 1])
    let marked = try F.render(F.document(tap, F.parameter("HapticIntensityControl", time: 19, 1)), rate: 8_000)
    #expect(marked.report.frameCount == 19 * 8_000)
    #expect(marked.channels[0][1_000...].allSatisfy { $0 == 0 })
    let curved = try F.render(
      F.document(tap, F.curve("HapticSharpnessControl", time: 10, [(0, 0), (5, 0.2)])), rate: 8_000)
    #expect(curved.report.frameCount == 10 * 8_000)
  }

  /// Only a `Sustained` of exactly 0 means not sustained: 0.3 holds for the whole second.
  @Test(arguments: [0.3, 1.0])
  func sustainedIsFalseOnlyAtExactlyZero(_ sustained: Double) throws {
    let samples = try F.render(
      F.document(F.event("HapticContinuous", duration: 1, ["HapticSharpness": 1, "Sustained": sustained])), rate: 8_000
    ).channels[0]
    #expect(abs(level(samples, at: 0.9, rate: 8_000) - 1) < 0.01)
    let last = try #require(Signal.lastNonZero(samples))
    #expect(abs(Double(last + 1) / 8_000 - 1.02) <= 0.001)
  }

  @Test func audioContinuousEventsAreNotCappedAt30Seconds() throws {
    let document = F.document(F.event("AudioContinuous", duration: 40, ["AudioBrightness": 0]))
    #expect(!F.diagnostics(document).contains { $0.message.contains("30 s") })
    let audio = try F.render(document, rate: 8_000)
    let last = try #require(Signal.lastNonZero(audio.channels[0]))
    #expect(abs(Double(last + 1) / 8_000 - 40.02) <= 0.001)
  }

  /// A non-sustained event decays long before 30 s: no cap and no warning; its duration still
  /// counts towards the length (Apple).
  @Test func nonSustainedHapticEventIsNotCappedAndCountsItsDuration() throws {
    let document = F.document(
      F.event("HapticContinuous", duration: 3, ["HapticSharpness": 1, "Sustained": 0, "DecayTime": 0]))
    #expect(!F.diagnostics(document).contains { $0.message.contains("30 s") })
    let audio = try F.render(document, rate: 8_000)
    #expect(audio.report.frameCount == 3 * 8_000)
    let last = try #require(Signal.lastNonZero(audio.channels[0]))
    #expect(abs(Double(last + 1) / 8_000 - 0.04) <= 0.001)  // 20 ms attack + 20 ms decay
  }

  /// docs/signal-model.md §4.3: one transient that overloads at 3.9 s changes only the samples near it; the rest
  /// of the 4 s inhale keeps its level, bit for bit.
  @Test(arguments: [7, 4_096])
  func limiterChangesOnlyTheSamplesNearAnOverload(blockSize: Int) throws {
    let inhale = F.event("HapticContinuous", duration: 4, ["HapticSharpness": 0, "HapticIntensity": 0.9])
    let tap = F.event("HapticTransient", time: 3.9, ["HapticSharpness": 1, "HapticIntensity": 1])
    let alone = try F.render(F.document(inhale)).channels[0]
    let limited = try F.render(F.document(inhale, tap)) { $0.blockSize = blockSize }
    let samples = limited.channels[0]
    #expect(samples.count == alone.count)
    let onset = Int(3.9 * 48_000)
    let tapEnd = onset + 320  // two cycles at 300 Hz
    #expect(samples[..<(onset - 240)] == alone[..<(onset - 240)], "before the 5 ms look-ahead: untouched")
    #expect(samples[(tapEnd + 240 + 2_400)...] == alone[(tapEnd + 240 + 2_400)...], "after the 50 ms release")
    #expect(Signal.peak(samples[...]) <= 1, "the ceiling: full scale for PCM")
    #expect(Signal.peak(samples[onset..<tapEnd]) > 0.85, "the overload is brought to the ceiling, not far below")
    #expect(limited.report.limitedOverloads == 1)
    #expect(limited.report.smallestLimiterGain < 0.6 && limited.report.normalizationGain == nil)
    // What `normalize` does instead: the whole inhale is quieter.
    let normalized = try F.render(F.document(inhale, tap)) { $0.peakPolicy = .normalize }
    #expect(Signal.peak(normalized.channels[0][0..<48_000]) < Signal.peak(alone[0..<48_000]) * 0.6)
  }

  /// Quiet stretches pass the delay line in bulk and loud ones frame by frame; where a block
  /// cuts them does not change a sample, in one channel or in two.
  @Test(arguments: [false, true])
  func limiterOutputDoesNotDependOnTheBlockSize(withAudio: Bool) throws {
    // Two overloads (two events at once), with quiet between and after them.
    var events = [0, 0.05, 0.6, 0.65].map { F.event("HapticContinuous", time: $0, duration: 0.2) }
    if withAudio { events.append(F.event("AudioContinuous", time: 0.3, duration: 0.4, ["AudioVolume": 1])) }
    let document = F.document(events.joined(separator: ","))
    let reference = try F.render(document) { $0.blockSize = 65_536 }
    #expect(reference.channels.count == (withAudio ? 2 : 1) && reference.report.limitedOverloads > 0)
    for size in [1, 7, 64, 4_096] {
      #expect(try F.render(document) { $0.blockSize = size }.channels == reference.channels, "block size \(size)")
    }
  }
}
