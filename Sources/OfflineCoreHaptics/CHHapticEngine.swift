import Foundation
import HapticRender

/// An offline Core Haptics engine: players record what they play on a virtual clock, and
/// ``render(to:options:)`` writes everything played so far.
///
/// Time is virtual: ``currentTime`` starts at 0 and moves only with ``advance(by:)``. Every
/// method and property is safe to use from several threads at once, as on a device, where
/// handlers and settings are set from any thread: each holds the engine's lock while it runs,
/// and handlers are called without it (so a handler may use the engine).
public final class CHHapticEngine: @unchecked Sendable {
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
  private var now: TimeInterval = 0
  private var players: [OfflinePatternPlayer] = []
  private var isRunning = false
  /// Handlers waiting for every player to finish, in the order given.
  private var finishedHandlers: [FinishedHandler] = []
  /// The public handlers and settings, reached through the lock.
  private var settings = Settings()

  private struct Settings {
    var stoppedHandler: StoppedHandler = { _ in }
    var resetHandler: ResetHandler = {}
    var playsHapticsOnly = false
    var isAutoShutdownEnabled = false
    var isMutedForHaptics = false
    var isMutedForAudio = false
  }

  /// Called when the engine stops by itself (``notifyWhenPlayersFinished(finishedHandler:)``).
  public var stoppedHandler: StoppedHandler {
    get { withLock { _ in settings.stoppedHandler } }
    set { withLock { _ in settings.stoppedHandler = newValue } }
  }

  /// Accepted and kept; an offline engine is never reset.
  public var resetHandler: ResetHandler {
    get { withLock { _ in settings.resetHandler } }
    set { withLock { _ in settings.resetHandler = newValue } }
  }

  /// Accepted and kept; audio events are rendered either way (use a layout to leave them out).
  public var playsHapticsOnly: Bool {
    get { withLock { _ in settings.playsHapticsOnly } }
    set { withLock { _ in settings.playsHapticsOnly = newValue } }
  }

  /// Accepted and kept; the engine stops only when asked or when a finished handler says so.
  public var isAutoShutdownEnabled: Bool {
    get { withLock { _ in settings.isAutoShutdownEnabled } }
    set { withLock { _ in settings.isAutoShutdownEnabled = newValue } }
  }

  /// Accepted and kept; mute a player (``CHHapticPatternPlayer/isMuted``) to silence it.
  public var isMutedForHaptics: Bool {
    get { withLock { _ in settings.isMutedForHaptics } }
    set { withLock { _ in settings.isMutedForHaptics = newValue } }
  }

  /// Accepted and kept; mute a player (``CHHapticPatternPlayer/isMuted``) to silence it.
  public var isMutedForAudio: Bool {
    get { withLock { _ in settings.isMutedForAudio } }
    set { withLock { _ in settings.isMutedForAudio = newValue } }
  }

  public init() throws {}

  /// What the (virtual) hardware supports: haptics and audio.
  public static func capabilitiesForHardware() -> any CHHapticDeviceCapability {
    OfflineCapability()
  }

  /// Seconds since the engine was made, moved by ``advance(by:)`` only.
  public var currentTime: TimeInterval { withLock { $0 } }

  public func start() throws {
    withLock { _ in isRunning = true }
  }

  public func start(completionHandler: CompletionHandler? = nil) {
    withLock { _ in isRunning = true }
    completionHandler?(nil)
  }

  /// Stops every player now.
  public func stop(completionHandler: CompletionHandler? = nil) {
    withLock { now in
      isRunning = false
      for player in players { player.timeline.stop(at: now) }
    }
    completionHandler?(nil)
  }

  /// Calls `finishedHandler` once no player is playing: at once when none is, else when
  /// ``advance(by:)`` brings the clock past the end of the last one (a looping player never
  /// ends by itself). When it returns ``FinishedAction/stopEngine``, the engine stops and calls
  /// ``stoppedHandler`` with ``StoppedReason/notifyWhenFinished``.
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
    try makeAdvancedPlayer(with: pattern)
  }

  public func makeAdvancedPlayer(with pattern: CHHapticPattern) throws -> any CHHapticAdvancedPatternPlayer {
    let player = OfflinePatternPlayer(engine: self, pattern: pattern)
    withLock { _ in players.append(player) }
    return player
  }

  /// Plays the AHAP file at `url` now.
  public func playPattern(from url: URL) throws {
    try makePlayer(with: CHHapticPattern(contentsOf: url)).start(atTime: CHHapticTimeImmediate)
  }

  /// Plays the AHAP text `data` (a file's bytes) now.
  public func playPattern(from data: Data) throws {
    try makePlayer(with: CHHapticPattern(data: data)).start(atTime: CHHapticTimeImmediate)
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

  /// Moves the virtual clock on by `seconds` (≥ 0); players that run out of pattern on the way
  /// finish and call their completion handlers.
  public func advance(by seconds: TimeInterval) {
    let handlers = withLock { now -> [OfflinePatternPlayer.CompletionHandler] in
      self.now = now + max(seconds, 0)
      return players.compactMap { $0.finish(before: self.now) }
    }
    for handler in handlers { handler(nil) }
    notifyIfPlayersFinished()
  }

  /// Everything played so far as one pattern (a loop still running ends now). Controls sent to
  /// one player act on every event in a single pattern; ``render(to:options:)`` keeps them apart.
  public var recordedPattern: CHHapticPattern {
    let patterns = playedPatterns()
    var merged = LoadedPattern(Pattern(version: 1))
    for pattern in patterns {
      merged.events += pattern.events
      merged.parameters += pattern.parameters
      merged.curves += pattern.curves
      merged.waveforms.merge(pattern.waveforms) { first, _ in first }
    }
    return CHHapticPattern(merged)
  }

  /// Writes everything played so far, tails included; the format comes from the extension.
  /// Each player is rendered with its own controls and the players are mixed (clipped at full
  /// scale where they overload together).
  public func render(to url: URL, options: RenderOptions = RenderOptions()) throws {
    var mix = try MixedSource(playedPatterns(), options: options)
    let writer = try AudioFileWriter(
      to: .file(url.path), format: try AudioFileFormat(path: url.path), sampleRate: options.sampleRate,
      channelCount: mix.channelCount)
    var block = AudioBlock(channelCount: mix.channelCount, capacity: options.blockSize)
    while try mix.read(into: &block) { try writer.write(block) }
    try writer.finish()  // on an error before this, the writer removes its temporary file
  }

  private func playedPatterns() -> [LoadedPattern] {
    withLock { now in players.map { $0.timeline.playedPattern(until: now) } }
  }

  /// `time` as an engine time: now for ``CHHapticTimeImmediate`` or a time already past.
  func resolve(_ time: TimeInterval, now: TimeInterval) -> TimeInterval {
    max(time, now)
  }

  /// Runs `body` with the current time, holding the engine's lock.
  func withLock<Result>(_ body: (TimeInterval) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(now)
  }
}

/// What a device can do.
public protocol CHHapticDeviceCapability {
  var supportsHaptics: Bool { get }
  var supportsAudio: Bool { get }
}

private struct OfflineCapability: CHHapticDeviceCapability {
  var supportsHaptics: Bool { true }
  var supportsAudio: Bool { true }
}
