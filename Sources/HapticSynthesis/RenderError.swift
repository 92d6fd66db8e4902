import HapticModel
import HapticSupport

/// A render that cannot be done with the options given.
///
/// Each case carries the values that decide it, for a caller to switch on; ``description``
/// says what is wrong in the library's terms (the options and limits of ``RenderOptions``).
public enum RenderError: Error, Equatable, CustomStringConvertible {
  /// `setting` is `value`, outside `range` (``RenderOptions/Setting/bounds``).
  case optionOutOfRange(RenderOptions.Setting, value: Double, range: RenderOptions.Bounds)
  /// The actuator's resonance, Hz, is not below half the sample rate.
  case resonanceAboveNyquist(resonance: Double, sampleRate: Int)
  /// An actuator render (``ActuatorSource``) was asked of options whose ``RenderOptions/actuator``
  /// is `nil`.
  case missingActuator
  /// A carrier or tone of `frequency` Hz is not below half the sample rate.
  case carrierAboveNyquist(frequency: Double, sampleRate: Int)
  /// The output peaks at `peak` (linear, above 1) under ``PeakPolicy/error``.
  case peakOverflow(peak: Double)
  /// The output would last `seconds`, longer than ``RenderOptions/maximumDurationSeconds``
  /// (`limit`).
  case durationLimitExceeded(seconds: Double, limit: Double)
  /// The events sound for `seconds` in all, more than ``RenderOptions/maximumVoiceSeconds``
  /// (`limit`).
  case soundLimitExceeded(seconds: Double, limit: Double)
  /// An `AudioCustom` event's waveform at `path` was not decoded before rendering.
  case missingWaveform(path: String)
  /// An actuator's drive holds a sample that is not finite in the window that starts at
  /// `seconds` (``ActuatorSource``).
  case driveNotFinite(seconds: Double)
  /// An actuator's drive holds a DC offset: its mean over the window that starts at `seconds`
  /// is `mean`, of full scale, beyond what a carrier at the resonance leaves (``ActuatorSource``).
  case driveOffset(mean: Double, seconds: Double)

  public var description: String {
    switch self {
    case .optionOutOfRange(let setting, let value, let range):
      Self.outOfRange(setting, named: setting.description, value: value, range: range)
    case .resonanceAboveNyquist(let resonance, let sampleRate):
      "actuator resonance \(resonance.formatted) Hz is not below half the \(sampleRate) Hz sample rate"
    case .missingActuator: "the options name no actuator"
    case .carrierAboveNyquist(let frequency, let sampleRate):
      // To a tenth of a hertz: a tone's frequency comes from its pitch, with every digit.
      "a \(((frequency * 10).rounded() / 10).formatted) Hz carrier or tone is not below half the \(sampleRate) Hz sample rate"
    case .peakOverflow(let peak):
      "the output peaks at \(peak.formatted) (above full scale), which the peak policy `error` refuses"
    case .durationLimitExceeded(let seconds, let limit):
      "the output would last \(seconds.formatted) s, longer than the \(limit.formatted) s limit"
    case .soundLimitExceeded(let seconds, let limit):
      "the events sound for \(NumberText.fixed(seconds, 1)) s in all, more than the \(NumberText.fixed(limit, 0)) s limit (10 × the maximum duration)"
    case .missingWaveform(let path):
      "the waveform '\(path)' was not decoded; load the pattern with PatternLoader"
    case .driveNotFinite(let seconds):
      "the actuator's drive is not finite near \(NumberText.fixed(seconds, 3)) s; nothing is written"
    case .driveOffset(let mean, let seconds):
      "the actuator's drive holds a DC offset of \(NumberText.fixed(mean, 3)) of full scale near \(NumberText.fixed(seconds, 3)) s, which would heat the actuator's coil; nothing is written"
    }
  }

  /// The message of ``optionOutOfRange(_:value:range:)``, the setting called `name`:
  /// `gain 70 dB is outside -120…60 dB`, `tail -1 s must be ≥ 0 s`.
  package static func outOfRange(
    _ setting: RenderOptions.Setting, named name: String, value: Double, range: RenderOptions.Bounds
  ) -> String {
    let unit = setting.unit.isEmpty ? "" : " \(setting.unit)"
    let relation = range.upperBound.isFinite ? "is outside" : "must be"
    return "\(name) \(value.formatted)\(unit) \(relation) \(range)\(unit)"
  }
}
