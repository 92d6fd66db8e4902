import HapticRender
import OfflineCoreHaptics
import Testing
import _HapticRenderTestSupport

@testable import OfflineCoreHapticsExample

/// The suites that measure onsets on the host clock, and the one that runs compilers, one test
/// at a time: no test's load delays another's timers.
@Suite(.serialized) struct HostTimeSuites {}

extension HostTimeSuites {
  /// Engines on the host clock play code that waits in real time (`DispatchQueue.asyncAfter`,
  /// `Timer`, `Task.sleep`, `Thread.sleep`) at the times it waited for; the virtual clock says
  /// when such code lands on one instant. Each test plays three taps 0.15 s apart, fading, as the
  /// breathing app's session-complete signal does, and measures their onsets in the render
  /// relative to each other.
  ///
  /// The times come from the host clock, so a machine too loaded to wake a timer within 10 ms
  /// fails a run: each test tries up to eight times, a little longer apart each time, and keeps the
  /// first run whose taps are 0.15 s apart.
  @Suite struct HostClockTests {
    static let spacing = 0.15
    static let tolerance = 0.010
    /// The session-complete intensities.
    static let intensities: [Double] = [1, 2.0 / 3.0, 1.0 / 3.0]
    /// The peaks of the rigid impact at those intensities: (0.9 × intensity)².
    static let rigidPeaks = intensities.map { (0.9 * $0) * (0.9 * $0) }
    /// The peaks of transients of those intensities: intensity².
    static let tapPeaks = intensities.map { $0 * $0 }

    /// Whether `bursts` are three onsets `spacing` apart (± `tolerance`).
    static func areSpaced(_ bursts: [Measured.Burst]) -> Bool {
      bursts.count == 3
        && zip(bursts, bursts.dropFirst()).allSatisfy { abs($1.onset - $0.onset - spacing) <= tolerance }
    }

    /// Runs before giving up, and the pause after the first that fails (doubled after each, up to
    /// a second).
    static let attempts = 8
    static let pause = 0.1

    static func delay(before attempt: Int) -> Double {
      min(pause * Double(1 << (attempt - 1)), 1)
    }

    /// The bursts of the first of up to ``attempts`` runs of `run` whose taps are spaced.
    static func firstSpaced(
      isolation: isolated (any Actor)? = #isolation, _ run: () async throws -> [Measured.Burst]
    ) async throws -> [Measured.Burst] {
      var bursts: [Measured.Burst] = []
      for attempt in 0..<attempts {
        if attempt > 0 { try await Task.sleep(nanoseconds: UInt64(delay(before: attempt) * 1e9)) }
        bursts = try await run()
        if areSpaced(bursts) { break }
      }
      return bursts
    }

    /// As the asynchronous ``firstSpaced(isolation:_:)``, for code that blocks its thread.
    static func firstSpaced(_ run: () throws -> [Measured.Burst]) rethrows -> [Measured.Burst] {
      var bursts: [Measured.Burst] = []
      for attempt in 0..<attempts {
        if attempt > 0 { Thread.sleep(forTimeInterval: delay(before: attempt)) }
        bursts = try run()
        if areSpaced(bursts) { break }
      }
      return bursts
    }

    /// Three onsets 0.15 s apart (± 10 ms), each quieter than the one before, at `peaks`.
    static func expectSessionComplete(
      _ bursts: [Measured.Burst], peaks: [Double], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
      let described = bursts.map { "\($0.onset) s: \($0.peak)" }
      #expect(bursts.count == 3, "\(described)", sourceLocation: sourceLocation)
      #expect(areSpaced(bursts), "\(described)", sourceLocation: sourceLocation)
      #expect(
        zip(bursts, bursts.dropFirst()).allSatisfy { $1.peak < $0.peak }, "\(described)", sourceLocation: sourceLocation
      )
      for (burst, peak) in zip(bursts, peaks) {
        #expect(abs(burst.peak - peak) < 0.03, "peak \(burst.peak) against \(peak)", sourceLocation: sourceLocation)
      }
    }

    /// The breathing app's class, unchanged: `DispatchQueue.main.asyncAfter` at 0, 0.15 and 0.3 s
    /// with intensities 1, ⅔, ⅓, on an engine bound where the class is made.
    @MainActor @Test func theSessionCompleteSignalPlaysAtItsTimes() async throws {
      let bursts = try await Self.firstSpaced {
        let engine = try CHHapticEngine(clock: .host)
        let breathing = OfflineHaptics.$engine.withValue(engine) { BreathingHapticEngine() }
        breathing.signalSessionComplete()
        try await Task.sleep(nanoseconds: 600_000_000)
        return try Measured.bursts(engine)
      }
      Self.expectSessionComplete(bursts, peaks: Self.rigidPeaks)
    }

