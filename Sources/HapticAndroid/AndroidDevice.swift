import HapticSupport

/// What `render android` assumes about the vibrator an envelope plays on (docs/android.md §3).
///
/// - `minPointMillis`: the shortest control point the device plays as written. Android
///   guarantees 20 ms (`VibratorEnvelopeEffectInfo.getMinControlPointDurationMillis` may be up
///   to 20 on any device that supports envelopes), and its framework only splits long points,
///   never lengthens short ones.
/// - `maxSensitivityLevelDb`: the device's strongest output, in dB above the least perceptible
///   acceleration at its frequency. Android's `BasicToPwleSegmentAdapter` plays an envelope
///   intensity `I` at an acceleration `I · S` dB above that threshold, so two intensities differ
///   by `(I₁ − I₂) · S` dB whatever the frequency. The default, 40.89 dB, is AOSP's reference
///   vibrator HAL: 3.0 g at 150 Hz in its frequency-to-output-acceleration map, against a
///   threshold of −31.35 dB at 150 Hz.
/// - `frequencyProfile`: what the device reaches at each frequency, where it reaches less than
///   intensity 1 asks; `nil` when unknown (the device is taken to reach it at every sharpness).
public struct AndroidDevice: Sendable, Equatable {
  /// Milliseconds, ≥ 1.
  public var minPointMillis: Int
  /// dB, > 0.
  public var maxSensitivityLevelDb: Double
  public var frequencyProfile: AndroidFrequencyProfile?

  /// AOSP's reference vibrator HAL: 20 ms points, 20 · log10(3.0) + 31.35 = 40.89 dB, and its
  /// frequency-to-output map (``AndroidFrequencyProfile/reference``).
  public static let reference = AndroidDevice(
    minPointMillis: 20, maxSensitivityLevelDb: 40.89, frequencyProfile: .reference)

  public init(minPointMillis: Int, maxSensitivityLevelDb: Double, frequencyProfile: AndroidFrequencyProfile? = nil) {
    precondition(minPointMillis >= 1 && maxSensitivityLevelDb > 0, "a point of at least 1 ms, a level above 0 dB")
    self.minPointMillis = minPointMillis
    self.maxSensitivityLevelDb = maxSensitivityLevelDb
    self.frequencyProfile = frequencyProfile
  }

  /// The most the device plays at `sharpness` (0…1), as a fraction of intensity 1's
  /// acceleration there (``AndroidFrequencyProfile/reach(sharpness:maxSensitivityLevelDb:)``);
  /// 1 without a frequency profile.
  public func reach(sharpness: Double) -> Double {
    frequencyProfile?.reach(sharpness: sharpness, maxSensitivityLevelDb: maxSensitivityLevelDb) ?? 1
  }

  /// The acceleration Android plays for envelope intensity `intensity` (0…1), as a fraction of
  /// that of intensity 1: `10^((I − 1) · S / 20)`, and 0 (off) for intensity 0.
  public func level(intensity: Double) -> Double {
    intensity <= 0 ? 0 : Decibels.gain((min(intensity, 1) - 1) * maxSensitivityLevelDb)
  }

  /// The envelope intensity whose acceleration is `level` (0…1) of the strongest: the inverse
  /// of ``level(intensity:)``, so that an envelope plays the render's `A(I)`. A level too faint
  /// for the device (below `10^(−S/20)`) takes the least intensity above 0, 0.001.
  public func intensity(level: Double) -> Double {
    guard level > 0 else { return 0 }
    return max(0.001, min(1, 1 + Decibels.level(level) / maxSensitivityLevelDb))
  }
}
