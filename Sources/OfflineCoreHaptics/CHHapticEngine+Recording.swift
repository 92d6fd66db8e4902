import Foundation
import HapticRender

/// What an engine played, as a pattern and as audio (additions of `OfflineCoreHaptics`).
extension CHHapticEngine {
  /// Everything played so far as one pattern (a loop still running ends now), each player's
  /// controls baked into its own events where AHAP can say so, and the events it plays
  /// otherwise than the engine did (an addition of `OfflineCoreHaptics`).
  ///
  /// Each player's pattern is scheduled once (at 48 kHz) for how long its events sound.
  ///
  /// - Throws: ``CHHapticError/Code/resourceNotAvailable`` when the players' loops, repeated,
  ///   would hold more than ``maximumRecordedElements`` events, controls and curves.
  public var recording: Recording {
    get throws {
      let played = try withLock { now in
        zip(players, try playedPatterns(until: now)).map { RecordingMerge.Played(name: $0.name, pattern: $1) }
      }
      let merge = RecordingMerge(played)
      return Recording(pattern: CHHapticPattern(merge.pattern), warnings: merge.warnings)
    }
  }

  /// ``recording``'s pattern (an addition of `OfflineCoreHaptics`); its warnings are printed on
  /// the standard error, each once.
  ///
  /// - Throws: As ``recording``.
  public var recordedPattern: CHHapticPattern {
    get throws {
      let recording = try recording
      for warning in recording.warnings where withLock({ _ in printedWarnings.insert(warning.description).inserted }) {
        OfflineHaptics.warn(warning.description)
      }
      return recording.pattern
    }
  }

  /// Writes everything played so far, tails included; the format comes from the extension.
  /// Each player is rendered with its own controls and the players are mixed (clipped at full
  /// scale where they overload together).
  ///
  /// Players that played nothing and were sent nothing are left out; each of the others is
  /// rendered from the start, with a block of audio of its own.
  ///
  /// - Throws: `RenderError.durationLimitExceeded` when a player plays past
  ///   `options.maximumDurationSeconds`, and ``CHHapticError/Code/resourceNotAvailable`` as
  ///   ``recording`` does or for more than ``maximumRenderedPlayers`` players, all before any of
  ///   it is made; any other `RenderError`, `EncodingError` or `FileSystemError` of the render.
  public func render(to url: URL, options: RenderOptions = RenderOptions()) throws {
    try options.validate()
    let patterns = try withLock { now in
      let length = players.map { $0.timeline.playedLength(until: now) }.max() ?? 0
      guard length <= options.maximumDurationSeconds else {
        throw RenderError.durationLimitExceeded(seconds: length, limit: options.maximumDurationSeconds)
      }
      return try playedPatterns(until: now).filter {
        !($0.pattern.events.isEmpty && $0.pattern.parameters.isEmpty && $0.pattern.curves.isEmpty)
      }
    }
    guard patterns.count <= Self.maximumRenderedPlayers else {
      throw CHHapticError(
        .resourceNotAvailable,
        "\(patterns.count) players played on this engine, more than the \(Self.maximumRenderedPlayers) a render "
          + "mixes; render a session in parts, on an engine each")
    }
    var mix = try MixedSource(patterns, options: options)
    var writer = try AudioFileWriter(
      to: .file(url.path), format: try AudioFileFormat(path: url.path), sampleRate: options.sampleRate,
      channelCount: mix.channelCount)
    var block = AudioBlock(channelCount: mix.channelCount, capacity: options.blockSize)
    while try mix.read(into: &block) { try writer.write(block) }
    try writer.finish()  // on an error before this, the writer removes its temporary file
  }

  /// Each player's played pattern until engine time `now`; called holding the lock.
  ///
  /// - Throws: ``CHHapticError/Code/resourceNotAvailable`` past ``maximumRecordedElements``.
  private func playedPatterns(until now: Double) throws(CHHapticError) -> [LoadedPattern] {
    let count = players.reduce(0) { $0 + $1.timeline.playedElementCount(until: now) }
    guard count <= Double(Self.maximumRecordedElements) else {
      throw CHHapticError(
        .resourceNotAvailable,
        "the players' loops repeat into \(String(format: "%.0f", count)) events, controls and curves, more than the "
          + "\(Self.maximumRecordedElements) a recording or render holds")
    }
    return players.map { $0.timeline.playedPattern(until: now) }
  }

  /// Lets `player` play from engine time `time`; called holding the lock.
  ///
  /// - Throws: ``CHHapticError/Code/resourceNotAvailable`` when ``maximumPlayingPlayers`` other
  ///   players may still be playing then.
  func admit(_ player: OfflinePatternPlayer, at time: Double) throws(CHHapticError) {
    playing.removeAll { !$0.timeline.isPlaying || ($0.timeline.naturalEnd.map { $0 <= time } ?? false) }
    guard !playing.contains(where: { $0 === player }) else { return }
    guard playing.count < Self.maximumPlayingPlayers else {
      throw CHHapticError(
        .resourceNotAvailable,
        "\(Self.maximumPlayingPlayers) players are playing on this engine, as many as it plays at once; "
          + "stop one, or let it finish, before starting another")
    }
    playing.append(player)
  }
}
