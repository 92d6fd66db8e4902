import Foundation

/// What Core Haptics throws: a ``Code`` with Apple's raw value, in the domain
/// `com.apple.CoreHaptics`, and the reader's message.
public struct CHHapticError: Error, LocalizedError, CustomNSError, CustomStringConvertible, @unchecked Sendable {
  /// Core Haptics' error codes, with Apple's names and raw values (`CHHapticErrorCode`).
  public enum Code: Int, Sendable, Equatable {
    /// Playback was asked of an engine that is not running.
    case engineNotRunning = -4805
    /// The operation cannot be done in the current state (here also: a render that could not
    /// be written).
    case operationNotPermitted = -4806
    case engineStartTimeout = -4808
    case notSupported = -4809
    case serverInitFailed = -4810
    case serverInterrupted = -4811
    case invalidPatternPlayer = -4812
    /// The pattern has an error (a sustained continuous event without a duration, a curve on a
    /// control that curves do not accept, …); the message names it.
    case invalidPatternData = -4813
    case invalidPatternDictionary = -4814
    case invalidAudioSession = -4815
    case invalidEngineParameter = -4816
    /// A value that is not a finite number, an unknown parameter or control, or a dictionary
    /// entry of an unknown type.
    case invalidParameterType = -4820
    /// An unknown event type.
    case invalidEventType = -4821
    /// An event or curve time that is not a finite number.
    case invalidEventTime = -4822
    /// An event duration that is not a finite number.
    case invalidEventDuration = -4823
    /// An audio resource ID that was never registered.
    case invalidAudioResource = -4824
    /// A limit reached: more players playing at once than
    /// ``CHHapticEngine/maximumPlayingPlayers``, a render of more than
    /// ``CHHapticEngine/maximumRenderedPlayers``, a recording of more elements than
    /// ``CHHapticEngine/maximumRecordedElements``.
    case resourceNotAvailable = -4825
    case badEventEntry = -4830
    case badParameterEntry = -4831
    /// A time given to a player that is not a number of seconds ≥ 0 (NaN, an infinity, a
    /// negative time or offset).
    case invalidTime = -4840
    /// A pattern or audio file that cannot be read.
    case fileNotFound = -4851
    case insufficientPower = -4897
    case unknownError = -4898
    case memoryError = -4899
  }

  public let code: Code
  /// What went wrong, in words.
  public let message: String
  private let userInfo: [String: Any]

  /// An error of `code` with the reader's `message`.
  public init(_ code: Code, _ message: String) {
    self.init(code, userInfo: [NSLocalizedDescriptionKey: message])
  }

  /// An error of `code`, as Core Haptics makes one; its message is `userInfo`'s
  /// `NSLocalizedDescriptionKey`, or the code's name.
  public init(_ code: Code, userInfo: [String: Any] = [:]) {
    self.code = code
    self.userInfo = userInfo
    message = userInfo[NSLocalizedDescriptionKey] as? String ?? "CHHapticError.Code.\(code)"
  }

  public static var errorDomain: String { "com.apple.CoreHaptics" }
  public var errorCode: Int { code.rawValue }
  public var errorUserInfo: [String: Any] { userInfo }
  public var description: String { message }
  public var errorDescription: String? { message }

}

/// Each code as a member of the error type, as Core Haptics imports them: `CHHapticError.fileNotFound`.
extension CHHapticError {
  public static var engineNotRunning: Code { .engineNotRunning }
  public static var operationNotPermitted: Code { .operationNotPermitted }
  public static var engineStartTimeout: Code { .engineStartTimeout }
  public static var notSupported: Code { .notSupported }
  public static var serverInitFailed: Code { .serverInitFailed }
  public static var serverInterrupted: Code { .serverInterrupted }
  public static var invalidPatternPlayer: Code { .invalidPatternPlayer }
  public static var invalidPatternData: Code { .invalidPatternData }
  public static var invalidPatternDictionary: Code { .invalidPatternDictionary }
  public static var invalidAudioSession: Code { .invalidAudioSession }
  public static var invalidEngineParameter: Code { .invalidEngineParameter }
  public static var invalidParameterType: Code { .invalidParameterType }
  public static var invalidEventType: Code { .invalidEventType }
  public static var invalidEventTime: Code { .invalidEventTime }
  public static var invalidEventDuration: Code { .invalidEventDuration }
  public static var invalidAudioResource: Code { .invalidAudioResource }
  public static var resourceNotAvailable: Code { .resourceNotAvailable }
  public static var badEventEntry: Code { .badEventEntry }
  public static var badParameterEntry: Code { .badParameterEntry }
  public static var invalidTime: Code { .invalidTime }
  public static var fileNotFound: Code { .fileNotFound }
  public static var insufficientPower: Code { .insufficientPower }
  public static var unknownError: Code { .unknownError }
  public static var memoryError: Code { .memoryError }
}

extension CHHapticError.Code {
  /// `catch CHHapticError.fileNotFound`: whether `error` is a ``CHHapticError`` of `code`.
  public static func ~= (code: Self, error: any Error) -> Bool {
    (error as? CHHapticError)?.code == code
  }
}