    /// A generator between `Task.sleep`s, in a task that binds the engine. (On the main actor,
    /// as app code that taps is, and so that the task resumes on the main thread, whatever work
    /// fills the other threads.)
    @MainActor @Test func generatorTapsBetweenTaskSleepsPlayAtTheirTimes() async throws {
      let bursts = try await Self.firstSpaced {
        let engine = try CHHapticEngine(clock: .host)
        try await OfflineHaptics.$engine.withValue(engine) {
          let impact = UIImpactFeedbackGenerator(style: .rigid)
          impact.prepare()
          for (index, intensity) in Self.intensities.enumerated() {
            if index > 0 { try await Task.sleep(nanoseconds: 150_000_000) }
            impact.impactOccurred(intensity: CGFloat(intensity))
          }
        }
        return try Measured.bursts(engine)
      }
      Self.expectSessionComplete(bursts, peaks: Self.rigidPeaks)
    }

    /// Players started between `Thread.sleep`s.
    @Test func playersStartedBetweenThreadSleepsPlayAtTheirTimes() throws {
      let bursts = try Self.firstSpaced {
        let engine = try CHHapticEngine(clock: .host)
        try engine.start()
        for (index, intensity) in Self.intensities.enumerated() {
          if index > 0 { Thread.sleep(forTimeInterval: Self.spacing) }
          let pattern = try CHHapticPattern(events: [Measured.tap(Float(intensity))], parameters: [])
          try engine.makePlayer(with: pattern).start(atTime: CHHapticTimeImmediate)
        }
        return try Measured.bursts(engine)
      }
      Self.expectSessionComplete(bursts, peaks: Self.tapPeaks)
    }

    /// A repeating `Timer` on the test thread's run loop.
    @Test func timerTicksPlayAtTheirTimes() throws {
      let bursts = try Self.firstSpaced { try Self.timerTicks() }
      Self.expectSessionComplete(bursts, peaks: Self.tapPeaks)
    }

    private static func timerTicks() throws -> [Measured.Burst] {
      let engine = try CHHapticEngine(clock: .host)
      let patterns = try intensities.map { try CHHapticPattern(events: [Measured.tap(Float($0))], parameters: []) }
      let ticks = Guarded(patterns[...])
      let timer = Timer(timeInterval: spacing, repeats: true) { timer in
        guard let pattern = ticks.withLock({ $0.popFirst() }) else { return timer.invalidate() }
        try? engine.makePlayer(with: pattern).start(atTime: CHHapticTimeImmediate)
      }
      RunLoop.current.add(timer, forMode: .default)
      RunLoop.current.run(until: Date().addingTimeInterval(4 * spacing + 0.1))
      timer.invalidate()
      return try Measured.bursts(engine)
    }

    /// On the host clock a completion handler, then the finished handler, run once the player has
    /// played to its end, on their own; asked to, the engine stops and says why.
    @Test func handlersRunWhenPlayersEnd() throws {
      let engine = try CHHapticEngine(clock: .host)
      let buzz = CHHapticEvent(
        eventType: .hapticContinuous, parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: 1)],
        relativeTime: 0, duration: 0.2)
      let pattern = try CHHapticPattern(events: [buzz], parameters: [])
      let player = try engine.makeAdvancedPlayer(with: pattern)
      let times = Guarded<[String: TimeInterval]>([:])
      let stopped = DispatchSemaphore(value: 0)
      player.completionHandler = { _ in times.withLock { $0["completion"] = engine.currentTime } }
      engine.stoppedHandler = { reason in
        times.withLock { $0["stopped"] = reason == .notifyWhenFinished ? engine.currentTime : -1 }
        stopped.signal()
      }
      let start = engine.currentTime
      try player.start(atTime: CHHapticTimeImmediate)
      engine.notifyWhenPlayersFinished { _ in
        times.withLock { $0["finished"] = engine.currentTime }
        return .stopEngine
      }
      #expect(stopped.wait(timeout: .now() + 5) == .success)
      let end = start + pattern.duration
      let recorded = times.withLock { $0 }
      for name in ["completion", "finished", "stopped"] {
        let time = try #require(recorded[name], "\(name) never ran")
        #expect(time >= end && time < end + 0.25, "\(name) at \(time) s; the player ends at \(end) s")
      }
      let bursts = try Measured.bursts(engine)
      #expect(bursts.count == 1 && abs(bursts[0].peak - 1) < 0.01)
    }

    /// `advance(by:)` cannot move the host clock: it waits instead, so code written for the
    /// virtual clock plays the same.
    @Test func advanceWaitsOnTheHostClock() throws {
      let engine = try CHHapticEngine(clock: .host)
      #expect(engine.clock == .host)
      let pattern = try CHHapticPattern(events: [Measured.tap(1)], parameters: [])
      try engine.makePlayer(with: pattern).start(atTime: CHHapticTimeImmediate)
      let before = engine.currentTime
      engine.advance(by: 0.2)
      #expect(engine.currentTime - before >= 0.2)
      try engine.makePlayer(with: pattern).start(atTime: CHHapticTimeImmediate)
      let bursts = try Measured.bursts(engine)
      #expect(bursts.count == 2 && bursts[1].onset - bursts[0].onset >= 0.2)
      #expect(try CHHapticEngine().clock == .virtual, "engines are virtual unless chosen")
    }
  }
}
