/// An event parameter (`EventParameters[].ParameterID`); raw values are the JSON spellings.
public enum ParameterID: String, Sendable, CaseIterable {
  /// Strength of a haptic event, 0 (maximum attenuation) … 1 (no attenuation). Default 1.
  case hapticIntensity = "HapticIntensity"
  /// Feel of a haptic event, 0 (round, organic) … 1 (crisp, precise). Default 0.5.
  case hapticSharpness = "HapticSharpness"
  /// Normalized attack time, 0 … 1; higher values increase the time exponentially. Default 0.
  case attackTime = "AttackTime"
  /// Normalized decay time, 0 … 1, used when the event is not sustained. Default 0.
  case decayTime = "DecayTime"
  /// Normalized release time after the event's duration, 0 … 1. Default 0.
  case releaseTime = "ReleaseTime"
  /// 1 holds the level until the end of the duration, 0 decays right after the attack. Default 1.
  case sustained = "Sustained"
  /// Linear gain of an audio event, 0 … 1. Default 1.
  case audioVolume = "AudioVolume"
  /// Pitch of an audio event, −1 … 1 (one octave down … one octave up). Default 0.
  case audioPitch = "AudioPitch"
  /// Stereo position of an audio event, −1 (left) … 1 (right). Default 0.
  case audioPan = "AudioPan"
  /// Spectral content of an audio event, 0 (dull) … 1 (bright). Default 1.
  case audioBrightness = "AudioBrightness"

  /// The parameter's place in ``EventParameters``: its index in `allCases`, 0 … 9.
  @inlinable
  package var slot: Int {
    switch self {
    case .hapticIntensity: 0
    case .hapticSharpness: 1
    case .attackTime: 2
    case .decayTime: 3
    case .releaseTime: 4
    case .sustained: 5
    case .audioVolume: 6
    case .audioPitch: 7
    case .audioPan: 8
    case .audioBrightness: 9
    }
  }

  /// The parameter at `slot` (0 … 9) of ``EventParameters``.
  @inlinable
  package init(slot: Int) {
    switch slot {
    case 0: self = .hapticIntensity
    case 1: self = .hapticSharpness
    case 2: self = .attackTime
    case 3: self = .decayTime
    case 4: self = .releaseTime
    case 5: self = .sustained
    case 6: self = .audioVolume
    case 7: self = .audioPitch
    case 8: self = .audioPan
    case 9: self = .audioBrightness
    default: preconditionFailure("parameter slot \(slot) is outside 0 … 9")
    }
  }

  /// The values the parameter can take; larger or smaller values are clamped.
  @inlinable
  public var range: ClosedRange<Double> {
    switch self {
    case .audioPitch, .audioPan: -1...1
    default: 0...1
    }
  }

  /// `false` for a haptic parameter on an audio event and an audio one on a haptic event, which
  /// Core Haptics does not document; `true` for the others.
  package func isAccepted(by type: EventType) -> Bool {
    isHaptic == nil || isHaptic == type.isHaptic
  }

  /// `value` moved into ``range`` (a negative zero becomes 0 at the lower bound 0).
  @inlinable
  package func clamped(_ value: Double) -> Double {
    min(max(value, range.lowerBound), range.upperBound)
  }

  /// The value used when an event does not give one.
  public var defaultValue: Double {
    switch self {
    case .hapticIntensity, .sustained, .audioVolume, .audioBrightness: 1
    case .hapticSharpness: 0.5
    case .attackTime, .decayTime, .releaseTime, .audioPitch, .audioPan: 0
    }
  }

  /// Whether the parameter changes the sound of an event of `type`.
  /// `true` for haptic parameters, `false` for audio ones, `nil` for those of both
  /// (attack, decay, release, sustained).
  public var isHaptic: Bool? {
    switch self {
    case .hapticIntensity, .hapticSharpness: true
    case .audioVolume, .audioPitch, .audioPan, .audioBrightness: false
    case .attackTime, .decayTime, .releaseTime, .sustained: nil
    }
  }

  /// Whether the parameter changes the sound of an event of `type`.
  @inlinable
  public func applies(to type: EventType) -> Bool {
    switch self {
    case .hapticIntensity, .hapticSharpness: type.isHaptic
    case .attackTime, .releaseTime: type.isContinuous || type == .audioCustom
    case .decayTime, .sustained: type.isContinuous
    case .audioVolume, .audioPitch, .audioPan, .audioBrightness: !type.isHaptic
    }
  }
}
