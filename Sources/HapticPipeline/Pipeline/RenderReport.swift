import HapticSynthesis

/// What a render produced, for reporting.
public struct RenderReport: Sendable {
  public var frameCount: Int
  public var sampleRate: Int
  public var layout: ChannelLayout
  /// Largest sample magnitude before the peak policy (with `clip`, of the delivered frames).
  public var peak: Double = 0
  /// The gain normalization applied, when the peak exceeded full scale.
  public var normalizationGain: Double?
  /// Samples clamped to ±1 under the `clip` policy.
  public var clippedSamples = 0
  /// Separate overloads the `limit` policy brought down to its ceiling.
  public var limitedOverloads = 0
  /// The `limit` policy's ceiling, linear (`RenderOptions.ceiling`): full scale for PCM, −1 dBFS
  /// for the lossy formats; for an actuator's drive, the actuator's ceiling.
  public var limiterCeiling = 1.0
  /// The smallest gain the `limit` policy applied, 0 … 1 (1: none).
  public var smallestLimiterGain = 1.0

  /// Length of the output in seconds.
  public var durationSeconds: Double { Double(frameCount) / Double(sampleRate) }
}
