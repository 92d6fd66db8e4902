/// How close two renders must be to count as the same sound.
public struct ComparisonTolerance: Sendable, Equatable, Codable {
  /// Largest accepted |expected − actual| of any sample, in full-scale units. Default 1e-4.
  public var maxDifference: Double
  /// Smallest accepted signal-to-difference ratio in dB. Default 60. Not checked when the
  /// expected signal is silent.
  public var minimumSNR: Double

  public init(maxDifference: Double = 1e-4, minimumSNR: Double = 60) {
    self.maxDifference = maxDifference
    self.minimumSNR = minimumSNR
  }
}
