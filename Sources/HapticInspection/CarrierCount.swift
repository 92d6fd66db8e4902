/// The frequency of a carrier from its upward zero crossings, frame by frame: the crossings
/// after the first, over the frames from the first to the last.
struct CarrierCount: Sendable {
  private var last = 0.0
  private var first: Int?
  private var latest = 0
  private var crossings = 0

  /// Takes the sample at `frame` (frames in increasing order).
  mutating func take(_ sample: Double, at frame: Int) {
    if last < 0, sample >= 0 {
      if first == nil { first = frame }
      latest = frame
      crossings += 1
    }
    last = sample
  }

  /// The carrier's frequency in Hz, or `nil` with fewer than two crossings.
  func frequency(sampleRate: Double) -> Double? {
    guard let first, latest > first else { return nil }
    return Double(crossings - 1) * sampleRate / Double(latest - first)
  }
}
