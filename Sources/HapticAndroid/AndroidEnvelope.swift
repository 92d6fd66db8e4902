/// The arguments of Android 16's `VibrationEffect.BasicEnvelopeBuilder` (API 36,
/// https://developer.android.com/reference/android/os/VibrationEffect.BasicEnvelopeBuilder):
/// `setInitialSharpness(s)`, then `addControlPoint(intensity, sharpness, durationMillis)` for
/// each point, the vibrator moving smoothly to each point over its duration.
///
/// Intensity and sharpness are 0…1 as in AHAP: Android maps intensity to perceived strength and
/// sharpness "to its equivalent frequency within the device's supported frequency range", as
/// the render maps sharpness to its carrier.
///
/// Invariants (``init(intensities:sharpnesses:lastMillis:)``): every value is in 0…1, every
/// duration ≥ 1 ms, the durations add up to the render's length rounded up to a millisecond
/// (plus 1 ms for the closing point when the last window is not silent), and the last point has
/// intensity 0 (the builder refuses an effect that does not end so).
public struct AndroidEnvelope: Sendable, Equatable {
  /// One `addControlPoint` call.
  public struct ControlPoint: Sendable, Equatable {
    /// 0 (off) … 1 (the strongest the device can).
    public var intensity: Double
    /// 0 (smooth) … 1 (crisp).
    public var sharpness: Double
    /// Milliseconds to move from the previous point to this one, ≥ 1.
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

  /// Control points that follow the effective intensity and sharpness in each window of
  /// ``AndroidWaveform/stepMillis`` (the last lasting `lastMillis`), values rounded to 0.01.
  /// A point between two equal ones is left out (the line through it is flat), and a point of
  /// intensity 0 closes the effect.
  public init(intensities: [Double], sharpnesses: [Double], lastMillis: Int = AndroidWaveform.stepMillis) {
    precondition(intensities.count == sharpnesses.count, "one sharpness per intensity")
    var points: [ControlPoint] = []
    for index in intensities.indices {
      let point = ControlPoint(
        intensity: AndroidEffect.unitHundredths(intensities[index]),
        sharpness: AndroidEffect.unitHundredths(sharpnesses[index]),
        durationMillis: index == intensities.count - 1 ? lastMillis : AndroidWaveform.stepMillis)
      if points.count >= 2, Self.same(points[points.count - 1], points[points.count - 2]),
        Self.same(points[points.count - 1], point)
      {
        let dropped = points.removeLast()
        points.append(
          ControlPoint(
            intensity: point.intensity, sharpness: point.sharpness,
            durationMillis: dropped.durationMillis + point.durationMillis))
        continue
      }
      points.append(point)
    }
    if let last = points.last, last.intensity != 0 {
      points.append(ControlPoint(intensity: 0, sharpness: last.sharpness, durationMillis: 1))
    }
    self.init(initialSharpness: points.first?.sharpness ?? 0, controlPoints: points)
  }

  private static func same(_ a: ControlPoint, _ b: ControlPoint) -> Bool {
    a.intensity == b.intensity && a.sharpness == b.sharpness
  }
}
