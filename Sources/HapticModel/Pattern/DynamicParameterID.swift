/// A parameter that `Parameter` and `ParameterCurve` elements change over time, for every
/// event sounding at that time; raw values are the JSON spellings.
public enum DynamicParameterID: String, Sendable, CaseIterable {
  case hapticIntensityControl = "HapticIntensityControl"
  case hapticSharpnessControl = "HapticSharpnessControl"
  case hapticAttackTimeControl = "HapticAttackTimeControl"
  case hapticDecayTimeControl = "HapticDecayTimeControl"
  case hapticReleaseTimeControl = "HapticReleaseTimeControl"
  case audioVolumeControl = "AudioVolumeControl"
  case audioPanControl = "AudioPanControl"
  case audioPitchControl = "AudioPitchControl"
  case audioBrightnessControl = "AudioBrightnessControl"
  case audioAttackTimeControl = "AudioAttackTimeControl"
  case audioDecayTimeControl = "AudioDecayTimeControl"
  case audioReleaseTimeControl = "AudioReleaseTimeControl"

  /// How a control combines with the event's own value.
  public enum Combination: Sendable {
    /// `event × control`; the control's range is 0 … 1 and its neutral value 1.
    case multiply
    /// `event + control`; the control's range is −1 … 1 and its neutral value 0.
    case add
  }

  public var combination: Combination {
    switch self {
    case .hapticIntensityControl, .audioVolumeControl: .multiply
    default: .add
    }
  }

  /// The values the control can take; others are clamped.
  public var range: ClosedRange<Double> { combination == .multiply ? 0...1 : -1...1 }

  /// The value in force before any element sets it, which leaves events unchanged.
  public var neutralValue: Double { combination == .multiply ? 1 : 0 }

  /// The event parameter this control acts on.
  public var target: ParameterID {
    switch self {
    case .hapticIntensityControl: .hapticIntensity
    case .hapticSharpnessControl: .hapticSharpness
    case .hapticAttackTimeControl, .audioAttackTimeControl: .attackTime
    case .hapticDecayTimeControl, .audioDecayTimeControl: .decayTime
    case .hapticReleaseTimeControl, .audioReleaseTimeControl: .releaseTime
    case .audioVolumeControl: .audioVolume
    case .audioPanControl: .audioPan
    case .audioPitchControl: .audioPitch
    case .audioBrightnessControl: .audioBrightness
    }
  }

  /// `true` for controls that act on haptic events; the others act on audio events only.
  public var isHaptic: Bool {
    switch self {
    case .hapticIntensityControl, .hapticSharpnessControl, .hapticAttackTimeControl, .hapticDecayTimeControl,
      .hapticReleaseTimeControl:
      true
    default: false
    }
  }

  /// Combines an event's value with this control's value and clamps to the parameter's range.
  public func combine(event value: Double, control: Double) -> Double {
    let combined = combination == .multiply ? value * control : value + control
    return min(max(combined, target.range.lowerBound), target.range.upperBound)
  }

  /// The control for `parameter` on events of `type`, if there is one.
  public static func control(for parameter: ParameterID, on type: EventType) -> Self? {
    allCases.first { $0.target == parameter && $0.isHaptic == type.isHaptic }
  }
}
