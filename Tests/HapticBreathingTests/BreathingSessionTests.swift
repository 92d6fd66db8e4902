import HapticBreathing
import HapticModel
import HapticPipeline
import HapticPresets
import HapticReader
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// Breathing sessions measured on their renders: the swell rises, holds are exact silence,
/// the fade falls, the period is exact, and cues sound at their own levels.
@Suite struct BreathingSessionTests {
  static let rate = 8_000

  static func render(_ session: BreathingSession) throws -> [Float] {
    var options = RenderOptions()
    options.sampleRate = rate
    return try Render.toMemory(session.pattern(), options: options).channels[0]
  }

  /// RMS of each `seconds`-long window from `start` to `end` seconds.
  static func windowLevels(_ samples: [Float], from start: Double, to end: Double, seconds: Double) -> [Double] {
    let width = Int(seconds * Double(rate))
    return stride(from: Int(start * Double(rate)), to: Int(end * Double(rate)) - width + 1, by: width).map {
      Signal.rms(samples[$0..<$0 + width])
    }
  }

  static func isStrictlyIncreasing(_ values: [Double]) -> Bool {
    zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
  }

  @Test func fourSevenEightRisesHoldsInSilenceAndFalls() throws {
    let samples = try Self.render(BreathingSession(technique: .fourSevenEight))
    #expect(samples.count == 19 * Self.rate)
    let inhale = Self.windowLevels(samples, from: 0, to: 4, seconds: 0.25)
    #expect(inhale.count == 16 && Self.isStrictlyIncreasing(inhale), "\(inhale)")
    #expect(inhale[0] < 0.01 * inhale[15])
    // The swell reaches HapticIntensity 0.8: a sine of amplitude 0.8² before the release.
    #expect(abs(Signal.peak(samples[Int(3.9 * Double(Self.rate))..<Int(3.98 * Double(Self.rate))]) - 0.64) < 0.01)
    // Nothing sounds from the end of the inhale to the start of the exhale: the release ends on 4 s.
    #expect(samples[4 * Self.rate..<11 * Self.rate].allSatisfy { $0 == 0 })
    #expect(samples[4 * Self.rate - 1] == 0 || abs(samples[4 * Self.rate - 1]) < 0.01)
    #expect(samples[11 * Self.rate + 1] != 0)
    let exhale = Self.windowLevels(samples, from: 11, to: 19, seconds: 0.5)
    #expect(exhale.count == 16 && Self.isStrictlyIncreasing(exhale.reversed()), "\(exhale)")
    #expect(exhale[15] < 0.01 * exhale[0])
  }

  @Test func cyclesRepeatWithExactlyThePeriod() throws {
    for technique in BreathingTechnique.named {
      let session = BreathingSession(technique: technique, cycles: 3)
      let samples = try Self.render(session)
      let period = technique.period
      #expect(samples.count == Int((3 * period * Double(Self.rate)).rounded()), "\(technique.name)")
      #expect(session.pattern().duration == 3 * period)
      let cycles = (0..<3).map {
        Self.windowLevels(samples, from: Double($0) * period, to: Double($0 + 1) * period, seconds: 0.1)
      }
      for cycle in cycles.dropFirst() {
        let largest = zip(cycles[0], cycle).map { abs($0 - $1) }.max() ?? .infinity
        #expect(largest < 2e-3, "\(technique.name): windows differ by \(largest) between cycles")
      }
    }
  }

  @Test func boxEndsInAHoldThatKeepsThePeriod() throws {
    let samples = try Self.render(BreathingSession(technique: .box, cycles: 2))
    #expect(samples.count == 32 * Self.rate)
    for hold in [4..<8, 12..<16, 20..<24, 28..<32] {
      #expect(samples[hold.lowerBound * Self.rate..<hold.upperBound * Self.rate].allSatisfy { $0 == 0 }, "\(hold)")
    }
    #expect(samples[16 * Self.rate + 100] != 0)
  }

  @Test func easeStartsSlowerThanALine() throws {
    let linear = try Self.render(BreathingSession(technique: .coherent))
    let ease = try Self.render(BreathingSession(technique: .coherent, shape: .ease))
    let linearLevels = Self.windowLevels(linear, from: 0, to: 5.5, seconds: 0.5)
    let easeLevels = Self.windowLevels(ease, from: 0, to: 5.5, seconds: 0.5)
    #expect(Self.isStrictlyIncreasing(easeLevels.dropLast()), "\(easeLevels)")
    #expect(easeLevels[1] < 0.7 * linearLevels[1])
    #expect(easeLevels[9] > linearLevels[9])
    #expect(session(.ease).pattern().curves.allSatisfy { $0.points.count <= 16 })
  }

  private func session(_ shape: BreathingSession.Shape) -> BreathingSession {
    BreathingSession(technique: .box, shape: shape, cues: BreathingCue.defaults)
  }

