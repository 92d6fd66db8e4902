/// The band of frequencies, in Hz, over which a wideband actuator is driven
/// (``ActuatorModel/usableBand``): the pattern's carriers span it, and the drive equalizes the
/// actuator's response within it (docs/actuators.md §8).
public struct FrequencyBand: Sendable, Hashable, Codable {
  /// The lower edge, in Hz: the carrier at sharpness 0. At least 1 Hz.
  public var minimumFrequency: Double
  /// The upper edge, in Hz: the carrier at sharpness 1. Above the lower edge and below half the
  /// sample rate.
  public var maximumFrequency: Double

  public init(minimumFrequency: Double, maximumFrequency: Double) {
    self.minimumFrequency = minimumFrequency
    self.maximumFrequency = maximumFrequency
  }

  /// The lowest lower edge accepted, in Hz.
  public static let lowestFrequency = 1.0

  /// Checks the band against the sample rate: each edge at least 1 Hz, the upper above the
  /// lower and below half the sample rate.
  ///
  /// - Throws: ``RenderError/optionOutOfRange(_:value:range:)`` naming
  ///   ``RenderOptions/Setting/actuatorBandEdge`` and the edge at fault, or
  ///   ``RenderError/carrierAboveNyquist(frequency:sampleRate:)`` for an upper edge not below half
  ///   the sample rate.
  public func validate(sampleRate: Int) throws(RenderError) {
    let edges = RenderOptions.Bounds.atLeast(Self.lowestFrequency)
    guard edges.contains(minimumFrequency) else {
      throw .optionOutOfRange(.actuatorBandEdge, value: minimumFrequency, range: edges)
    }
    let above = RenderOptions.Bounds(minimumFrequency...Double.infinity, excludingLowerBound: true)
    guard above.contains(maximumFrequency) else {
      throw .optionOutOfRange(.actuatorBandEdge, value: maximumFrequency, range: above)
    }
    guard 2 * maximumFrequency < Double(sampleRate) else {
      throw .carrierAboveNyquist(frequency: maximumFrequency, sampleRate: sampleRate)
    }
  }
}
