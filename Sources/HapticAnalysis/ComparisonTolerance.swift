/// How close two renders must be to count as the same sound.
public struct ComparisonTolerance: Sendable, Equatable, Codable {
  /// What is compared.
  public enum Metric: String, Sendable, Equatable, Codable, CaseIterable {
    /// Every sample: ``maxDifference`` and ``minimumSNR`` apply.
    case samples
    /// The loudness envelopes (``EnvelopeComparison``): ``maximumLevelDifference`` applies.
    /// Streams of different lengths are compared, the shorter one continued by silence.
    case envelope
  }

  public var metric: Metric
  /// Largest accepted |expected − actual| of any sample, in full-scale units. Default 1e-4.
  public var maxDifference: Double
  /// Smallest accepted signal-to-difference ratio in dB. Default 60. Not checked when the
  /// expected signal is silent.
  public var minimumSNR: Double
  /// Largest accepted difference of the loudness envelopes of any 10 ms window, in dB (the
  /// envelope metric), ≥ 0. Default 1.5: a sharpness change moves a window by less than 1 dB,
  /// an intensity change from 0.8 to 0.7 by 2.3 dB, from 0.8 to 0.6 by 5 dB.
  public var maximumLevelDifference: Double

  public init(
    maxDifference: Double = 1e-4, minimumSNR: Double = 60, metric: Metric = .samples,
    maximumLevelDifference: Double = 1.5
  ) {
    self.metric = metric
    self.maxDifference = maxDifference
    self.minimumSNR = minimumSNR
    self.maximumLevelDifference = maximumLevelDifference
  }
}
