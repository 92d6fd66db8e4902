/// The track's values over frames as runs that are constant or linear in the frame index, for
/// sums over many frames in closed form (``CarrierPhase``).
extension ParameterTrack {
  /// Values over a run of consecutive frames.
  package enum Run {
    /// The same value at every frame.
    case constant(Double)
    /// `first + step · j` at the run's `j`-th frame, within the parameter's range throughout.
    case linear(first: Double, step: Double)
  }

  /// Calls `body` with consecutive runs that together cover frames `start ..< end` (frame `n`
  /// at `n · secondsPerFrame` seconds, `start ≥ 0`), in frame order; at each frame the run's
  /// value is ``next(at:)``'s, to the rounding of the linear form. The clamp to the parameter's
  /// range splits a piece of the control where it starts to act, at the frame where
  /// ``next(at:)`` starts to apply it.
  package func forEachRun(
    from start: Int = 0, before end: Int, secondsPerFrame: Double, _ body: (Range<Int>, Run) -> Void
  ) {
    guard end > start else { return }
    guard control != nil else { return body(start..<end, .constant(base)) }
    var index = -1
    if start > 0 { _ = timeline.value(at: Double(start) * secondsPerFrame, from: &index) }
    var first = start
    while first < end {
      let piece = timeline.segment(at: index)
      index += 1
      let last = piece.end.isFinite ? min(Self.firstFrame(atOrAfter: piece.end, secondsPerFrame), end) : end
      guard last > first else { continue }
      splitAtClamp(first..<last, piece: piece, secondsPerFrame: secondsPerFrame, body)
      first = last
    }
  }

  /// The first frame `n ≥ 0` whose time `n · secondsPerFrame` is at or after `time`.
  private static func firstFrame(atOrAfter time: Double, _ secondsPerFrame: Double) -> Int {
    var low = 0
    var high = max(Int(min((time / secondsPerFrame).rounded(.up), 0x1p62)), 0) + 1
    while low < high {
      let middle = (low + high) / 2
      if Double(middle) * secondsPerFrame >= time { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// `frames` of one piece of the control, as runs below, inside and above the range.
  private func splitAtClamp(
    _ frames: Range<Int>, piece: (start: Double, end: Double, value: Double, slope: Double), secondsPerFrame: Double,
    _ body: (Range<Int>, Run) -> Void
  ) {
    /// The value before the clamp, as ``next(at:)`` computes it.
    func unclamped(_ frame: Int) -> Double {
      let value = piece.value + piece.slope * (Double(frame) * secondsPerFrame - piece.start)
      return multiplies ? base * value : base + value
    }
    /// The first frame of `frames` at which `isPast` holds (it holds for a suffix).
    func firstFrame(where isPast: (Double) -> Bool) -> Int {
      var (low, high) = (frames.lowerBound, frames.upperBound)
      while low < high {
        let middle = (low + high) / 2
        if isPast(unclamped(middle)) { high = middle } else { low = middle + 1 }
      }
      return low
    }
    let rising = unclamped(frames.upperBound - 1) >= unclamped(frames.lowerBound)
    // Where the value enters the range and where it leaves it, in frame order.
    let entry = firstFrame { rising ? $0 >= lowest : $0 <= highest }
    let exit = firstFrame { rising ? $0 > highest : $0 < lowest }
    let (before, after) = rising ? (lowest, highest) : (highest, lowest)
    if entry > frames.lowerBound { body(frames.lowerBound..<min(entry, exit), .constant(before)) }
    if exit > entry {
      let step = (multiplies ? base * piece.slope : piece.slope) * secondsPerFrame
      body(entry..<exit, .linear(first: unclamped(entry), step: step))
    }
    if exit < frames.upperBound { body(max(exit, frames.lowerBound)..<frames.upperBound, .constant(after)) }
  }
}
