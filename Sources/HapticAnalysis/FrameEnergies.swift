/// What takes each compared frame's sums of squares, expected and actual (over the channels):
/// the envelope metric's windows, or nothing, so that a comparison that needs none spends no
/// call on each frame.
protocol FrameEnergies {
  mutating func add(expectedEnergy: Double, actualEnergy: Double)
}

extension EnvelopeComparison: FrameEnergies {}

/// Takes nothing: the sums of squares of a comparison by samples.
struct NoFrameEnergies: FrameEnergies {
  @inline(__always)
  func add(expectedEnergy: Double, actualEnergy: Double) {}
}
