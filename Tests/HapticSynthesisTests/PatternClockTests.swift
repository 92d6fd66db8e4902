import HapticModel
import HapticPipeline
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

private typealias F = PatternFixtures

/// The pattern clock and the envelope (docs/signal-model.md §3.2, §3.3, §3.5, §5.2): carriers of
/// one sharpness add whatever their onsets; envelope controls act on sounding events; a
/// sustained event releases at its duration, one that is not fades; the length is Apple's.
@Suite struct PatternClockTests {
  private static let rate = 48_000

  /// Property 15: a tap (I 0.7, S 0.5) on a continuous bed (I 0.6, S 0.5), at 16 onsets spread
  /// over one carrier period: the peak in the tap's span varies by at most 1 % and exceeds the
  /// bed's own peak by at least 0.7² · 0.9.
  @Test func aTapOnABedAddsWhereverItsOnsetFalls() throws {
    let bedPeak = Signal.peak(
      try F.render(
        F.document(
          F.event("HapticContinuous", duration: 3, ["HapticIntensity": 0.6, "HapticSharpness": 0.5]))
      ).channels[0][48_000..<96_000])
    let period = 1 / (65 + 235 * 0.5)
    var peaks: [Double] = []
    for step in 0..<16 {
      let onset = 1 + period * Double(step) / 16
      let audio = try F.render(
        F.document(
          F.event("HapticContinuous", duration: 3, ["HapticIntensity": 0.6, "HapticSharpness": 0.5]),
          F.event("HapticTransient", time: onset, ["HapticIntensity": 0.7, "HapticSharpness": 0.5])))
      let start = Int((onset * Double(Self.rate)).rounded())
      let length = Int((2 * Double(Self.rate) * period).rounded())
      peaks.append(Signal.peak(audio.channels[0][start..<start + length]))
    }
    let (low, high) = (peaks.min() ?? 0, peaks.max() ?? 0)
    #expect(high - low <= 0.01 * high, "peaks \(peaks)")
    #expect(low >= bedPeak + 0.7 * 0.7 * 0.9, "lowest \(low), bed \(bedPeak)")
  }

  /// Property 15: two overlapping continuous events of one sharpness add: the overlap's RMS is
  /// at least the louder event's alone (they were in anti-phase, silent, before).
  @Test func overlappingContinuousEventsOfOneSharpnessAdd() throws {
    for start in [1.0, 1.0 + 1 / 365.0, 1.3337] {
      let audio = try F.render(
        F.document(
          F.event("HapticContinuous", duration: 3, ["HapticIntensity": 0.6, "HapticSharpness": 0.5]),
          F.event("HapticContinuous", time: start, duration: 1, ["HapticIntensity": 0.5, "HapticSharpness": 0.5])))
      let overlap = audio.channels[0][Int(1.5 * 48_000)..<Int(1.9 * 48_000)]
      let alone = audio.channels[0][Int(2.5 * 48_000)..<Int(2.9 * 48_000)]
      #expect(Signal.rms(overlap) >= Signal.rms(alone), "second event at \(start) s")
      #expect(abs(Signal.peak(overlap) - (0.36 + 0.25)) < 0.01, "in phase: the amplitudes add")
    }
  }

  /// Two AudioContinuous tones of one pitch, the second starting later, add where they overlap.
  @Test func tonesOfOnePitchAdd() throws {
    let tone = ["AudioVolume": 0.3, "AudioPitch": 0.0, "AudioBrightness": 0.0]
    let audio = try F.render(
      F.document(
        F.event("AudioContinuous", duration: 2, tone),
        F.event("AudioContinuous", time: 0.5 + 1 / 880.0, duration: 1, tone)))
    let left = audio.channels[0]
    let one = Signal.peak(left[Int(1.7 * 48_000)..<Int(1.9 * 48_000)])
    let both = Signal.peak(left[Int(0.8 * 48_000)..<Int(1.2 * 48_000)])
    #expect(abs(both - 2 * one) < 0.01 * both, "one \(one), both \(both)")
  }

