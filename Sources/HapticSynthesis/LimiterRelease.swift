/// The last stage of ``LimiterGain``: the gain follows its target down at once, and back up at
/// most `(1 − lowest)/release` per frame, `lowest` being the lowest gain since it was last 1.
package struct LimiterRelease: Sendable {
  /// Release in frames, ≥ 1.
  package let release: Int

  /// The gain of the latest frame, 0 … 1.
  package private(set) var gain = 1.0
  /// The lowest gain since the gain was last 1.
  private var lowest = 1.0
  /// `(1 − steppedLowest) / release`: how much the gain rises per frame, computed when the
  /// gain rises (not at each new `lowest` while it falls).
  private var step = 0.0
  /// The `lowest` that `step` was computed for.
  private var steppedLowest = 1.0

  /// Separate overloads so far (each time the gain left 1).
  package private(set) var overloadCount = 0
  /// The smallest gain so far, 0 … 1 (since ``restartSmallestGain()``).
  package private(set) var smallestGain = 1.0

  package init(release: Int) {
    self.release = release
  }

  /// Starts the smallest gain afresh from the gain of the latest frame: the gain falls only
  /// where ``follow(_:)`` records it, so the smallest gain from then on is the smallest of the
  /// gains of the latest frame and the frames after it.
  package mutating func restartSmallestGain() {
    smallestGain = gain
  }

  /// The next frame's gain for a target of `target` (0 … 1): `target` when it is below the
  /// gain, else the gain risen by its step, but not above `target`.
  package mutating func follow(_ target: Double) -> Double {
    if target < gain {
      if gain == 1 { overloadCount += 1 }
      gain = target
      lowest = min(lowest, target)
      smallestGain = min(smallestGain, target)
    } else if gain < 1 {
      updateStep()
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
  package mutating func rise(upTo limit: Int, gains: UnsafeMutablePointer<Double>) -> Int {
    precondition(gain < 1, "the gain rises only from below 1")
    updateStep()
    var gain = gain
    var run = 0
    while run < limit {
      // Each gain is `min(1, previous + step)` either way: in closed form it is below 1.
      let (count, increment) = RepeatedAddition.stretch(from: gain, step: step)
      let start = gain
      let stretch = min(count, limit - run)
      Self.write(stretch, from: start, by: increment, to: gains + run)
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

  /// Writes `start + Double(k) * increment` for `k` = 1 … `count` to `target`, eight at a
  /// time: each lane rounds its product and its sum as the scalar expression does.
  private static func write(
    _ count: Int, from start: Double, by increment: Double, to target: UnsafeMutablePointer<Double>
  ) {
    let output = UnsafeMutableRawPointer(target)
    var multiples = SIMD8<Double>(1, 2, 3, 4, 5, 6, 7, 8)
    var index = 0
    while index + 8 <= count {
      output.storeBytes(of: start + multiples * increment, toByteOffset: index * 8, as: SIMD8<Double>.self)
      multiples += 8
      index += 8
    }
    while index < count {
      target[index] = start + Double(index + 1) * increment
      index += 1
    }
  }

  /// Brings `step` up to date with `lowest`.
  @inline(__always)
  private mutating func updateStep() {
    if steppedLowest != lowest {
      steppedLowest = lowest
      step = (1 - lowest) / Double(release)
    }
  }

  private mutating func reachOne() {
    gain = 1
    lowest = 1
    steppedLowest = 1
    step = 0
  }
}
