/// The arguments of Android 16's `VibrationEffect.BasicEnvelopeBuilder` (API 36,
/// https://developer.android.com/reference/android/os/VibrationEffect.BasicEnvelopeBuilder):
/// `setInitialSharpness(s)`, then `addControlPoint(intensity, sharpness, durationMillis)` for
/// each point, the vibrator moving smoothly to each point over its duration.
///
/// Intensity and sharpness are 0…1 as in AHAP: Android maps intensity to perceived strength and
/// sharpness "to its equivalent frequency within the device's supported frequency range", as
/// the render maps sharpness to its carrier.
///
/// Invariants (``fitting(levels:sharpnesses:lastMillis:device:)``): every value is in 0…1,
/// every duration ≥ the device's shortest point, the durations add up to the render's length
/// rounded up to a millisecond (plus one shortest point to close when the render does not end
/// silent), and the last point has intensity 0 (the builder refuses an effect that does not
/// end so). A silent render has no points.
public struct AndroidEnvelope: Sendable, Equatable {
  /// One `addControlPoint` call.
  public struct ControlPoint: Sendable, Equatable {
    /// 0 (off) … 1 (the strongest the device can).
    public var intensity: Double
    /// 0 (smooth) … 1 (crisp).
    public var sharpness: Double
    /// Milliseconds to move from the previous point to this one, ≥ the device's shortest point.
    public var durationMillis: Int

    public init(intensity: Double, sharpness: Double, durationMillis: Int) {
      self.intensity = intensity
      self.sharpness = sharpness
      self.durationMillis = durationMillis
    }
  }

  /// The sharpness the effect starts at, 0…1 (its intensity starts at 0).
  public var initialSharpness: Double
  public var controlPoints: [ControlPoint]

  public init(initialSharpness: Double, controlPoints: [ControlPoint]) {
    self.initialSharpness = initialSharpness
    self.controlPoints = controlPoints
  }

  /// The envelope's intensity resolution: 0.001, fine enough that rounding moves the level
  /// Android plays by less than 0.003 of full scale.
  static func intensityThousandths(_ value: Double) -> Double { (min(max(value, 0), 1) * 1_000).rounded() / 1_000 }
}
