import Foundation

/// Plays one pattern on an engine; times are engine times (``CHHapticTimeImmediate`` and times
/// past: now). A time that is NaN, infinite or negative throws
/// ``CHHapticError/Code/invalidTime``.
public protocol CHHapticPatternPlayer: AnyObject {
  func start(atTime time: TimeInterval) throws
  func stop(atTime time: TimeInterval) throws
  /// Sends controls that act on this player's events; each one's `relativeTime` counts from `time`.
  func sendParameters(_ parameters: [CHHapticDynamicParameter], atTime time: TimeInterval) throws
  /// Schedules a curve that acts on this player's events; its `relativeTime` counts from `time`.
  func scheduleParameterCurve(_ parameterCurve: CHHapticParameterCurve, atTime time: TimeInterval) throws
  /// Stops at once.
  func cancel() throws
  var isMuted: Bool { get set }
}

/// A player that can also loop, pause, seek and change speed.
public protocol CHHapticAdvancedPatternPlayer: CHHapticPatternPlayer {
  typealias CompletionHandler = (Error?) -> Void

  func pause(atTime time: TimeInterval) throws
  func resume(atTime time: TimeInterval) throws
  /// Moves playback to `offset` seconds (≥ 0) into the pattern; in a loop, to where looping
  /// reaches it.
  func seek(toOffset offset: TimeInterval) throws
  var loopEnabled: Bool { get set }
  /// Seconds into the pattern where a loop starts over; 0 means the pattern's duration. A value
  /// that is NaN, infinite or negative is ignored.
  var loopEnd: TimeInterval { get set }
  /// Pattern seconds per engine second, clamped to ``CHHapticEngine/playbackRates``; NaN and
  /// rates ≤ 0 are ignored.
  var playbackRate: Float { get set }
  /// Called once when playback runs out of pattern: by ``CHHapticEngine/advance(by:)`` on the
  /// virtual clock, on a background queue at that time on the host clock.
  var completionHandler: CompletionHandler? { get set }
}

/// The engine's player: both protocols, recording into a ``PlaybackTimeline``.
final class OfflinePatternPlayer: CHHapticAdvancedPatternPlayer, @unchecked Sendable {
  private unowned let engine: CHHapticEngine
  /// This and every property below are guarded by the engine's lock.
  var timeline: PlaybackTimeline
  /// The player in the recording's warnings (``CHHapticEngine/Recording/Warning/player``).
  var name: String
  private var pausedPosition: Double?
  private var muted = false
  private var loops = false
  private var loopEndSeconds: TimeInterval = 0
  private var rate: Float = 1
  private var completion: CompletionHandler?

  init(engine: CHHapticEngine, pattern: CHHapticPattern, name: String = "") {
    self.engine = engine
    timeline = PlaybackTimeline(pattern: pattern.loaded)
    self.name = name
  }

  func start(atTime time: TimeInterval) throws {
    let time = try CHHapticEngine.checked(time, in: "start(atTime:)")
    try engine.withLock { now in try admitted(at: engine.resolve(time, now: now), from: 0) }
  }

  /// Starts now, for a call that began at engine time `time`, before the pattern it plays was
  /// made (a generator's preset, a file read): the sound starts when the call did.
  ///
  /// - Throws: ``CHHapticError/Code/resourceNotAvailable`` as ``admitted(at:from:)``.
  func start(calledAt time: TimeInterval) throws {
    try engine.withLock { now in try admitted(at: min(engine.resolve(time, now: now), time), from: 0) }
  }

  func stop(atTime time: TimeInterval) throws {
    let time = try CHHapticEngine.checked(time, in: "stop(atTime:)")
    engine.withLock { now in
      timeline.stop(at: engine.resolve(time, now: now))
      pausedPosition = nil
    }
  }

  func sendParameters(_ parameters: [CHHapticDynamicParameter], atTime time: TimeInterval) throws {
    let time = try CHHapticEngine.checked(time, in: "sendParameters(_:atTime:)")
    try engine.withLock { now in
      for parameter in parameters { try timeline.send(parameter, at: engine.resolve(time, now: now)) }
    }
  }

