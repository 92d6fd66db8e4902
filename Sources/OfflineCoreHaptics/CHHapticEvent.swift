import Foundation

/// The ID of an audio file registered with ``CHHapticEngine/registerAudioResource(_:options:)``.
public typealias CHHapticAudioResourceID = UInt

/// One haptic or audio event of a pattern, as Core Haptics declares it.
public final class CHHapticEvent {
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

  public let type: EventType
  public let eventParameters: [CHHapticEventParameter]
  /// Seconds from the pattern's start.
  public var relativeTime: TimeInterval
  /// Seconds; 0 when not given.
  public var duration: TimeInterval
  /// For `audioCustom` events: the registered audio file.
  let audioResourceID: CHHapticAudioResourceID?

  public init(eventType type: EventType, parameters: [CHHapticEventParameter], relativeTime time: TimeInterval) {
    self.type = type
    eventParameters = parameters
    relativeTime = time
    duration = 0
    audioResourceID = nil
  }

  public convenience init(
    eventType type: EventType, parameters: [CHHapticEventParameter], relativeTime time: TimeInterval,
    duration: TimeInterval
  ) {
    self.init(eventType: type, parameters: parameters, relativeTime: time)
    self.duration = duration
  }

  /// An `audioCustom` event that plays a file registered with the engine.
  public init(
    audioResourceID resourceID: CHHapticAudioResourceID, parameters: [CHHapticEventParameter],
    relativeTime time: TimeInterval
  ) {
    type = .audioCustom
    eventParameters = parameters
    relativeTime = time
    duration = 0
    audioResourceID = resourceID
  }

  public convenience init(
    audioResourceID resourceID: CHHapticAudioResourceID, parameters: [CHHapticEventParameter],
    relativeTime time: TimeInterval, duration: TimeInterval
  ) {
    self.init(audioResourceID: resourceID, parameters: parameters, relativeTime: time)
    self.duration = duration
  }
}

/// One value of an event parameter.
public final class CHHapticEventParameter {
  public let parameterID: CHHapticEvent.ParameterID
  public var value: Float

  public init(parameterID: CHHapticEvent.ParameterID, value: Float) {
    self.parameterID = parameterID
    self.value = value
  }
}
