import Foundation
import HapticRender
import HapticSupport

extension CHHapticEngine.Recording {
  /// Events of one player that the recorded pattern plays otherwise than the engine did: a
  /// control of another player acts on them there, as every control of an AHAP pattern acts on
  /// every event in it.
  public struct Warning: Sendable, Equatable, CustomStringConvertible {
    /// The player whose events are affected: `player 1 (makePlayer(with:))`, or a UIKit
    /// generator's class and preset, `UIImpactFeedbackGenerator (ios/impact.rigid)`.
    public let player: String
    /// The control that acts on them in the pattern.
    public let control: CHHapticDynamicParameter.ID
    /// The player whose control it is.
    public let controllingPlayer: String
    /// The onsets of the affected events, in seconds of engine time, in order.
    public let eventTimes: [TimeInterval]
    /// Seconds of engine time: from the first affected event's onset to the end of the last
    /// one's sound.
    public let start: TimeInterval
    public let end: TimeInterval

    /// The warning as printed after `OfflineCoreHaptics: warning: `.
    public var description: String {
      let (events, verb, them) =
        eventTimes.count == 1 ? ("1 event", "plays", "it") : ("\(eventTimes.count) events", "play", "them")
      return "recorded pattern: \(events) of \(player) from \(Self.seconds(start)) to \(Self.seconds(end)) "
        + "\(verb) otherwise than the engine played \(them): \(control.rawValue) of \(controllingPlayer) acts on "
        + "\(them) there, as a pattern's controls act on all its events; engine.render(to:) plays each player with "
        + "its own controls"
    }

    /// `seconds` as written in warnings: `1.250 s`.
    private static func seconds(_ seconds: Double) -> String {
      NumberText.fixed(seconds, 3) + " s"
    }
  }
}