  /// The default inhale cue is `impact.soft` at 0.7: a tap of intensity 0.49 that sounds at
  /// 0.49², though the swell's curve starts at 0 there; the exhale's cue adds its own level to
  /// the fade; a two-tap cue sounds both taps at their levels.
  @Test func cuesSoundAtTheirOwnLevel() throws {
    let samples = try Self.render(BreathingSession(technique: .fourSevenEight, cues: BreathingCue.defaults))
    let tap = samples[0..<Int(0.03 * Double(Self.rate))]
    #expect(abs(Signal.peak(tap) - 0.49 * 0.49) < 2e-3, "\(Signal.peak(tap))")
    #expect(samples[4 * Self.rate..<11 * Self.rate].allSatisfy { $0 == 0 })
    // The exhale's tap (impact.light at 0.5: intensity 0.3) adds 0.3² to the plain session's
    // exhale, whose curve is at 1 where it starts.
    let plain = try Self.render(BreathingSession(technique: .fourSevenEight))
    #expect(samples.count == plain.count)
    let exhaleStart = 11 * Self.rate
    let added = (exhaleStart..<exhaleStart + Self.rate / 20).map { Double(samples[$0] - plain[$0]) }
    #expect(abs((added.map(abs).max() ?? 0) - 0.09) < 2e-3, "\(added.map(abs).max() ?? 0)")

    let success = try #require(PresetCatalog.presets(named: "notification.success").first)
    let twoTaps = try Self.render(
      BreathingSession(
        technique: .coherent, cues: [BreathingCue(phase: .inhale, preset: success, intensity: 1)]))
    let bursts = Signal.bursts(Array(twoTaps[0..<Int(0.2 * Double(Self.rate))]), minimumGap: 40)
    #expect(bursts.count >= 2)
    #expect(abs(Signal.peak(twoTaps[bursts[1]]) - 1.0) < 2e-3, "the second tap sounds at intensity 1")
  }

  @Test func theAHAPReadsBackToTheSameRender() throws {
    let session = BreathingSession(technique: .box, cycles: 2, shape: .ease, cues: BreathingCue.defaults)
    let text = session.pattern().ahapText()
    var diagnostics = Diagnostics()
    let parsed = try #require(Pattern.parse(Array(text.utf8), file: "box.ahap", diagnostics: &diagnostics))
    #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
    var options = RenderOptions()
    options.sampleRate = Self.rate
    #expect(try Render.toMemory(parsed, options: options).channels[0] == Self.render(session))
    #expect(text.contains("\"Technique\": \"box\""))
    #expect(text.contains("\"Phases\": \"inhale:4,hold:4,exhale:4,hold:4\""))
    #expect(!text.contains("99999"))
  }

  @Test func techniquesAndPhasesAreReadWithClearErrors() throws {
    #expect(try BreathingTechnique.named("BOX") == .box)
    #expect(try BreathingTechnique(phaseList: "inhale:3, hold:1,exhale:6").phases.map(\.duration) == [3, 1, 6])
    #expect(try BreathingTechnique(phaseList: "inhale:3,hold:1,exhale:6,hold:2").period == 12)
    let failures: [(String, String)] = [
      ("inhale:3,exhal:6", "unknown phase \"exhal\"; did you mean \"exhale\"?"),
      ("inhale:3,breathe:6", "unknown phase \"breathe\" (kinds: inhale, hold, exhale)"),
      ("inhale=3", "phase \"inhale=3\": expected KIND:SECONDS, such as inhale:4"),
      ("inhale:x", "phase \"inhale:x\": \"x\" is not a number of seconds"),
      ("inhale:40", "inhale of 40 s: inhales and exhales last 0.1 to 30 s"),
      ("hold:4", "a technique needs an inhale or an exhale; holds alone are silence"),
    ]
    for (text, message) in failures {
      #expect(throws: BreathingTechnique.ParseError(description: message)) { try BreathingTechnique(phaseList: text) }
    }
    #expect(throws: BreathingTechnique.ParseError(description: "unknown technique \"4-7-9\"; did you mean \"4-7-8\"?"))
    {
      try BreathingTechnique.named("4-7-9")
    }
    #expect(
      throws: BreathingTechnique.ParseError(
        description: "unknown technique \"triangle\" (known: 4-7-8, box, coherent; or give a list of phases)")
    ) {
      try BreathingTechnique.named("triangle")
    }
  }

  @Test func cuesAreReadWithClearErrors() throws {
    let cues = try BreathingCue.parse("inhale=impact.rigid@0.4,exhale=android/tick")
    #expect(cues.map(\.text) == ["inhale=ios/impact.rigid@0.4", "exhale=android/tick@1"])
    let failures: [(String, String)] = [
      ("inhal=impact.soft", "cue \"inhal=impact.soft\": unknown phase \"inhal\"; did you mean \"inhale\"?"),
      ("hold=impact.soft", "cue \"hold=impact.soft\": unknown phase \"hold\" (cues mark an inhale or an exhale)"),
      (
        "inhale=impact.sfot",
        "cue \"inhale=impact.sfot\": unknown preset \"impact.sfot\"; did you mean \"impact.soft\"?"
      ),
      ("inhale=impact.soft@2", "cue \"inhale=impact.soft@2\": intensity \"2\" is not a number within 0…1"),
      ("inhale=ios", "cue \"inhale=ios\": \"ios\" is a family of 9 presets; name one, such as ios/impact.light"),
      ("inhale=selection,inhale=selection", "cue \"inhale=selection\": a second cue for inhale"),
    ]
    for (text, message) in failures {
      #expect(throws: BreathingTechnique.ParseError(description: message)) { try BreathingCue.parse(text) }
    }
  }
}
