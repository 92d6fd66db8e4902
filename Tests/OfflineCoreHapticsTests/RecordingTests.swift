import Foundation
import HapticRender
import OfflineCoreHaptics
import Testing
import _HapticRenderTestSupport

/// `CHHapticEngine.recording`: the session as one AHAP pattern, each player's controls baked
/// into its own events, measured against the engine's own render.
@Suite struct RecordingTests {
  static let rate = RenderedSamples.rate

  /// The engine's render and the render of its recording written as an `.ahap` file and read
  /// back, the shorter padded with silence; of one length unless `lengthsMayDiffer` (an event a
  /// warning names may sound longer in the recording).
  static func renders(_ engine: CHHapticEngine, lengthsMayDiffer: Bool = false) throws -> (
    engine: [Float], file: [Float]
  ) {
    let folder = try TemporaryFolder()
    let url = URL(fileURLWithPath: "\(folder.path)/session.ahap")
    try engine.recording.pattern.write(to: url)
    var played = try Measured.samples(engine)
    var file = try Measured.samples(CHHapticPattern(contentsOf: url))
    #expect(
      lengthsMayDiffer || played.count == file.count,
      "the recording's length: \(file.count) frames, not \(played.count)")
    played += Array(repeating: 0, count: max(file.count - played.count, 0))
    file += Array(repeating: 0, count: max(played.count - file.count, 0))
    return (played, file)
  }

  /// The largest sample difference of `a` and `b` over `seconds` (every frame when `nil`).
  static func largestDifference(_ a: [Float], _ b: [Float], in seconds: ClosedRange<Double>? = nil) -> Double {
    let frames = seconds.map {
      max(Int($0.lowerBound * Double(rate)), 0)..<min(Int($0.upperBound * Double(rate)), a.count)
    }
    return (frames ?? 0..<a.count).reduce(0) { max($0, Double(abs(a[$1] - b[$1]))) }
  }

  /// A continuous event of `duration` seconds, as a breathing app's breath; with `swell`, an
  /// intensity curve of the pattern's own from 0 to 1 over its first `swell` seconds, as the
  /// example app's inhale has.
  static func breath(duration: TimeInterval, swell: TimeInterval? = nil) throws -> CHHapticPattern {
    let event = CHHapticEvent(
      eventType: .hapticContinuous,
      parameters: [
        CHHapticEventParameter(parameterID: .hapticIntensity, value: 0.8),
        CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.3),
      ],
      relativeTime: 0, duration: duration)
    return try CHHapticPattern(
      events: [event], parameterCurves: swell.map { [Self.swell(from: 0, to: 1, over: $0)] } ?? [])
  }

  /// An intensity control curve from `from` to `to` over `seconds`.
  static func swell(from: Float, to: Float, over seconds: TimeInterval) -> CHHapticParameterCurve {
    CHHapticParameterCurve(
      parameterID: .hapticIntensityControl,
      controlPoints: [.init(relativeTime: 0, value: from), .init(relativeTime: seconds, value: to)], relativeTime: 0)
  }

  /// A breathing session on `engine`'s virtual clock: two breaths on one player, each an 8 s
  /// event that swells in over 4 s by its pattern's curve and fades out over 4 s by a curve sent
  /// to the player (which leaves the control at 0), then, played on players of their own, the
  /// session-complete taps of a rigid impact generator 0.15 s apart at 1, 2/3 and 1/3.
  static func breathingSession(on engine: CHHapticEngine) throws {
    try engine.start()
    let breath = try engine.makeAdvancedPlayer(with: Self.breath(duration: 8, swell: 4))
    for _ in 0..<2 {
      let start = engine.currentTime
      try breath.start(atTime: start)
      try breath.scheduleParameterCurve(swell(from: 1, to: 0, over: 4), atTime: start + 4)
      engine.advance(by: 8)
    }
    engine.advance(by: 0.2)
    OfflineHaptics.$engine.withValue(engine) {
      let completionTap = UIImpactFeedbackGenerator(style: .rigid)
      for intensity: CGFloat in [1, 2.0 / 3.0, 1.0 / 3.0] {
        completionTap.impactOccurred(intensity: intensity)
        engine.advance(by: 0.15)
      }
    }
    engine.advance(by: 0.5)
  }

  /// The breath player's curves stay with the breath: its recording, written as an AHAP file,
  /// renders within 1e-3 of the engine (the three taps sound at their own intensities, not
  /// silenced by the breath's control left at 0), lints clean, and warns of nothing.
  @Test func aBreathingSessionRecordsAsTheEnginePlaysIt() throws {
    let engine = try CHHapticEngine()
    try Self.breathingSession(on: engine)
    let recording = try engine.recording
    #expect(recording.warnings.isEmpty, "\(recording.warnings)")

    let (played, file) = try Self.renders(engine)
    let difference = Self.largestDifference(played, file)
    #expect(difference <= 1e-3, "max |Δ| \(difference)")
    let taps = Measured.bursts(Array(file[(16 * Self.rate)...]))
    #expect(taps.count == 3)
    for (tap, intensity) in zip(taps, [0.9, 0.6, 0.3]) {
      #expect(abs(tap.peak - intensity * intensity) < 0.02, "peak \(tap.peak) for intensity \(intensity)")
    }

    let folder = try TemporaryFolder()
    let url = URL(fileURLWithPath: "\(folder.path)/session.ahap")
    try engine.recordedPattern.write(to: url)
    let diagnostics = PatternLinter.check(path: url.path, loader: PatternLoader())
    #expect(diagnostics.all.isEmpty, "\(diagnostics.all.map(\.description))")
  }

  /// A tap sent to another player during the swell is louder than the breath's control lets
  /// through there: the warning names its player, the control, the breath's player and the
  /// time, and the recording differs from the engine only there.
  @Test func aTapThatTheBreathsControlWouldQuietenIsNamed() throws {
    let engine = try CHHapticEngine()
    let breath = try engine.makePlayer(with: Self.breath(duration: 4))
    try breath.start(atTime: 0)
    try breath.scheduleParameterCurve(Self.swell(from: 0, to: 1, over: 4), atTime: 0)
    engine.advance(by: 1)
    OfflineHaptics.$engine.withValue(engine) { UIImpactFeedbackGenerator(style: .rigid).impactOccurred() }
    engine.advance(by: 4)

    let warnings = try engine.recording.warnings
    #expect(warnings.count == 1)
    let warning = try #require(warnings.first)
    #expect(warning.player == "UIImpactFeedbackGenerator (ios/impact.rigid)")
    #expect(warning.control == .hapticIntensityControl)
    #expect(warning.controllingPlayer == "player 1 (makePlayer(with:))")
    #expect(warning.eventTimes == [1] && warning.start == 1 && warning.end > 1 && warning.end < 1.05)
    #expect(
      warning.description
        == "recorded pattern: 1 event of UIImpactFeedbackGenerator (ios/impact.rigid) from 1.000 s to "
        + "\(String(format: "%.3f", warning.end)) s plays otherwise than the engine played it: HapticIntensityControl "
        + "of player 1 (makePlayer(with:)) acts on it there, as a pattern's controls act on all its events; "
        + "engine.render(to:) plays each player with its own controls")

    let (played, file) = try Self.renders(engine)
    #expect(Self.largestDifference(played, file, in: 0...warning.start) <= 1e-3)
    #expect(Self.largestDifference(played, file, in: warning.end...5) <= 1e-3)
    #expect(Self.largestDifference(played, file, in: warning.start...warning.end) > 0.1)
  }

  /// A control that holds still is baked into the events of its own player where other
  /// players' events read it too, and kept where only its player's do: a tap player sent
  /// intensity 0.5 beside an untouched tap player (its taps at 0.5, no intensity control), a
  /// buzz player sent sharpness −0.3 (which no transient reads: kept as sent).
  @Test func controlsThatHoldStillAreBakedIntoTheirPlayersEvents() throws {
    let engine = try CHHapticEngine()
    let quiet = try engine.makePlayer(with: EngineTests.taps(at: [0, 0.5]))
    try quiet.sendParameters(
      [CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 0)], atTime: 0)
    try quiet.start(atTime: 0)
    let buzz = try engine.makePlayer(with: EngineTests.buzz(at: 1))
    try buzz.sendParameters(
      [CHHapticDynamicParameter(parameterID: .hapticSharpnessControl, value: -0.3, relativeTime: 0)], atTime: 0)
    try buzz.start(atTime: 0)
    try engine.makePlayer(with: EngineTests.taps(at: [0.25, 1.5])).start(atTime: 0)
    engine.advance(by: 2)

    let recording = try engine.recording
    #expect(recording.warnings.isEmpty)
    let pattern = recording.pattern.pattern
    #expect(pattern.parameters.map(\.id) == [.hapticSharpnessControl] && pattern.curves.isEmpty)
    #expect(pattern.events.map { $0.value(of: .hapticIntensity) } == [0.5, 0.5, 1, 1, 1])
    let (played, file) = try Self.renders(engine)
    #expect(Self.largestDifference(played, file) <= 1e-3)
  }

  /// Two players whose controls change under their events at the same time: the first keeps
  /// its curve in the pattern, the second's events are named, and the recording differs only
  /// there.
  @Test func overlappingCurvesOfTwoPlayersAreNamed() throws {
    let engine = try CHHapticEngine()
    let first = try engine.makePlayer(with: Self.breath(duration: 2))
    try first.start(atTime: 0)
    try first.scheduleParameterCurve(Self.swell(from: 0, to: 1, over: 2), atTime: 0)
    let second = try engine.makePlayer(with: Self.breath(duration: 2))
    try second.start(atTime: 1)
    try second.scheduleParameterCurve(Self.swell(from: 1, to: 0, over: 2), atTime: 1)
    let after = try engine.makePlayer(with: EngineTests.taps(at: [0]))
    try after.start(atTime: 4)
    engine.advance(by: 5)

    let warnings = try engine.recording.warnings
    #expect(warnings.count == 1)
    let warning = try #require(warnings.first)
    #expect(
      warning.player == "player 2 (makePlayer(with:))" && warning.controllingPlayer == "player 1 (makePlayer(with:))")
    #expect(warning.eventTimes == [1] && warning.start == 1 && warning.end >= 3)
    let (played, file) = try Self.renders(engine)
    #expect(Self.largestDifference(played, file, in: 0...0.99) <= 1e-3)
    #expect(Self.largestDifference(played, file, in: warning.end...5) <= 1e-3)
  }

  /// A single player's own curves are kept as it wrote them: the recording of a player of
  /// `PatternTests.breath()` holds its two curves at their times.
  @Test func aSinglePlayersCurvesAreKeptAsWritten() throws {
    let engine = try CHHapticEngine()
    let pattern = try PatternTests.breath()
    try engine.makePlayer(with: pattern).start(atTime: 0.5)
    engine.advance(by: 5)
    let recording = try engine.recording
    #expect(recording.warnings.isEmpty)
    #expect(recording.pattern.pattern.curves.map(\.time) == pattern.pattern.curves.map { $0.time + 0.5 })
    #expect(recording.pattern.pattern.curves.map(\.points) == pattern.pattern.curves.map(\.points))
    let (played, file) = try Self.renders(engine)
    #expect(Self.largestDifference(played, file) <= 1e-3)
  }

  /// Numbers for random sessions from a seed (Knuth's MMIX linear congruential generator): the
  /// same session on every run.
  struct Dice: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state
    }

    mutating func value(in range: Range<Double>) -> Double { Double.random(in: range, using: &self) }
  }

  /// Random sessions: one to three players of continuous events with intensity, sharpness and
  /// release controls sent at random times, one or two players of taps (some sent a constant
  /// intensity control). Outside the spans their warnings name, the recording renders within
  /// 1e-3 of the engine. Levels stay low enough that no players overload together (the engine
  /// limits each player apart, a pattern limits its events together).
  @Test(arguments: 0..<24)
  func randomSessionsPlayAsTheEngineOutsideTheirWarnings(seed: Int) throws {
    var dice = Dice(state: UInt64(seed))
    let engine = try CHHapticEngine()
    let controls: [(CHHapticDynamicParameter.ID, Range<Double>)] = [
      (.hapticIntensityControl, 0..<1), (.hapticSharpnessControl, -0.5..<0.5), (.hapticReleaseTimeControl, -0.5..<0.5),
    ]
    for _ in 0..<Int.random(in: 1...3, using: &dice) {
      var events: [CHHapticEvent] = []
      var time = 0.0
      for _ in 0..<Int.random(in: 1...2, using: &dice) {
        time += dice.value(in: 0..<1)
        let duration = dice.value(in: 0.3..<1.5)
        let parameters = [
          CHHapticEventParameter(parameterID: .hapticIntensity, value: Float(dice.value(in: 0.1..<0.45))),
          CHHapticEventParameter(parameterID: .hapticSharpness, value: Float(dice.value(in: 0..<1))),
          CHHapticEventParameter(parameterID: .releaseTime, value: Float(dice.value(in: 0..<0.3))),
        ]
        events.append(
          CHHapticEvent(eventType: .hapticContinuous, parameters: parameters, relativeTime: time, duration: duration))
        time += duration
      }
      let player = try engine.makePlayer(with: CHHapticPattern(events: events, parameters: []))
      let start = dice.value(in: 0..<6)
      try player.start(atTime: start)
      for _ in 0..<Int.random(in: 0...3, using: &dice) {
        let (id, range) = controls[Int.random(in: 0..<controls.count, using: &dice)]
        let at = max(start + dice.value(in: -0.5..<2), 0)  // a time before now is now; below 0 it throws
        if Bool.random(using: &dice) {
          var pointTime = 0.0
          let points = (0..<Int.random(in: 1...4, using: &dice)).map { _ in
            defer { pointTime += dice.value(in: 0..<1) }
            return CHHapticParameterCurve.ControlPoint(relativeTime: pointTime, value: Float(dice.value(in: range)))
          }
          try player.scheduleParameterCurve(
            CHHapticParameterCurve(parameterID: id, controlPoints: points, relativeTime: 0), atTime: at)
        } else {
          try player.sendParameters(
            [CHHapticDynamicParameter(parameterID: id, value: Float(dice.value(in: range)), relativeTime: 0)],
            atTime: at)
        }
      }
    }
    for _ in 0..<Int.random(in: 1...2, using: &dice) {
      let taps = (0..<Int.random(in: 1...4, using: &dice)).map { _ in
        CHHapticEvent(
          eventType: .hapticTransient,
          parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: Float(dice.value(in: 0.1..<0.45)))],
          relativeTime: dice.value(in: 0..<3))
      }
      let player = try engine.makePlayer(with: CHHapticPattern(events: taps, parameters: []))
      if Bool.random(using: &dice) {
        try player.sendParameters(
          [
            CHHapticDynamicParameter(
              parameterID: .hapticIntensityControl, value: Float(dice.value(in: 0.2..<1)), relativeTime: 0)
          ],
          atTime: 0)
      }
      try player.start(atTime: dice.value(in: 0..<8))
    }
    engine.advance(by: 12)

    let warnings = try engine.recording.warnings
    let (played, file) = try Self.renders(engine, lengthsMayDiffer: !warnings.isEmpty)
    var unnamed = 0.0
    for frame in played.indices {
      let time = Double(frame) / Double(Self.rate)
      guard !warnings.contains(where: { $0.start <= time && time <= $0.end }) else { continue }
      unnamed = max(unnamed, Double(abs(played[frame] - file[frame])))
    }
    #expect(unnamed <= 1e-3, "seed \(seed): max |Δ| \(unnamed) outside \(warnings)")
  }
}
