import Foundation

/// A step change of a control, for every event sounding at its time.
public final class CHHapticDynamicParameter {
  /// A control; raw values are the AHAP spellings.
  public struct ID: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let hapticIntensityControl = ID(rawValue: "HapticIntensityControl")
    public static let hapticSharpnessControl = ID(rawValue: "HapticSharpnessControl")
    public static let hapticAttackTimeControl = ID(rawValue: "HapticAttackTimeControl")
    public static let hapticDecayTimeControl = ID(rawValue: "HapticDecayTimeControl")
    public static let hapticReleaseTimeControl = ID(rawValue: "HapticReleaseTimeControl")
    public static let audioVolumeControl = ID(rawValue: "AudioVolumeControl")
    public static let audioPanControl = ID(rawValue: "AudioPanControl")
    public static let audioPitchControl = ID(rawValue: "AudioPitchControl")
    public static let audioBrightnessControl = ID(rawValue: "AudioBrightnessControl")
    public static let audioAttackTimeControl = ID(rawValue: "AudioAttackTimeControl")
    public static let audioDecayTimeControl = ID(rawValue: "AudioDecayTimeControl")
    public static let audioReleaseTimeControl = ID(rawValue: "AudioReleaseTimeControl")
  }

  public let parameterID: ID
  public var value: Float
  /// Seconds from the pattern's start (or from `atTime` when sent to a player).
  public var relativeTime: TimeInterval

  public init(parameterID: ID, value: Float, relativeTime time: TimeInterval) {
    self.parameterID = parameterID
    self.value = value
    relativeTime = time
  }
}

/// A control interpolated linearly between points.
public final class CHHapticParameterCurve {
  /// One point; its time is relative to the curve's.
  public final class ControlPoint {
    public var relativeTime: TimeInterval
    public var value: Float

    public init(relativeTime time: TimeInterval, value: Float) {
      relativeTime = time
      self.value = value
    }
  }

  public let parameterID: CHHapticDynamicParameter.ID
  public var relativeTime: TimeInterval
  public var controlPoints: [ControlPoint]

  public init(parameterID: CHHapticDynamicParameter.ID, controlPoints: [ControlPoint], relativeTime time: TimeInterval)
  {
    self.parameterID = parameterID
    self.controlPoints = controlPoints
    relativeTime = time
  }
}

/// `atTime:` value that means "now" (the engine's current time). Apple's name.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let CHHapticTimeImmediate: TimeInterval = 0
