import Foundation
import HapticRender

/// An offline Core Haptics engine: players record what they play on the engine's clock, and
/// ``render(to:options:)`` writes everything played so far.
///
/// The clock is virtual unless chosen otherwise (``OfflineHaptics/Clock``): ``currentTime``
/// starts at 0 and moves only with ``advance(by:)``. On the host clock it follows the system's
/// monotonic time from the engine's creation, as a device's does, and completion and finished
/// handlers are called on a background queue when their time comes. Every method and property is
/// safe to use from several threads at once, as on a device, where handlers and settings are set
/// from any thread: each holds the engine's lock while it runs, and handlers are called without it
/// (so a handler may use the engine).
open class CHHapticEngine: @unchecked Sendable {
  /// Why an engine stopped.
  public enum StoppedReason: Int, Sendable {
    case audioSessionInterrupt = 1
    case applicationSuspended, idleTimeout, notifyWhenFinished, engineDestroyed,
      gameControllerDisconnect
    case systemError = -1
  }

  /// What the engine does once every player has finished, as a ``FinishedHandler`` asks.
  public enum FinishedAction: Int, Sendable {
    case stopEngine = 1
    case leaveEngineRunning = 2
  }

  public typealias StoppedHandler = (StoppedReason) -> Void
  public typealias ResetHandler = () -> Void
  public typealias CompletionHandler = (Error?) -> Void
  public typealias FinishedHandler = (Error?) -> FinishedAction

  private let lock = NSLock()
  private var keeper: EngineClock
  /// The engine time of the next check for players that finished (host clock), if one waits.
  private var nextWakeUp: TimeInterval?
  /// Every player made, in order. This and every property below are guarded by the lock.
  var players: [OfflinePatternPlayer] = []
  /// The players that may be playing (a superset, pruned by ``admit(_:at:)``).
  var playing: [OfflinePatternPlayer] = []
  /// Players made with `makePlayer`, `makeAdvancedPlayer` or `playPattern`, which number them.
  private var madePlayerCount = 0
  /// The recording's warnings printed so far, each printed once.
  var printedWarnings: Set<String> = []
  private var isRunning = false
  /// Handlers waiting for every player to finish, in the order given.
  private var finishedHandlers: [FinishedHandler] = []
  /// The public handlers and settings, reached through the lock.
  private var settings = Settings()

  private struct Settings {
    var stoppedHandler: StoppedHandler = { _ in }
    var resetHandler: ResetHandler = {}
    var playsHapticsOnly = false
    var playsAudioOnly = false
    var isAutoShutdownEnabled = false
    var isMutedForHaptics = false
    var isMutedForAudio = false
  }

  /// One of ``settings``, read or written under the lock.
  private subscript<Value>(setting key: WritableKeyPath<Settings, Value>) -> Value {
    get { withLock { _ in settings[keyPath: key] } }
    set { withLock { _ in settings[keyPath: key] = newValue } }
  }

  /// Called when the engine stops by itself (``notifyWhenPlayersFinished(finishedHandler:)``).
  public var stoppedHandler: StoppedHandler {
    get { self[setting: \.stoppedHandler] }
    set { self[setting: \.stoppedHandler] = newValue }
  }

  /// Accepted and kept; an offline engine is never reset.
  public var resetHandler: ResetHandler {
    get { self[setting: \.resetHandler] }
    set { self[setting: \.resetHandler] = newValue }
  }

  /// Accepted and kept; audio events are rendered either way (use a layout to leave them out).
  public var playsHapticsOnly: Bool {
    get { self[setting: \.playsHapticsOnly] }
    set { self[setting: \.playsHapticsOnly] = newValue }
  }

  /// Accepted and kept; haptic events are rendered either way (use a layout to leave them out).
  public var playsAudioOnly: Bool {
    get { self[setting: \.playsAudioOnly] }
    set { self[setting: \.playsAudioOnly] = newValue }
  }

  /// Accepted and kept; the engine stops only when asked or when a finished handler says so.
  public var isAutoShutdownEnabled: Bool {
    get { self[setting: \.isAutoShutdownEnabled] }
    set { self[setting: \.isAutoShutdownEnabled] = newValue }
  }

  /// Accepted and kept; mute a player (``CHHapticPatternPlayer/isMuted``) to silence it.
  public var isMutedForHaptics: Bool {
    get { self[setting: \.isMutedForHaptics] }
    set { self[setting: \.isMutedForHaptics] = newValue }
  }

  /// Accepted and kept; mute a player (``CHHapticPatternPlayer/isMuted``) to silence it.
  public var isMutedForAudio: Bool {
    get { self[setting: \.isMutedForAudio] }
    set { self[setting: \.isMutedForAudio] = newValue }
  }

