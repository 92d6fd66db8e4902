import Foundation

/// A step change of a control, for every event sounding at its time. Open, as Apple's is.
open class CHHapticDynamicParameter {
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

  private let givenID: ID

  open var parameterID: ID { givenID }
  open var value: Float
  /// Seconds from the pattern's start (or from `atTime` when sent to a player).
  open var relativeTime: TimeInterval

  public init(parameterID: ID, value: Float, relativeTime time: TimeInterval) {
    givenID = parameterID
    self.value = value
    relativeTime = time
  }
}

/// A control interpolated linearly between points. Open, as Apple's is.
open class CHHapticParameterCurve {
  /// One point; its time is relative to the curve's. Open, as Apple's is.
  open class ControlPoint {
    open var relativeTime: TimeInterval
    open var value: Float

    public init(relativeTime time: TimeInterval, value: Float) {
      relativeTime = time
      self.value = value
    }
  }

  private let givenID: CHHapticDynamicParameter.ID

  open var parameterID: CHHapticDynamicParameter.ID { givenID }
  open var relativeTime: TimeInterval
  open var controlPoints: [ControlPoint]

  public init(parameterID: CHHapticDynamicParameter.ID, controlPoints: [ControlPoint], relativeTime time: TimeInterval)
  {
    givenID = parameterID
    self.controlPoints = controlPoints
    relativeTime = time
  }
}

/// `atTime:` value that means "now" (the engine's current time). Apple's name.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let CHHapticTimeImmediate: TimeInterval = 0