  func scheduleParameterCurve(_ parameterCurve: CHHapticParameterCurve, atTime time: TimeInterval) throws {
    let time = try CHHapticEngine.checked(time, in: "scheduleParameterCurve(_:atTime:)")
    try engine.withLock { now in try timeline.schedule(parameterCurve, at: engine.resolve(time, now: now)) }
  }

  func cancel() throws {
    try stop(atTime: CHHapticTimeImmediate)
  }

  var isMuted: Bool {
    get { engine.withLock { _ in muted } }
    set { change { muted = newValue } }
  }

  func pause(atTime time: TimeInterval) throws {
    let time = try CHHapticEngine.checked(time, in: "pause(atTime:)")
    engine.withLock { now in
      let at = engine.resolve(time, now: now)
      guard timeline.isPlaying else { return }
      pausedPosition = timeline.patternPosition(at: at)
      timeline.stop(at: at)
    }
  }

  func resume(atTime time: TimeInterval) throws {
    let time = try CHHapticEngine.checked(time, in: "resume(atTime:)")
    try engine.withLock { now in
      guard let position = pausedPosition else { return }
      try admitted(at: engine.resolve(time, now: now), from: position)
    }
  }

  func seek(toOffset offset: TimeInterval) throws {
    let offset = try CHHapticEngine.checked(offset, in: "seek(toOffset:)")
    try engine.withLock { now in
      if timeline.isPlaying {
        try admitted(at: now, from: offset)
      } else {
        pausedPosition = offset
      }
    }
  }

  var loopEnabled: Bool {
    get { engine.withLock { _ in loops } }
    set { change { loops = newValue } }
  }

  var loopEnd: TimeInterval {
    get { engine.withLock { _ in loopEndSeconds } }
    set { change { loopEndSeconds = newValue.isFinite && newValue >= 0 ? newValue : loopEndSeconds } }
  }

  var playbackRate: Float {
    get { engine.withLock { _ in rate } }
    set {
      let rates = CHHapticEngine.playbackRates
      change { rate = newValue > 0 ? min(max(newValue, rates.lowerBound), rates.upperBound) : rate }
    }
  }

  var completionHandler: CompletionHandler? {
    get { engine.withLock { _ in completion } }
    set { engine.withLock { _ in completion = newValue } }
  }

  /// Changes a setting from now on: the running segment ends and a new one goes on from the
  /// same place with the new setting (a start scheduled ahead keeps its time and takes the
  /// setting).
  private func change(_ setting: () -> Void) {
    engine.withLock { now in
      setting()
      guard let start = timeline.playingSince else { return }
      let time = max(now, start)
      guard let position = timeline.patternPosition(at: time) else { return }
      play(at: time, from: position)
    }
  }

  /// ``play(at:from:)`` once the engine lets this player play (``CHHapticEngine/admit(_:at:)``);
  /// called holding the engine's lock.
  ///
  /// - Throws: ``CHHapticError/Code/resourceNotAvailable`` when
  ///   ``CHHapticEngine/maximumPlayingPlayers`` others play.
  private func admitted(at time: Double, from position: Double) throws(CHHapticError) {
    try engine.admit(self, at: time)
    play(at: time, from: position)
  }

  /// Starts a segment at engine time `time` from `position` seconds into the pattern.
  private func play(at time: Double, from position: Double) {
    pausedPosition = nil
    timeline.start(
      at: time, from: position, rate: Double(rate), isMuted: muted,
      loopLength: loops ? (loopEndSeconds > 0 ? loopEndSeconds : timeline.patternDuration) : nil)
  }

  /// Called by the engine as virtual time passes: ends playback that ran out of pattern and
  /// reports the completion.
  func finish(before time: Double) -> CompletionHandler? {
    guard let end = timeline.naturalEnd, end <= time else { return nil }
    timeline.stop(at: end)
    return completion
  }
}