  /// An engine on the clock `clock` (an addition of `OfflineCoreHaptics`).
  public init(clock: OfflineHaptics.Clock) throws {
    keeper = EngineClock(clock)
  }

  /// An engine on ``OfflineHaptics/clock``.
  public convenience init() throws {
    try self.init(clock: OfflineHaptics.clock)
  }

  /// An engine on ``OfflineHaptics/clock``; the audio session is accepted and not used offline.
  public convenience init(audioSession: AVAudioSession?) throws {
    try self.init(clock: OfflineHaptics.clock)
  }

  /// What the (virtual) hardware supports: haptics and audio.
  public static func capabilitiesForHardware() -> any CHHapticDeviceCapability {
    OfflineCapability()
  }

  /// Seconds since the engine was made: on the virtual clock, moved by ``advance(by:)`` only; on
  /// the host clock, as the system's monotonic clock moves.
  public var currentTime: TimeInterval { withLock { $0 } }

  /// The clock this engine keeps (an addition of `OfflineCoreHaptics`).
  public var clock: OfflineHaptics.Clock { withLock { _ in keeper.kind } }

  public func start() throws {
    withLock { _ in isRunning = true }
  }

  public func start(completionHandler: CompletionHandler? = nil) {
    withLock { _ in isRunning = true }
    completionHandler?(nil)
  }

  /// Starts the engine; `try await engine.start()`.
  public func start() async throws {
    start(completionHandler: nil)
  }

  /// Stops every player now; `try await engine.stop()`.
  public func stop() async throws {
    stop(completionHandler: nil)
  }

  /// Stops every player now.
  public func stop(completionHandler: CompletionHandler? = nil) {
    withLock { now in
      isRunning = false
      for player in players { player.timeline.stop(at: now) }
    }
    completionHandler?(nil)
  }

  /// Calls `finishedHandler` once no player is playing: at once when none is, else when the
  /// clock passes the end of the last one (by ``advance(by:)`` on the virtual clock; a looping
  /// player never ends by itself). When it returns ``FinishedAction/stopEngine``, the engine
  /// stops and calls ``stoppedHandler`` with ``StoppedReason/notifyWhenFinished``.
  public func notifyWhenPlayersFinished(finishedHandler: @escaping FinishedHandler) {
    withLock { _ in finishedHandlers.append(finishedHandler) }
    notifyIfPlayersFinished()
  }

  /// Calls the waiting ``FinishedHandler``s when no player is playing, and stops the engine when
  /// one of them asks to.
  private func notifyIfPlayersFinished() {
    let handlers = withLock { _ -> [FinishedHandler] in
      guard !players.contains(where: \.timeline.isPlaying) else { return [] }
      defer { finishedHandlers = [] }
      return finishedHandlers
    }
    guard !handlers.isEmpty else { return }
    let actions = handlers.map { $0(nil) }
    if actions.contains(.stopEngine) {
      stop()
      stoppedHandler(.notifyWhenFinished)
    }
  }

  public func makePlayer(with pattern: CHHapticPattern) throws -> any CHHapticPatternPlayer {
    add(OfflinePatternPlayer(engine: self, pattern: pattern), numberedAs: "makePlayer(with:)")
  }

  public func makeAdvancedPlayer(with pattern: CHHapticPattern) throws -> any CHHapticAdvancedPatternPlayer {
    add(OfflinePatternPlayer(engine: self, pattern: pattern), numberedAs: "makeAdvancedPlayer(with:)")
  }

  /// Plays the AHAP file at `url` now.
  ///
  /// - Throws: ``CHHapticError``, also when ``maximumPlayingPlayers`` play already.
  public func playPattern(from url: URL) throws {
    let time = currentTime
    let player = OfflinePatternPlayer(engine: self, pattern: try CHHapticPattern(contentsOf: url))
    try add(player, numberedAs: "playPattern(from: \(url.lastPathComponent))").start(calledAt: time)
  }

  /// Plays the AHAP text `data` (a file's bytes) now.
  ///
  /// - Throws: ``CHHapticError``, also when ``maximumPlayingPlayers`` play already.
  public func playPattern(from data: Data) throws {
    let time = currentTime
    let player = OfflinePatternPlayer(engine: self, pattern: try CHHapticPattern(data: data))
    try add(player, numberedAs: "playPattern(from:)").start(calledAt: time)
  }

