/// What a peak limiter found: over a whole render (``PeakLimiter/figures``), or over one time
/// range of it (``RangeLimiter``), the ranges' figures added into the render's.
package struct LimiterFigures: Sendable, Equatable {
  /// Largest sample magnitude before limiting.
  package var inputPeak = 0.0
  /// Separate overloads limited (each time the gain left 1).
  package var overloadCount = 0
  /// The smallest gain applied, 0 … 1 (for a range, that of the frame before it included).
  package var smallestGain = 1.0

  package init() {}

  /// Adds the figures of other frames of the same render.
  package mutating func add(_ other: LimiterFigures) {
    inputPeak = max(inputPeak, other.inputPeak)
    overloadCount += other.overloadCount
    smallestGain = min(smallestGain, other.smallestGain)
  }
}