  /// A transient's first sample is 0, it fades in and out over a quarter period, and keeps its
  /// peak A(I) in the middle.
  @Test func aTransientFadesInAndOutAndKeepsItsPeak() throws {
    let audio = try F.render(
      F.document(F.event("HapticTransient", time: 0.25, ["HapticIntensity": 0.8, "HapticSharpness": 1])))
    let samples = audio.channels[0]
    let onset = 12_000
    let length = Int((2 * 48_000 / 300.0).rounded())
    #expect(samples[onset] == 0)
    #expect(samples[..<onset].allSatisfy { $0 == 0 } && samples[(onset + length)...].allSatisfy { $0 == 0 })
    #expect(abs(Signal.peak(samples[onset..<onset + length]) - 0.64) < 1e-3)
    // No step: the largest change between frames is within what a sine and a window that both
    // turn at 2πf can make together (twice the sine's own), also into the silence after it.
    let end = min(onset + length + 1, samples.count)
    let steps = zip(samples[onset..<end], samples[onset + 1..<end]).map {
      abs(Double($1) - Double($0))
    }
    #expect(steps.max() ?? 1 <= 2 * 0.64 * 2 * Double.pi * 300 / 48_000)
    #expect(abs(samples[onset + length - 1]) < 0.64 * 0.01, "the last frame is faded out")
  }

  /// The closed-form phase of a late event under a sharpness curve agrees with the frame-by-frame
  /// sum from the pattern's start within 1e-9 turns; two events under the curve stay in phase.
  @Test func aLateEventUnderASharpnessCurveHasThePhaseOfTheSum() throws {
    let pattern = try F.pattern(
      F.document(
        F.event("HapticContinuous", duration: 30, ["HapticIntensity": 0.5, "HapticSharpness": 0.2]),
        F.curve("HapticSharpnessControl", [(0, -0.5), (3, 0.7), (7.5, 0.1), (9, 1), (12, 0.3)]),
        F.event("HapticContinuous", time: 10.123, duration: 2, ["HapticIntensity": 0.5, "HapticSharpness": 0.2])))
    let controls = Controls(pattern)
    let profile = SignalProfile.preview
    let secondsPerFrame = 1 / Double(Self.rate)
    for onset in [0, 1, 7_777, 144_000, 485_904, 700_001] {
      var track = ParameterTrack(.hapticSharpness, of: pattern.events[1], controls: controls)
      var reference = CompensatedSum()
      for frame in 0..<onset {
        reference.add(profile.frequency(sharpness: track.next(at: Double(frame) * secondsPerFrame)) * secondsPerFrame)
      }
      let closed = CarrierPhase.phase(
        at: onset, of: ParameterTrack(.hapticSharpness, of: pattern.events[1], controls: controls),
        map: .linear(intercept: profile.minimumFrequency, slope: profile.maximumFrequency - profile.minimumFrequency),
        secondsPerFrame: secondsPerFrame)
      let difference = abs(closed - reference.fraction)
      #expect(min(difference, 1 - difference) < 1e-9, "frame \(onset): \(closed) vs \(reference)")
    }
    // Both events have the same sharpness under the same curve: in phase, the levels add.
    let audio = try Render.toMemory(pattern)
    let overlap = audio.channels[0][Int(10.5 * 48_000)..<Int(11.5 * 48_000)]
    #expect(abs(Signal.peak(overlap) - 0.5) < 0.01)
  }

  /// A pitch curve: the closed form of the exponential sum agrees with the frame-by-frame sum.
  @Test func aLateToneUnderAPitchCurveHasThePhaseOfTheSum() throws {
    let pattern = try F.pattern(
      F.document(
        F.event("AudioContinuous", time: 5, duration: 1, ["AudioVolume": 0.5, "AudioPitch": 0.1]),
        F.curve("AudioPitchControl", [(0, -0.4), (2, 0.9), (4.5, 0.95)])))
    let controls = Controls(pattern)
    let secondsPerFrame = 1 / Double(Self.rate)
    for onset in [240_000, 100_003] {
      var track = ParameterTrack(.audioPitch, of: pattern.events[0], controls: controls)
      var reference = CompensatedSum()
      for frame in 0..<onset {
        reference.add(
          AudioContinuousVoice.fundamental(pitch: track.next(at: Double(frame) * secondsPerFrame)) * secondsPerFrame)
      }
      let closed = CarrierPhase.phase(
        at: onset, of: ParameterTrack(.audioPitch, of: pattern.events[0], controls: controls),
        map: .exponential(scale: 440), secondsPerFrame: secondsPerFrame)
      let difference = abs(closed - reference.fraction)
      #expect(min(difference, 1 - difference) < 1e-9, "frame \(onset): \(closed) vs \(reference)")
    }
  }

