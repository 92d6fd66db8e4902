import HapticAudio
import HapticFiles
import HapticPipeline
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

private typealias F = PatternFixtures

/// Revision 4 of the signal model (docs/signal-model.md §2.2, §3.2, §3.3, §3.5, §4.2): what a
/// preview lets a designer hear never clicks, cancels or shrinks where no device does.
/// Properties 17–21 of §6, measured on rendered samples.
@Suite struct DeviceLikePreviewTests {
  private static let rate = 48_000.0
  private static let bed = F.event("HapticContinuous", duration: 1, ["HapticIntensity": 0.6, "HapticSharpness": 0.5])

  /// The frames of a transient of `sharpness` starting at `onset` seconds.
  private func transientFrames(at onset: Double, sharpness: Double) -> Range<Int> {
    let start = Int((onset * Self.rate).rounded())
    return start..<start + Int((2 * Self.rate / (65 + 235 * sharpness)).rounded())
  }

  /// Property 17: a tap (I 0.7) of a sharpness near the bed's (I 0.6, S 0.5) starts in phase
  /// with it: at 16 onsets from 0.1 to 0.4 s its span peaks at least 0.36 + 0.5 · 0.49, and is
  /// at least as loud as the bed alone there.
  @Test(arguments: [0.45, 0.52, 0.6])
  func aTapNeverCancelsABed(sharpness: Double) throws {
    let bedAlone = try F.render(F.document(Self.bed)).channels[0]
    for step in 0..<16 {
      let onset = 0.1 + 0.3 * Double(step) / 15
      let samples = try F.render(
        F.document(
          Self.bed, F.event("HapticTransient", time: onset, ["HapticIntensity": 0.7, "HapticSharpness": sharpness]))
      ).channels[0]
      let span = transientFrames(at: onset, sharpness: sharpness)
      let peak = Signal.peak(samples[span])
      #expect(peak >= 0.36 + 0.5 * 0.49, "tap at \(onset) s: peak \(peak)")
      #expect(Signal.rms(samples[span]) >= Signal.rms(bedAlone[span]), "tap at \(onset) s is quieter than the bed")
    }
  }

  /// An engine's players share one actuator: a tap played by one starts in phase with the bed
  /// another plays, as in one pattern.
  @Test func aTapOnAnotherPlayersBedStartsInPhaseWithIt() throws {
    let bed = LoadedPattern(try F.pattern(F.document(Self.bed)))
    for step in 0..<16 {
      let onset = 0.1 + 0.3 * Double(step) / 15
      let tap = LoadedPattern(
        try F.pattern(
          F.document(F.event("HapticTransient", time: onset, ["HapticIntensity": 0.7, "HapticSharpness": 0.52]))))
      var mix = try MixedSource([bed, tap])
      var block = AudioBlock(channelCount: mix.channelCount, capacity: 4_096)
      var samples: [Float] = []
      while try mix.read(into: &block) { samples += block.channels[0][0..<block.frameCount] }
      let peak = Signal.peak(samples[transientFrames(at: onset, sharpness: 0.52)])
      #expect(peak >= 0.36 + 0.5 * 0.49, "tap at \(onset) s: peak \(peak)")
    }
  }

  /// A continuous event that starts on a louder one of another sharpness starts in phase with
  /// it: once its attack is over, the two add instead of cancelling.
  @Test(arguments: [0.7071, 0.7103, 0.7135])
  func aContinuousEventStartsInPhaseWithTheStrongestBed(onset: Double) throws {
    let samples = try F.render(
      F.document(
        F.event("HapticContinuous", duration: 2, ["HapticIntensity": 0.3, "HapticSharpness": 0.2]),
        F.event("HapticContinuous", duration: 2, ["HapticIntensity": 0.6, "HapticSharpness": 0.5]),
        F.event("HapticContinuous", time: onset, duration: 1, ["HapticIntensity": 0.6, "HapticSharpness": 0.51]))
    ).channels[0]
    let start = Int((onset * Self.rate).rounded())
    // The newcomer's attack is 20 ms: then the first cycle of the three together.
    let cycle = Int(Self.rate / (65 + 235 * 0.5))
    let early = Signal.peak(samples[start + 960..<start + 960 + cycle])
    #expect(early >= 0.36 + 0.36 * 0.9 - 0.09, "the newcomer adds to the strongest bed: \(early)")
  }