  /// Plays `pattern` from engine time `time`, when the call that made it began (not later, when
  /// the pattern is ready), on a player named `name` in the recording's warnings; when
  /// ``maximumPlayingPlayers`` play already, prints a warning instead.
  func play(_ pattern: CHHapticPattern, calledAt time: TimeInterval, by name: String) {
    let player = OfflinePatternPlayer(engine: self, pattern: pattern, name: name)
    withLock { _ in players.append(player) }
    do {
      try player.start(calledAt: time)
    } catch {
      OfflineHaptics.warn("\(name) was not played: \(error)")
    }
  }

  /// Adds `player`, named `player N (call)` in the recording's warnings for the `N`th player the
  /// app made.
  private func add(_ player: OfflinePatternPlayer, numberedAs call: String) -> OfflinePatternPlayer {
    withLock { _ in
      madePlayerCount += 1
      player.name = "player \(madePlayerCount) (\(call))"
      players.append(player)
    }
    return player
  }

  /// Registers an audio file for `CHHapticEvent(audioResourceID:…)`.
  public func registerAudioResource(_ resourceURL: URL, options: [AnyHashable: Any] = [:]) throws
    -> CHHapticAudioResourceID
  {
    guard FileManager.default.isReadableFile(atPath: resourceURL.path) else {
      throw CHHapticError(.fileNotFound, "cannot read audio resource '\(resourceURL.path)'")
    }
    return AudioResources.shared.register(resourceURL)
  }

  public func unregisterAudioResource(_ resourceID: CHHapticAudioResourceID) throws {
    AudioResources.shared.unregister(resourceID)
  }

  /// Moves the virtual clock on by `seconds`; players that run out of pattern on the way finish
  /// and call their completion handlers (`advance(by: 0)` only does that). On the host clock,
  /// which cannot be moved, waits `seconds` instead, so code written for either clock plays the
  /// same. Seconds that are NaN, infinite or negative move nothing. An addition of
  /// `OfflineCoreHaptics`.
  public func advance(by seconds: TimeInterval) {
    let seconds = seconds.isFinite ? max(seconds, 0) : 0
    let waits = withLock { _ in
      if keeper.kind == .virtual { keeper.advance(by: seconds) }
      return keeper.kind == .host
    }
    if waits && seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
    settle()
  }

  /// Ends the players that ran out of pattern by now, calls their completion handlers, then the
  /// finished handlers when no player is left playing; `wakeUp` is the time of the scheduled
  /// check that runs it, if one does.
  private func settle(wakeUp: TimeInterval? = nil) {
    let handlers = withLock { now in
      if let wakeUp, nextWakeUp == wakeUp { nextWakeUp = nil }
      return players.compactMap { $0.finish(before: now) }
    }
    for handler in handlers { handler(nil) }
    notifyIfPlayersFinished()
  }

  /// Goes on from the current time on the clock `kind` (the shared engine, when
  /// ``OfflineHaptics/clock`` is set).
  func switchClock(to kind: OfflineHaptics.Clock) {
    withLock { _ in keeper.switchTo(kind) }
  }

  /// `time` as an engine time: now for ``CHHapticTimeImmediate`` or a time already past. Called
  /// holding the lock, by the calls that play or change something at that time; on the virtual
  /// clock, such calls at one instant far apart in real time print a warning (once).
  func resolve(_ time: TimeInterval, now: TimeInterval) -> TimeInterval {
    if time <= now, let warning = keeper.noteImmediateCall() { OfflineHaptics.warn(warning) }
    return max(time, now)
  }

  /// Runs `body` with the current time, holding the engine's lock. On the host clock, then makes
  /// sure a check runs when the next player runs out of pattern, or at once when finished
  /// handlers wait and no player plays, so that handlers are called at their time.
  func withLock<Result>(_ body: (TimeInterval) throws -> Result) rethrows -> Result {
    lock.lock()
    defer {
      if keeper.kind == .host { scheduleWakeUp() }
      lock.unlock()
    }
    return try body(keeper.now)
  }

  /// Schedules ``settle()`` for the next time a player runs out of pattern (host clock; called
  /// holding the lock). One check waits at a time, unless an earlier one is needed.
  private func scheduleWakeUp() {
    let now = keeper.now
    var next = players.compactMap(\.timeline.naturalEnd).min()
    if !finishedHandlers.isEmpty && !players.contains(where: \.timeline.isPlaying) { next = now }
    guard let next, nextWakeUp.map({ next < $0 }) ?? true else { return }
    nextWakeUp = next
    Self.handlerQueue.asyncAfter(deadline: .now() + max(next - now, 0)) { [weak self] in
      self?.settle(wakeUp: next)
    }
  }

  /// Where handlers run on the host clock: a queue of its own, which gets a thread when its time
  /// comes even while work that blocks fills the global queues' threads.
  private static let handlerQueue = DispatchQueue(label: "OfflineCoreHaptics.CHHapticEngine.handlers")
}
