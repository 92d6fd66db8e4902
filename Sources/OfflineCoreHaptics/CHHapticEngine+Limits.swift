import Foundation

/// The bounds an engine keeps, so that no call makes it trap, hang or allocate without bound
/// (additions of `OfflineCoreHaptics`; Core Haptics documents none of these numbers).
extension CHHapticEngine {
  /// Players that may play at once on one engine (started and not yet run out of pattern,
  /// stopped or paused): starting, resuming or seeking one more throws
  /// ``CHHapticError/Code/resourceNotAvailable``, and a UIKit generator's tap beyond it is not
  /// played (a warning says so).
  public static let maximumPlayingPlayers = 128

  /// Players that played something that ``render(to:options:)`` mixes: each is rendered from
  /// the start with buffers of its own (about 250 KB), so past it the render throws
  /// ``CHHapticError/Code/resourceNotAvailable`` before making any.
  public static let maximumRenderedPlayers = 1_024

  /// Events, controls and curves a recording or a render may hold in all, loops repeated:
  /// past it ``recording`` and ``render(to:options:)`` throw
  /// ``CHHapticError/Code/resourceNotAvailable`` before making any of them.
  public static let maximumRecordedElements = 1_000_000

  /// The playback rates a player takes; ``CHHapticAdvancedPatternPlayer/playbackRate`` clamps
  /// to them (a property cannot throw), and ignores NaN and rates ≤ 0.
  public static let playbackRates: ClosedRange<Float> = 0.01...100

  /// `time` when it is a number of seconds ≥ 0 (``CHHapticTimeImmediate`` and times past mean
  /// now).
  ///
  /// - Throws: ``CHHapticError/Code/invalidTime`` for NaN, infinities and negative times, naming
  ///   `call`.
  static func checked(_ time: TimeInterval, in call: String) throws(CHHapticError) -> TimeInterval {
    guard time.isFinite, time >= 0 else {
      throw CHHapticError(.invalidTime, "\(call) was given \(time) s; a time is a finite number of seconds ≥ 0")
    }
    return time
  }
}
