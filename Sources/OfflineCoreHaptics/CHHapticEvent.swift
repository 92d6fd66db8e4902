import Foundation

/// The ID of an audio file registered with ``CHHapticEngine/registerAudioResource(_:options:)``.
public typealias CHHapticAudioResourceID = UInt

/// One haptic or audio event of a pattern, as Core Haptics declares it. Open, as Apple's is:
/// apps subclass it to read their own formats.
open class CHHapticEvent {
  /// The kind of event; raw values are the AHAP spellings.
  public struct EventType: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let hapticTransient = EventType(rawValue: "HapticTransient")
    public static let hapticContinuous = EventType(rawValue: "HapticContinuous")
    public static let audioContinuous = EventType(rawValue: "AudioContinuous")
    public static let audioCustom = EventType(rawValue: "AudioCustom")
  }

  /// An event parameter; raw values are the AHAP spellings.
  public struct ParameterID: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let hapticIntensity = ParameterID(rawValue: "HapticIntensity")
    public static let hapticSharpness = ParameterID(rawValue: "HapticSharpness")
    public static let attackTime = ParameterID(rawValue: "AttackTime")
    public static let decayTime = ParameterID(rawValue: "DecayTime")
    public static let releaseTime = ParameterID(rawValue: "ReleaseTime")
    public static let sustained = ParameterID(rawValue: "Sustained")
    public static let audioVolume = ParameterID(rawValue: "AudioVolume")
    public static let audioPitch = ParameterID(rawValue: "AudioPitch")
    public static let audioPan = ParameterID(rawValue: "AudioPan")
    public static let audioBrightness = ParameterID(rawValue: "AudioBrightness")
  }

  private let givenType: EventType
  private let givenParameters: [CHHapticEventParameter]

  /// The kind of event; a subclass may override it (the pattern reads it when it is made).
  open var type: EventType { givenType }
  open var eventParameters: [CHHapticEventParameter] { givenParameters }
  /// Seconds from the pattern's start.
  open var relativeTime: TimeInterval
  /// Seconds; 0 when not given.
  open var duration: TimeInterval
  /// For `audioCustom` events: the registered audio file.
  let audioResourceID: CHHapticAudioResourceID?

  // Every initializer is designated, as Core Haptics' are, so a subclass may call any of them.

  public init(eventType type: EventType, parameters: [CHHapticEventParameter], relativeTime time: TimeInterval) {
    givenType = type
    givenParameters = parameters
    relativeTime = time
    duration = 0
    audioResourceID = nil
  }

  public init(
    eventType type: EventType, parameters: [CHHapticEventParameter], relativeTime time: TimeInterval,
    duration: TimeInterval
  ) {
    givenType = type
    givenParameters = parameters
    relativeTime = time
    self.duration = duration
    audioResourceID = nil
  }

  /// An `audioCustom` event that plays a file registered with the engine.
  public init(
    audioResourceID resourceID: CHHapticAudioResourceID, parameters: [CHHapticEventParameter],
    relativeTime time: TimeInterval
  ) {
    givenType = .audioCustom
    givenParameters = parameters
    relativeTime = time
    duration = 0
    audioResourceID = resourceID
  }

  public init(
    audioResourceID resourceID: CHHapticAudioResourceID, parameters: [CHHapticEventParameter],
    relativeTime time: TimeInterval, duration: TimeInterval
  ) {
    givenType = .audioCustom
    givenParameters = parameters
    relativeTime = time
    self.duration = duration
    audioResourceID = resourceID
  }
}

/// One value of an event parameter. Open, as Apple's is.
open class CHHapticEventParameter {
  private let givenID: CHHapticEvent.ParameterID

  open var parameterID: CHHapticEvent.ParameterID { givenID }
  open var value: Float

  public init(parameterID: CHHapticEvent.ParameterID, value: Float) {
    givenID = parameterID
    self.value = value
  }
}