  /// Property 18: a `HapticIntensityControl` step from 1 to 0.2 at 0.5 s is a 5 ms ramp: no
  /// step between consecutive samples exceeds `2π · f / fs · 1.1`, and the level is A(0.2)
  /// from 0.506 s.
  @Test func aControlStepRampsInsteadOfClicking() throws {
    let samples = try F.render(
      F.document(
        F.event("HapticContinuous", duration: 1, ["HapticIntensity": 1, "HapticSharpness": 0.5]),
        F.parameter("HapticIntensityControl", time: 0.5, 0.2))
    ).channels[0]
    let bound = 2 * Double.pi * (65 + 235 * 0.5) / Self.rate * 1.1
    let largest = zip(samples, samples.dropFirst()).map { abs(Double($1) - Double($0)) }.max() ?? 0
    #expect(largest <= bound, "largest step \(largest), bound \(bound)")
    #expect(abs(Signal.peak(samples[Int(0.506 * Self.rate)..<Int(0.6 * Self.rate)]) - 0.04) < 1e-3)
    #expect(abs(Signal.peak(samples[Int(0.45 * Self.rate)..<Int(0.5 * Self.rate)]) - 1) < 1e-3)
  }

  /// A transient cued by a control at its own instant takes the control's new value, as
  /// written: the ramp shapes continuous voices only.
  @Test func aTransientSamplesTheStepAtItsOnset() throws {
    let samples = try F.render(
      F.document(
        F.parameter("HapticIntensityControl", time: 0, 1),
        F.parameter("HapticIntensityControl", time: 0.5, 0.5),
        F.event("HapticTransient", time: 0.5, ["HapticIntensity": 1, "HapticSharpness": 0.5]))
    ).channels[0]
    #expect(abs(Signal.peak(samples[transientFrames(at: 0.5, sharpness: 0.5)]) - 0.25) < 1e-3)
  }

  /// Property 19: a bed (I 0.7071) with a transient at 0.5 s of intensity 0.60 … 1.00: the
  /// output peak never falls as the intensity rises, and the transient's span never loses more
  /// than 0.5 dB from one step to the next.
  @Test func theLimiterIsMonotonic() throws {
    var previous: (peak: Double, level: Double)?
    for step in 60...100 {
      let intensity = Double(step) / 100
      let samples = try F.render(
        F.document(
          F.event("HapticContinuous", duration: 1, ["HapticIntensity": 0.7071, "HapticSharpness": 0.5]),
          F.event("HapticTransient", time: 0.5, ["HapticIntensity": intensity, "HapticSharpness": 0.5]))
      ).channels[0]
      let peak = Signal.peak(samples[...])
      let level = Signal.decibels(Signal.rms(samples[transientFrames(at: 0.5, sharpness: 0.5)]), relativeTo: 1)
      #expect(peak <= 1)
      if let previous {
        #expect(peak >= previous.peak, "intensity \(intensity): peak \(peak) after \(previous.peak)")
        #expect(level >= previous.level - 0.5, "intensity \(intensity): \(level) dB after \(previous.level) dB")
      }
      previous = (peak, level)
    }
    #expect(abs((previous?.peak ?? 0) - 1) < 1e-6, "an overload is brought to the ceiling, full scale")
  }

  /// Lossy formats keep 1 dB of headroom: the limiter's ceiling is −1 dBFS there.
  @Test func lossyFormatsLimitToMinusOneDecibel() throws {
    let folder = try TemporaryFolder()
    let pattern = try F.pattern(
      F.document(
        F.event("HapticContinuous", duration: 1, ["HapticIntensity": 0.7071, "HapticSharpness": 0.5]),
        F.event("HapticTransient", time: 0.5, ["HapticIntensity": 1, "HapticSharpness": 0.5])))
    let report = try Render.toFile(
      pattern, destination: .file("\(folder.path)/limited.ogg"), format: AudioFileFormat(path: "limited.ogg"))
    #expect(report.limitedOverloads == 1)
    #expect(abs(report.smallestLimiterGain - RenderOptions.lossyCeiling / report.peak) < 1e-3)
  }

