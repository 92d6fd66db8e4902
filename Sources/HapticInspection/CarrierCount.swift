/// The frequency of a carrier from its zero crossings, upward and downward, each placed between
/// the samples on either side by linear interpolation: whole periods (an even number of half
/// periods, so that a slow offset moving the upward and downward crossings apart cancels) from
/// the first crossing, over the time they span. Samples within a floor of 0 lie on no side: a
/// signal that starts or ends near rest, or a previous event's last ringing, has no crossing
/// there. Three crossings (one period) suffice, so a transient of two cycles has a carrier; the
/// interpolation makes it exact to a small share of a frame (a whole frame is 1.6 Hz at 275 Hz
/// and 48 kHz).
package struct CarrierCount: Sendable {
  /// The share of the signal's peak below which a sample lies on no side of 0.
  package static let floorShare = 0.02

  /// The last sample beyond the floor, and its frame.
  private var last: (sample: Double, frame: Int)?
  /// The first crossing, in frames; the latest at the end of a whole period; how many so far.
  private var first: Double?
  private var latestWhole = 0.0
  private var crossings = 0

  package init() {}

  /// Takes the sample at `frame` (frames in increasing order) of a signal that peaks at `peak`.
  package mutating func take(_ sample: Double, at frame: Int, peak: Double) {
    guard abs(sample) > Self.floorShare * peak else { return }
    if let last, (last.sample < 0) != (sample < 0) {
      let time = Double(last.frame) + last.sample / (last.sample - sample) * Double(frame - last.frame)
      if first == nil { first = time }
      crossings += 1
      if crossings % 2 == 1 { latestWhole = time }
    }
    last = (sample, frame)
  }

  /// The carrier's frequency in Hz, or `nil` without a whole period.
  package func frequency(sampleRate: Double) -> Double? {
    guard let first, crossings >= 3, latestWhole > first else { return nil }
    let periods = Double((crossings - 1) / 2)
    return periods * sampleRate / (latestWhole - first)
  }
}
