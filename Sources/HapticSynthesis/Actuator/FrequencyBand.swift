/// The band of frequencies, in Hz, over which a wideband actuator is driven
/// (``ActuatorModel/usableBand``): the pattern's carriers span it, and the drive equalizes the
/// actuator's response within it (docs/actuators.md §8).
public struct FrequencyBand: Sendable, Hashable, Codable {
  /// The lower edge, in Hz: the carrier at sharpness 0. At least 1 Hz.
  public var minimumFrequency: Double
  /// The upper edge, in Hz: the carrier at sharpness 1. Above the lower edge and at most half
  /// the sample rate.
  public var maximumFrequency: Double

  public init(minimumFrequency: Double, maximumFrequency: Double) {
    self.minimumFrequency = minimumFrequency
    self.maximumFrequency = maximumFrequency
  }

  /// The lowest lower edge accepted, in Hz.
  public static let lowestFrequency = 1.0

  /// Checks the band against the sample rate: each edge from 1 Hz to half the sample rate, the
  /// upper above the lower, and not the whole of that range (a band that excludes nothing).
  ///
  /// - Throws: ``RenderError/optionOutOfRange(_:value:range:)`` naming
  ///   ``RenderOptions/Setting/actuatorBandEdge`` and the edge at fault.
  public func validate(sampleRate: Int) throws(RenderError) {
    let nyquist = Double(sampleRate) / 2
    let edges = RenderOptions.Bounds(Self.lowestFrequency...nyquist)
    guard edges.contains(minimumFrequency) else {
      throw .optionOutOfRange(.actuatorBandEdge, value: minimumFrequency, range: edges)
    }
    guard edges.contains(maximumFrequency) else {
      throw .optionOutOfRange(.actuatorBandEdge, value: maximumFrequency, range: edges)
    }
    let above = RenderOptions.Bounds(minimumFrequency...nyquist, excludingLowerBound: true)
    guard above.contains(maximumFrequency), !excludesNothing(sampleRate: sampleRate) else {
      throw .optionOutOfRange(.actuatorBandEdge, value: maximumFrequency, range: above)
    }
  }

  /// Whether the band is every frequency from 1 Hz to half the sample rate.
  public func excludesNothing(sampleRate: Int) -> Bool {
    minimumFrequency <= Self.lowestFrequency && maximumFrequency >= Double(sampleRate) / 2
  }
}
