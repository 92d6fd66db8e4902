import Foundation
import HapticRender
import OfflineCoreHaptics
import Testing
import _HapticRenderTestSupport

/// Calls an app should not make, made anyway: each used to trap, spin or allocate until the
/// process died, and now throws what Core Haptics throws, or clamps, at once
/// (docs/core-haptics.md §9, docs/untrusted-input.md).
@Suite struct EngineMisuseTests {
  /// A tap at 0 and a tap at 0.05 s: a pattern of 0.05 s and a tail.
  static func taps() throws -> CHHapticPattern {
    try EngineTests.taps(at: [0, 0.05])
  }

  /// A looping advanced player of ``taps()`` on a new virtual-clock engine.
  static func loop(loopEnd: TimeInterval = 0) throws -> (CHHapticEngine, any CHHapticAdvancedPatternPlayer) {
    let engine = try CHHapticEngine(clock: .virtual)
    let player = try engine.makeAdvancedPlayer(with: taps())
    player.loopEnabled = true
    player.loopEnd = loopEnd
    return (engine, player)
  }

  /// The code of what `body` throws, when it is a ``CHHapticError``.
  static func code(_ body: () throws -> Void) -> CHHapticError.Code? {
    do {
      try body()
      return nil
    } catch {
      return (error as? CHHapticError)?.code
    }
  }

  static func render(_ engine: CHHapticEngine) throws -> [Float] {
    try RenderedSamples.of { try engine.render(to: $0, options: $1) }
  }

  /// A loop scheduled for later has played nothing yet: its recording and its render are empty
  /// ("Range requires lowerBound <= upperBound" before), and once the clock passes its start it
  /// plays from there.
  @Test func aLoopStartedLaterHasPlayedNothingYet() throws {
    let (engine, player) = try Self.loop()
    try player.start(atTime: engine.currentTime + 1)
    #expect(try engine.recordedPattern.pattern.events.isEmpty)
    #expect(try Self.render(engine).allSatisfy { $0 == 0 })
    engine.advance(by: 1.2)
    let onsets = try engine.recording.pattern.pattern.events.map(\.time)
    #expect(onsets.first == 1 && onsets.allSatisfy { $0 >= 1 && $0 < 1.2 }, "\(onsets)")
  }

