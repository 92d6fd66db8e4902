import Foundation

/// What Core Haptics throws, with the reader's message.
public struct CHHapticError: Error, LocalizedError, CustomStringConvertible, Sendable {
  /// The cases this module throws, named as Core Haptics names them.
  public enum Code: Sendable, Equatable {
    /// The pattern has an error (a sustained continuous event without a duration, a curve on a
    /// control that curves do not accept, …); the message names it.
    case invalidPatternData
    /// A value that is not a finite number, or a dictionary entry of an unknown type.
    case invalidParameterType
    /// A time given to a player that is not a number of seconds ≥ 0 (NaN, an infinity, a
    /// negative time or offset), as Core Haptics' `CHHapticErrorCodeInvalidTime`.
    case invalidTime
    /// `init(contentsOf:)` on a file that cannot be read.
    case fileNotFound
    /// An audio resource ID that was never registered, or a limit reached: more players playing
    /// at once than ``CHHapticEngine/maximumPlayingPlayers``, a render of more than
    /// ``CHHapticEngine/maximumRenderedPlayers``, a recording of more elements than
    /// ``CHHapticEngine/maximumRecordedElements``.
    case resourceNotAvailable
    /// A render that could not be written.
    case operationNotPermitted
  }

  public let code: Code
  public let message: String

  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { message }
  public var errorDescription: String? { message }
}
