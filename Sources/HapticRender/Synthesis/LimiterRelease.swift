/// The last stage of ``LimiterGain``: the gain follows its target down at once, and back up at
/// most `(1 − lowest)/release` per frame, `lowest` being the lowest gain since it was last 1.
struct LimiterRelease: Sendable {
  /// Release in frames, ≥ 1.
  let release: Int

  /// The gain of the latest frame, 0 … 1.
  private(set) var gain = 1.0
  /// The lowest gain since the gain was last 1.
  private var lowest = 1.0
  /// `(1 − lowest) / release`: how much the gain rises per frame; kept with `lowest`.
  private var step = 0.0

  /// Separate overloads so far (each time the gain left 1).
  private(set) var overloadCount = 0
  /// The smallest gain so far, 0 … 1.
  private(set) var smallestGain = 1.0

  init(release: Int) {
    self.release = release
  }

  /// The next frame's gain for a target of `target` (0 … 1): `target` when it is below the
  /// gain, else the gain risen by its step, but not above `target`.
  mutating func follow(_ target: Double) -> Double {
    if target < gain {
      if gain == 1 { overloadCount += 1 }
      gain = target
      if target < lowest {
        lowest = target
        step = (1 - lowest) / Double(release)
      }
      smallestGain = min(smallestGain, target)
    } else if gain < 1 {
      gain = min(target, gain + step)
      if gain >= 1 { reachOne() }
    }
    return gain
  }

  /// Follows a target of 1 for up to `limit` frames, while the gain is below 1: the same gains
  /// as ``follow(_:)``, with the additions that stay inside the gain's binade in closed form.
  ///
  /// - Parameter gains: Receives one gain per frame taken.
  /// - Returns: How many frames it took (at least 1 when `limit` is): `limit`, or through the
  ///   one whose gain reaches 1.
  mutating func rise(upTo limit: Int, gains: UnsafeMutablePointer<Double>) -> Int {
    precondition(gain < 1, "the gain rises only from below 1")
    var gain = gain
    var run = 0
    while run < limit {
      // Each gain is `min(1, previous + step)` either way: in closed form it is below 1.
      let (count, increment) = RepeatedAddition.stretch(from: gain, step: step)
      let start = gain
      let stretch = min(count, limit - run)
      for index in 0..<stretch { gains[run + index] = start + Double(index + 1) * increment }
      gain = start + Double(stretch) * increment
      run += stretch
      guard run < limit else { break }
      gain = min(1, gain + step)
      gains[run] = gain
      run += 1
      if gain >= 1 { break }
    }
    self.gain = gain
    if gain >= 1 { reachOne() }
    return run
  }

  private mutating func reachOne() {
    gain = 1
    lowest = 1
    step = 0
  }
}