  /// NaN, infinite and negative times throw `invalidTime` from every call that takes one, and
  /// leave the player as it was: the render afterwards traps no more.
  @Test(arguments: [Double.nan, .infinity, -.infinity, -1, -1e-300])
  func everyTimeArgumentIsChecked(_ time: Double) throws {
    let engine = try CHHapticEngine(clock: .virtual)
    let player = try engine.makeAdvancedPlayer(with: Self.taps())
    let control = CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 0)
    let curve = CHHapticParameterCurve(
      parameterID: .hapticIntensityControl, controlPoints: [.init(relativeTime: 0, value: 1)], relativeTime: 0)
    #expect(Self.code { try player.start(atTime: time) } == .invalidTime)
    try player.start(atTime: 0)
    #expect(Self.code { try player.sendParameters([control], atTime: time) } == .invalidTime)
    #expect(Self.code { try player.scheduleParameterCurve(curve, atTime: time) } == .invalidTime)
    #expect(Self.code { try player.seek(toOffset: time) } == .invalidTime)
    #expect(Self.code { try player.pause(atTime: time) } == .invalidTime)
    try player.pause(atTime: 0.01)
    #expect(Self.code { try player.resume(atTime: time) } == .invalidTime)
    #expect(Self.code { try player.stop(atTime: time) } == .invalidTime)
    engine.advance(by: 1)
    #expect(try engine.recordedPattern.pattern.events.map(\.time) == [0])
    #expect(try Self.render(engine).contains { $0 != 0 })
  }

  /// `advance(by:)` (an addition that cannot throw) moves nothing for NaN, infinities and
  /// negative seconds; the clock stays a number and players go on.
  @Test(arguments: [Double.nan, .infinity, -.infinity, -5])
  func advanceIgnoresWhatIsNoDuration(_ seconds: Double) throws {
    let (engine, player) = try Self.loop()
    try player.start(atTime: 0)
    engine.advance(by: 0.5)
    engine.advance(by: seconds)
    #expect(engine.currentTime == 0.5)
    try player.stop(atTime: CHHapticTimeImmediate)
    #expect(try engine.recording.pattern.pattern.events.count > 2)
  }

  /// A property cannot throw: rates are clamped to `CHHapticEngine.playbackRates`, and NaN,
  /// 0 and negative rates are ignored. At the fastest rate a looping player still records
  /// a bounded number of taps (`.infinity` and `1e30` allocated without end before).
  @Test func playbackRatesAreClamped() throws {
    let (engine, player) = try Self.loop(loopEnd: 0.1)
    for (rate, kept) in [(Float.infinity, Float(100)), (1e30, 100), (0, 100), (-1, 100), (.nan, 100), (1e-30, 0.01)] {
      player.playbackRate = rate
      #expect(player.playbackRate == kept, "rate \(rate)")
    }
    player.playbackRate = .infinity
    try player.start(atTime: 0)
    engine.advance(by: 2)
    try player.stop(atTime: CHHapticTimeImmediate)
    // 2 s at 100 pattern seconds per second: 2,000 passes of a 0.1 s loop, two taps each.
    #expect(try engine.recording.pattern.pattern.events.count == 4_000)
  }

  /// A loop far shorter than a sample repeats into more than a recording holds: both the
  /// recording and the render throw `resourceNotAvailable` before making any of it
  /// (`loopEnd = 1e-12` allocated without end before). A loop end that is no length is ignored.
  @Test func aLoopTooShortToRecordThrows() throws {
    let (engine, player) = try Self.loop()
    for ignored in [Double.nan, .infinity, -1] {
      player.loopEnd = ignored
      #expect(player.loopEnd == 0)
    }
    player.loopEnd = 1e-12
    try player.start(atTime: 0)
    engine.advance(by: 1)
    #expect(Self.code { _ = try engine.recording } == .resourceNotAvailable)
    #expect(Self.code { _ = try Self.render(engine) } == .resourceNotAvailable)
  }

  /// A loop played for a billion seconds: the render is refused for its length before anything
  /// is made, and the recording for its size (both allocated until the process died before).
  @Test func aLoopPlayedForBillionsOfSecondsIsRefused() throws {
    let (engine, player) = try Self.loop()
    try player.start(atTime: 0)
    engine.advance(by: 1e9)
    #expect(throws: RenderError.durationLimitExceeded(seconds: 1e9, limit: 3_600)) { try Self.render(engine) }
    #expect(Self.code { _ = try engine.recording } == .resourceNotAvailable)
    try player.stop(atTime: CHHapticTimeImmediate)
    #expect(Self.code { _ = try engine.recordedPattern } == .resourceNotAvailable)
  }

  /// A seek far past the end of a loop goes where looping reaches it (it spun for ever before);
  /// the loop then plays on from there.
  @Test func seekingFarIntoALoopLandsWithinIt() throws {
    let (engine, player) = try Self.loop(loopEnd: 0.5)
    try player.start(atTime: 0)
    try player.seek(toOffset: 1e300)
    try player.seek(toOffset: 1_000.25)
    engine.advance(by: 1)
    try player.stop(atTime: CHHapticTimeImmediate)
    // From 0.25 s into the loop: its next pass begins at 0.25 s of engine time, then 0.75 s.
    #expect(try engine.recording.pattern.pattern.events.map(\.time) == [0.25, 0.3, 0.75, 0.8])
  }

  /// A huge finite start time is a time: the recording holds it, and the render is refused for
  /// its length, on either clock (the host clock schedules its check without trapping).
  @Test(arguments: [OfflineHaptics.Clock.virtual, .host])
  func aStartFarInTheFutureIsRefusedByTheRender(_ clock: OfflineHaptics.Clock) throws {
    let engine = try CHHapticEngine(clock: clock)
    try engine.makePlayer(with: Self.taps()).start(atTime: 1e12)
    let onsets = try engine.recording.pattern.pattern.events.map(\.time)
    #expect(onsets == [1e12, 1e12 + 0.05], "\(onsets)")
    let error = #expect(throws: RenderError.self) { try Self.render(engine) }
    guard case .durationLimitExceeded(let seconds, let limit) = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(seconds > 1e12 && limit == 3_600)
  }

  /// A loop of a pattern with no length, and a loop of a pattern without events, play nothing
  /// and end (a zero-length loop must not spin).
  @Test func zeroLengthLoopsPlayNothing() throws {
    let engine = try CHHapticEngine(clock: .virtual)
    let silent = try CHHapticPattern(
      events: [],
      parameters: [CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 0)])
    let player = try engine.makeAdvancedPlayer(with: silent)
    player.loopEnabled = true
    try player.start(atTime: 0)
    engine.advance(by: 100)
    #expect(try engine.recording.pattern.pattern.events.isEmpty)
    #expect(try Self.render(engine).allSatisfy { $0 == 0 })
  }

  /// At most `CHHapticEngine.maximumPlayingPlayers` players play at once: a thousand started at
  /// once get `resourceNotAvailable` past it (100,000 aborted in allocation before), and more
  /// start once those have finished; a UIKit generator's tap past it is not played.
  @Test func playersAtOnceAreLimited() throws {
    let engine = try CHHapticEngine(clock: .virtual)
    let pattern = try Self.taps()
    var codes: [CHHapticError.Code?] = []
    for _ in 0..<1_000 {
      let player = try engine.makePlayer(with: pattern)
      codes.append(Self.code { try player.start(atTime: 0) })
    }
    #expect(codes.prefix(CHHapticEngine.maximumPlayingPlayers).allSatisfy { $0 == nil })
    #expect(codes.dropFirst(CHHapticEngine.maximumPlayingPlayers).allSatisfy { $0 == .resourceNotAvailable })
    let file = #"{"Version":1,"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient","EventParameters":[]}}]}"#
    #expect(Self.code { try engine.playPattern(from: Data(file.utf8)) } == .resourceNotAvailable)
    let tap = OfflineHaptics.$engine.withValue(engine) { UIImpactFeedbackGenerator(style: .rigid) }
    tap.impactOccurred()
    engine.advance(by: 1)
    #expect(try engine.recording.pattern.pattern.events.count == 2 * CHHapticEngine.maximumPlayingPlayers)
    try engine.makePlayer(with: pattern).start(atTime: CHHapticTimeImmediate)
    #expect(try engine.recording.pattern.pattern.events.count == 2 * CHHapticEngine.maximumPlayingPlayers + 2)
  }

  /// Players that played nothing cost the render nothing (2,000 made and never started took
  /// 250 KB each, and 100,000 aborted it in allocation), and a render mixes at most
  /// `CHHapticEngine.maximumRenderedPlayers` players that played: past it, it throws before
  /// making any.
  @Test func aRenderMixesALimitedNumberOfPlayers() throws {
    let engine = try CHHapticEngine(clock: .virtual)
    let pattern = try Self.taps()
    for _ in 0..<2_000 { _ = try engine.makePlayer(with: pattern) }
    try engine.makePlayer(with: pattern).start(atTime: 0)
    #expect(try Self.render(engine).contains { $0 != 0 })
    for _ in 0..<CHHapticEngine.maximumRenderedPlayers {
      engine.advance(by: 0.1)
      try engine.makePlayer(with: pattern).start(atTime: CHHapticTimeImmediate)
    }
    #expect(Self.code { _ = try Self.render(engine) } == .resourceNotAvailable)
  }
}