  /// Property 16: `HapticReleaseTimeControl` 0.5 sent at 1 s to an event sounding 0–2 s gives
  /// a release of T(0.5) = 0.32 s after 2 s, not T(0) = 20 ms.
  @Test func aReleaseControlActsOnASoundingEvent() throws {
    let audio = try F.render(
      F.document(
        F.event("HapticContinuous", duration: 2, ["HapticIntensity": 1, "HapticSharpness": 0.5, "ReleaseTime": 0]),
        F.parameter("HapticReleaseTimeControl", time: 1, 0.5)))
    let samples = audio.channels[0]
    let end = try #require(Signal.lastNonZero(samples))
    let release = Double(end + 1 - 96_000) / 48_000
    #expect(abs(release - 0.32) < 0.005, "release \(release) s")
    #expect(samples.count == end + 1 || samples[(end + 1)...].allSatisfy { $0 == 0 })
  }

  /// An attack control that shortens the attack while the event rises takes effect at once:
  /// from T(1) = 5.12 s to T(0.25) = 80 ms at 0.1 s, so the level is full by 0.5 s.
  @Test func anAttackControlActsOnARisingEvent() throws {
    func peakAroundHalfASecond(_ elements: String...) throws -> Double {
      let audio = try F.render("{\"Pattern\": [\(elements.joined(separator: ", "))]}")
      return Signal.peak(audio.channels[0][Int(0.45 * 48_000)..<Int(0.55 * 48_000)])
    }
    let event = F.event(
      "HapticContinuous", duration: 3, ["HapticIntensity": 1, "HapticSharpness": 0.5, "AttackTime": 1])
    let slow = try peakAroundHalfASecond(event)
    let shortened = try peakAroundHalfASecond(event, F.parameter("HapticAttackTimeControl", time: 0.1, -0.75))
    #expect(abs(slow - 0.55 / 5.12) < 0.01, "still rising: \(slow)")
    #expect(abs(shortened - 1) < 0.001, "full: \(shortened)")
  }

  /// The length is Apple's: every event's Time + EventDuration, a non-sustained continuous
  /// event with duration 3 gives 3.0 s, an AudioContinuous one with duration 2 gives 2.0 s, and
  /// a 40 s continuous haptic event gives 40.0 s while sounding 30 s.
  @Test func theLengthIsApplesDurationForEveryEvent() throws {
    func frames(_ element: String) throws -> Int {
      try F.render(F.document(element), configure: { $0.tailSeconds = 0 }).channels[0].count
    }
    #expect(
      try frames(
        F.event("HapticContinuous", duration: 3, ["HapticIntensity": 1, "HapticSharpness": 0.5, "Sustained": 0]))
        == 144_000)
    #expect(try frames(F.event("AudioContinuous", duration: 2, ["AudioVolume": 0.5, "Sustained": 0])) == 96_000)
    let long = try F.render(
      F.document(F.event("HapticContinuous", duration: 40, ["HapticIntensity": 1, "HapticSharpness": 0.5])),
      configure: { $0.tailSeconds = 0 })
    #expect(long.channels[0].count == 40 * 48_000)
    let lastSound = try #require(Signal.lastNonZero(long.channels[0]))
    #expect(abs(Double(lastSound) / 48_000 - 30.02) < 0.002, "sounds 30 s, then releases over 20 ms")
  }
}

/// A sum of many terms without the rounding error that grows with their count (Neumaier's
/// compensated summation), kept as a whole number of turns and a fraction.
private struct CompensatedSum {
  private var whole = 0.0
  private var sum = 0.0
  private var compensation = 0.0

  mutating func add(_ term: Double) {
    let total = sum + term
    compensation += abs(sum) >= abs(term) ? (sum - total) + term : (term - total) + sum
    sum = total
    // Whole turns moved out keep the running sum small, so its rounding stays below 1e-16.
    let turns = sum.rounded(.down)
    whole += turns
    sum -= turns
  }

  /// The sum's fraction, 0 ..< 1.
  var fraction: Double {
    let total = sum + compensation
    return total - total.rounded(.down)
  }
}
