import Foundation
import HapticRender
import OfflineCoreHaptics
import Testing
import _HapticRenderTestSupport

/// Engines, players and UIKit generators on the virtual clock, measured on the render.
@Suite struct EngineTests {
  static let rate = RenderedSamples.rate

  static func render(_ engine: CHHapticEngine) throws -> [Float] {
    try RenderedSamples.of { try engine.render(to: $0, options: $1) }
  }

  static func bursts(_ samples: [Float]) -> [(onset: Double, peak: Double)] {
    Signal.bursts(samples, minimumGap: rate / 200).map {
      (Double($0.lowerBound) / Double(rate), Signal.peak(samples[$0]))
    }
  }

  /// Onsets in seconds, within 1.5 frames of `expected` (a transient's first sample is 0).
  static func onsets(_ engine: CHHapticEngine, are expected: [Double]) throws -> Bool {
    let onsets = bursts(try render(engine)).map(\.onset)
    return onsets.count == expected.count && zip(onsets, expected).allSatisfy { abs($0 - $1) <= 1.5 / Double(rate) }
  }

  static func buzz(at time: TimeInterval = 0) throws -> CHHapticPattern {
    let event = CHHapticEvent(
      eventType: .hapticContinuous, parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: 1)],
      relativeTime: time, duration: 0.3)
    return try CHHapticPattern(events: [event], parameters: [])
  }

  static func taps(at times: [TimeInterval]) throws -> CHHapticPattern {
    try CHHapticPattern(
      events: times.map { CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: $0) },
      parameters: [])
  }

  /// A control sent to one player acts on its events only.
  @Test func playersStartAtTheirTimesAndControlsStayWithTheirPlayer() throws {
    let engine = try CHHapticEngine()
    try engine.start()
    let first = try engine.makePlayer(with: Self.buzz())
    let second = try engine.makePlayer(with: Self.buzz())
    try first.start(atTime: CHHapticTimeImmediate)
    try second.start(atTime: engine.currentTime + 1)
    try second.sendParameters(
      [CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 0)], atTime: 1)
    engine.advance(by: 2)
    let bursts = Self.bursts(try Self.render(engine))
    #expect(bursts.count == 2)
    #expect(abs(bursts[0].onset - 0) <= 1 / Double(Self.rate) && abs(bursts[1].onset - 1) <= 1 / Double(Self.rate))
    #expect(abs(bursts[0].peak - 1) < 0.01)  // untouched by the second player's control
    #expect(abs(bursts[1].peak - 0.25) < 0.01)  // (1 × 0.5)²
  }

  @Test func generatorTapsLandAtTheVirtualTimeWithThePresetLevels() throws {
    let engine = try CHHapticEngine()
    OfflineHaptics.$engine.withValue(engine) {
      let impact = UIImpactFeedbackGenerator(style: .heavy)
      impact.prepare()
      impact.impactOccurred()
      engine.advance(by: 0.5)
      UINotificationFeedbackGenerator().notificationOccurred(.error)
      engine.advance(by: 1)
      UISelectionFeedbackGenerator().selectionChanged()
      engine.advance(by: 0.5)
      UIImpactFeedbackGenerator(style: .soft).impactOccurred(intensity: 0.5)
    }
    let bursts = Self.bursts(try Self.render(engine))
    let error = try #require(try PresetCatalog.presets(named: "notification.error").first)
    var expected: [(Double, Double)] = [(0, 1)]
    expected += error.taps.map { (0.5 + $0.time, $0.intensity) }
    expected += [(1.5, 0.6), (2.0, 0.7 * 0.5)]
    #expect(bursts.count == expected.count)
    for (burst, (time, intensity)) in zip(bursts, expected) {
      #expect(abs(burst.onset - time) <= 1.5 / Double(Self.rate), "\(burst.onset) s against \(time) s")
      #expect(abs(burst.peak - intensity * intensity) < 0.02, "peak \(burst.peak) for intensity \(intensity)")
    }
  }

  @Test func advancedPlayersLoopPauseSeekAndChangeSpeed() throws {
    let engine = try CHHapticEngine()
    let looping = try engine.makeAdvancedPlayer(with: Self.taps(at: [0]))
    looping.loopEnabled = true
    looping.loopEnd = 0.5
    try looping.start(atTime: 0)
    engine.advance(by: 1.9)
    try looping.stop(atTime: CHHapticTimeImmediate)
    #expect(try Self.onsets(engine, are: [0, 0.5, 1, 1.5]))

    let paused = try CHHapticEngine()
    let player = try paused.makeAdvancedPlayer(with: Self.taps(at: [0, 1]))
    try player.start(atTime: 0)
    try player.pause(atTime: 0.5)
    try player.resume(atTime: 2)
    paused.advance(by: 4)
    #expect(try Self.onsets(paused, are: [0, 2.5]))

    let fast = try CHHapticEngine()
    let quick = try fast.makeAdvancedPlayer(with: Self.taps(at: [0, 1]))
    quick.playbackRate = 2
    var finished = false
    quick.completionHandler = { _ in finished = true }
    try quick.start(atTime: 0)
    fast.advance(by: 0.4)
    #expect(!finished)
    fast.advance(by: 1)
    #expect(finished)
    #expect(try Self.onsets(fast, are: [0, 0.5]))

    let seeking = try CHHapticEngine()
    let skipper = try seeking.makeAdvancedPlayer(with: Self.taps(at: [0, 1, 2]))
    try skipper.seek(toOffset: 1)
    try skipper.resume(atTime: 0)
    seeking.advance(by: 3)
    #expect(try Self.onsets(seeking, are: [0, 1]))
  }

  /// `notifyWhenPlayersFinished` waits for the last player on the virtual clock, once; asked to,
  /// the engine then stops and says why.
  @Test func finishedHandlersWaitForTheLastPlayer() throws {
    let engine = try CHHapticEngine()
    var reasons: [CHHapticEngine.StoppedReason] = []
    engine.stoppedHandler = { reasons.append($0) }
    try engine.makePlayer(with: Self.taps(at: [0, 1])).start(atTime: 0)
    try engine.makePlayer(with: Self.taps(at: [0])).start(atTime: 1.5)
    var calls: [TimeInterval] = []
    engine.notifyWhenPlayersFinished { error in
      #expect(error == nil)
      calls.append(engine.currentTime)
      return .stopEngine
    }
    engine.advance(by: 1.2)
    #expect(calls.isEmpty)  // the first player has ended, the second not begun
    engine.advance(by: 1)
    #expect(calls == [2.2] && reasons == [.notifyWhenFinished])
    engine.advance(by: 1)
    #expect(calls.count == 1)
    var left = false
    engine.notifyWhenPlayersFinished { _ in
      left = true
      return .leaveEngineRunning
    }
    #expect(left && reasons.count == 1)  // none playing: at once, and the engine left be
    #expect(try Self.onsets(engine, are: [0, 1, 1.5]))

    let looping = try CHHapticEngine()
    let player = try looping.makeAdvancedPlayer(with: Self.taps(at: [0]))
    player.loopEnabled = true
    try player.start(atTime: 0)
    var finished = false
    looping.notifyWhenPlayersFinished { _ in
      finished = true
      return .leaveEngineRunning
    }
    looping.advance(by: 5)
    #expect(!finished)
    try player.stop(atTime: CHHapticTimeImmediate)
    looping.advance(by: 0)
    #expect(finished)
  }

  /// `playPattern(from:)` plays a file, or its bytes, now; bytes that are no pattern throw.
  @Test func patternsPlayFromFilesAndData() throws {
    let url = URL(fileURLWithPath: "\(Locations.samples)/heartbeat.ahap")
    let alone = try RenderedSamples.of { try CHHapticPattern(contentsOf: url).render(to: $0, options: $1) }
    #expect(Signal.peak(alone[...]) > 0.1 && alone.count < 3 * Self.rate)
    let engine = try CHHapticEngine()
    try engine.playPattern(from: url)
    engine.advance(by: 3)
    try engine.playPattern(from: Data(contentsOf: url))
    engine.advance(by: 3)
    let samples = try Self.render(engine)
    #expect(Array(samples[0..<alone.count]) == alone)
    // Played again at 3 s, its carriers have the phase of the engine's clock there: the same
    // onsets and levels, other samples.
    let again = samples[3 * Self.rate..<3 * Self.rate + alone.count]
    #expect(Signal.firstNonZero(Array(again)) == Signal.firstNonZero(alone))
    #expect(abs(Signal.peak(again) - Signal.peak(alone[...])) < 1e-3 * Signal.peak(alone[...]))
    #expect(abs(Signal.rms(again) - Signal.rms(alone[...])) < 0.01 * Signal.rms(alone[...]))
    #expect(throws: CHHapticError.self) { try engine.playPattern(from: Data("{\"Pattern\": 1}".utf8)) }
  }

  @Test func mutedAndStoppedPlayersAreSilentFromThen() throws {
    let engine = try CHHapticEngine()
    let player = try engine.makePlayer(with: Self.taps(at: [0, 1, 2]))
    try player.start(atTime: 0)
    try player.stop(atTime: 1.5)
    let muted = try engine.makePlayer(with: Self.taps(at: [0]))
    muted.isMuted = true
    try muted.start(atTime: 0)
    engine.advance(by: 3)
    #expect(try Self.onsets(engine, are: [0, 1]))
  }

  /// Players that overload together are clipped at full scale; each alone is not touched.
  @Test func overlappingPlayersAreMixedAndClipped() throws {
    let engine = try CHHapticEngine()
    for _ in 0..<2 { try engine.makePlayer(with: Self.buzz()).start(atTime: 0) }
    engine.advance(by: 1)
    let samples = try Self.render(engine)
    #expect(Signal.peak(samples[...]) == 1)
    #expect(samples.filter { abs($0) == 1 }.count > Self.rate / 100)  // the sum (up to 2) held at 1
  }

  /// Players started from many threads at once all land, each at its own time.
  @Test func anEngineTakesPlayersFromManyThreads() async throws {
    let engine = try CHHapticEngine()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<8 {
        group.addTask { try engine.makePlayer(with: Self.taps(at: [0])).start(atTime: 0.25 * Double(index)) }
      }
      try await group.waitForAll()
    }
    engine.advance(by: 2)
    #expect(try Self.onsets(engine, are: (0..<8).map { 0.25 * Double($0) }))
  }

  /// Counts calls from any thread.
  private final class CallCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
  }

  /// Apps set an engine's handlers and settings from any thread: set and read from many at
  /// once while the engine calls its finished handlers, stops and calls its stopped handler,
  /// each keeps a whole value and every handler is called. (Finished handlers waiting together
  /// are called together, and stop the engine once.)
  @Test func handlersAndSettingsFromManyThreads() throws {
    let engine = try CHHapticEngine()
    let (finished, stops) = (CallCount(), CallCount())
    let (threads, rounds) = (8, 500)
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for round in 0..<rounds {
        let on = (thread + round) % 2 == 0
        engine.stoppedHandler = { reason in if reason == .notifyWhenFinished { stops.add() } }
        engine.resetHandler = {}
        engine.playsHapticsOnly = on
        engine.isAutoShutdownEnabled = !on
        engine.isMutedForHaptics = on
        engine.isMutedForAudio = !engine.isMutedForHaptics
        engine.notifyWhenPlayersFinished { _ in
          finished.add()
          return .stopEngine
        }
      }
    }
    #expect(finished.value == threads * rounds)
    #expect(stops.value >= 1 && stops.value <= finished.value)
    engine.isMutedForAudio = true
    engine.playsHapticsOnly = false
    #expect(engine.isMutedForAudio && !engine.playsHapticsOnly)
  }

  /// The session as one pattern: `exportDictionary()` gives its AHAP.
  @Test func theRecordedSessionIsAPattern() throws {
    let engine = try CHHapticEngine()
    try engine.makePlayer(with: Self.taps(at: [0, 0.25])).start(atTime: 0)
    engine.advance(by: 1)
    try engine.makePlayer(with: Self.taps(at: [0])).start(atTime: CHHapticTimeImmediate)
    let session = try engine.recordedPattern
    let events = try #require(try session.exportDictionary()[.pattern] as? [Any])
    #expect(events.count == 3)
    let times = session.pattern.events.map(\.time).sorted()
    #expect(times == [0, 0.25, 1])
  }

  /// The README's example, as written there (the golden file in a temporary folder).
  @Test func theReadmeExampleRuns() throws {
    let folder = try TemporaryFolder()
    let engine = try CHHapticEngine()
    try engine.start()
    let inhale = CHHapticEvent(
      eventType: .hapticContinuous,
      parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: 0.8)],
      relativeTime: 0, duration: 4)
    let swell = CHHapticParameterCurve(
      parameterID: .hapticIntensityControl,
      controlPoints: [.init(relativeTime: 0, value: 0), .init(relativeTime: 4, value: 1)],
      relativeTime: 0)
    let pattern = try CHHapticPattern(events: [inhale], parameterCurves: [swell])
    #expect(throws: Golden.Mismatch.self) { try Golden.verify(pattern, golden: "\(folder.path)/inhale.flac") }
    try Golden.verify(pattern, golden: "\(folder.path)/inhale.flac")

    let player = try engine.makePlayer(with: pattern)
    try player.start(atTime: CHHapticTimeImmediate)
    engine.advance(by: 5)  // the inhale, then a second of rest
    OfflineHaptics.$engine.withValue(engine) {
      UIImpactFeedbackGenerator(style: .soft).impactOccurred(intensity: 0.7)
    }
    engine.advance(by: 1)
    let bursts = Self.bursts(try Self.render(engine))
    #expect(bursts.count == 2 && abs(bursts[1].onset - 5) < 0.001)
    #expect(abs(bursts[1].peak - 0.49 * 0.49) < 0.02)  // the soft preset's 0.7 × 0.7, squared
  }
}