  /// Property 20: a non-sustained event has no release: `ReleaseTime` 0 and 1 give the same
  /// samples, silent from 1 s plus a quarter period of the carrier.
  @Test func aNonSustainedEventHasNoRelease() throws {
    func render(release: Double) throws -> [Float] {
      try F.render(
        F.document(
          F.event(
            "HapticContinuous", duration: 1,
            ["HapticSharpness": 0.5, "Sustained": 0, "DecayTime": 1, "ReleaseTime": release]))
      ).channels[0]
    }
    let short = try render(release: 0)
    #expect(short == (try render(release: 1)))
    let quarter = Self.rate / (4 * (65 + 235 * 0.5))
    let last = try #require(Signal.lastNonZero(short))
    #expect(Double(last) < Self.rate + quarter, "last sound at frame \(last)")
    #expect(Signal.peak(short[Int(0.99 * Self.rate)..<Int(Self.rate)]) > 0.5, "still sounding at the duration")
  }

  /// Property 13 on what revision 4 adds: voices aligned to a leader, ramped steps, a fade at
  /// the duration and a lengthened transient give the same samples in blocks of 1, 7, 64 and
  /// 4,096 frames.
  @Test func revisionFourDoesNotDependOnTheBlockSize() throws {
    let document = F.document(
      F.event("HapticContinuous", duration: 0.6, ["HapticIntensity": 0.5, "HapticSharpness": 0.3]),
      F.event(
        "HapticContinuous", time: 0.1, duration: 0.4,
        ["HapticIntensity": 0.6, "HapticSharpness": 0.55, "Sustained": 0, "DecayTime": 0.5]),
      F.event("HapticTransient", time: 0.2003, ["HapticIntensity": 0.7, "HapticSharpness": 0.4]),
      F.parameter("HapticIntensityControl", time: 0.25, 0.7),
      F.parameter("HapticDecayTimeControl", time: 0.3, 0.4),
      F.event("HapticTransient", time: 0.31, ["HapticIntensity": 0.8, "HapticSharpness": 0.6]))
    let reference = try F.render(document) { $0.blockSize = 4_096 }.channels
    for blockSize in [1, 7, 64] {
      #expect(try F.render(document) { $0.blockSize = blockSize }.channels == reference, "blocks of \(blockSize)")
    }
  }

  /// Property 21: `HapticDecayTimeControl` 0.5 before a transient (I 1, S 0.5) makes its
  /// fade-out 16 quarter periods long: the tap lasts two cycles plus 15 quarter periods.
  @Test(arguments: [0.5, 0.0, -0.5])
  func aDecayControlLengthensATransient(decay: Double) throws {
    let samples = try F.render(
      F.document(
        F.parameter("HapticDecayTimeControl", time: 0, decay),
        F.event("HapticTransient", time: 0.1, ["HapticIntensity": 1, "HapticSharpness": 0.5]))
    ).channels[0]
    let quarter = Self.rate / (4 * (65 + 235 * 0.5))
    let first = try #require(Signal.firstNonZero(samples))
    let last = try #require(Signal.lastNonZero(samples))
    let stretch = decay > 0 ? 16.0 : 1  // 2^(8 · 0.5)
    let expected = (8 * quarter).rounded() + (quarter * (stretch - 1)).rounded()
    #expect(abs(Double(last + 1 - first) - expected) <= 1, "lasts \(last + 1 - first) frames, expected \(expected)")
    #expect(abs(Signal.peak(samples[...]) - 1) < 1e-3)
    // Halfway through the stretched fade (15 quarter periods in) the window is cos²(π/4) = 0.5;
    // near its end, below cos²(π/2 · 14/16) = 0.04.
    if decay > 0 {
      let cycle = Int(4 * quarter)
      let middle = first + Int((15 * quarter).rounded())
      let halfway = Signal.peak(samples[middle - cycle / 2..<middle + cycle / 2])
      #expect(halfway > 0.4 && halfway < 0.7, "halfway down: \(halfway)")
      let late = first + Int((21 * quarter).rounded())
      #expect(Signal.peak(samples[late...]) < 0.05)
    }
  }
}
