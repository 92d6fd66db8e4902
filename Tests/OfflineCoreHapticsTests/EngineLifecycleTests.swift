import OfflineCoreHaptics
import Testing
import _HapticRenderTestSupport

/// An engine made as Apple's samples make it, with the audio session configured around it, and
/// started and stopped with `async` calls.
@Suite struct EngineLifecycleTests {
  /// A 2 s buzz at full intensity.
  static func buzz() throws -> CHHapticPattern {
    let buzz = CHHapticEvent(
      eventType: .hapticContinuous, parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: 1)],
      relativeTime: 0, duration: 2)
    return try CHHapticPattern(events: [buzz], parameters: [])
  }

  /// Plays the buzz on `engine` and stops the engine after half a second with `stop`.
  static func buzzStopped(on engine: CHHapticEngine, by stop: (CHHapticEngine) async throws -> Void) async throws
    -> [Float]
  {
    try engine.makePlayer(with: buzz()).start(atTime: CHHapticTimeImmediate)
    engine.advance(by: 0.5)
    try await stop(engine)
    engine.advance(by: 2)
    return try Measured.samples(engine)
  }

  /// The category, mode and activation calls apps make around haptics are accepted and change
  /// nothing in the sound: the engine plays as one made without a session.
  @Test func anEngineOnTheSharedAudioSessionSoundsAsAnyOther() async throws {
    let session = AVAudioSession.sharedInstance()
    try session.setCategory(.playback, mode: .default, options: [.mixWithOthers, .duckOthers])
    try session.setCategory(.ambient, options: .mixWithOthers)
    try session.setCategory(.ambient)
    try session.setMode(.default)
    try session.setAllowHapticsAndSystemSoundsDuringRecording(true)
    try session.setActive(true)
    #expect(session.category == .ambient && session.mode == .default && session.isActive)
    #expect(session.allowHapticsAndSystemSoundsDuringRecording && !session.isOtherAudioPlaying)

    let withSession = try CHHapticEngine(audioSession: .sharedInstance())
    try await withSession.start()
    let withoutSession = try CHHapticEngine(audioSession: nil)
    try await withoutSession.start()
    let tap = try CHHapticPattern(events: [Measured.tap(0.8, at: 0.25)], parameters: [])
    for engine in [withSession, withoutSession] {
      try engine.makePlayer(with: tap).start(atTime: CHHapticTimeImmediate)
      engine.advance(by: 1)
    }
    let samples = try Measured.samples(withSession)
    #expect(samples == (try Measured.samples(withoutSession)))
    #expect(Measured.onsets(Measured.bursts(samples), are: [0.25]))
    try await withSession.stop()
    try await withoutSession.stop()
    try session.setActive(false, options: .notifyOthersOnDeactivation)
    #expect(!session.isActive)
  }

  /// `try await engine.stop()` stops every player then, as `stop(completionHandler:)` does: the
  /// buzz ends half a second in, with its release, instead of after 2 s.
  @Test func asyncStopStopsThePlayers() async throws {
    let engine = try CHHapticEngine()
    // Core Haptics' declarations, not `start(completionHandler:)` and `stop(completionHandler:)`
    // called with `await` for nothing:
    let start: () async throws -> Void = engine.start
    let stop: () async throws -> Void = engine.stop
    try await start()
    let stopped = try await Self.buzzStopped(on: engine) { _ in try await stop() }
    let handled = try await Self.buzzStopped(on: CHHapticEngine()) { engine in
      await withCheckedContinuation { continuation in
        engine.stop { error in
          #expect(error == nil)
          continuation.resume()
        }
      }
    }
    #expect(stopped == handled)
    let end = Double(try #require(Signal.lastNonZero(stopped))) / Double(Measured.rate)
    #expect(end > 0.5 && end < 0.6, "the buzz ends at \(end) s")
    let playing = Signal.rms(stopped[Measured.rate / 4..<Measured.rate / 2][...])
    #expect(playing > 0.5, "RMS \(playing) while it plays")
  }
}
