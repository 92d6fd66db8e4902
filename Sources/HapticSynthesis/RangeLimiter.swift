import HapticAudio

/// ``PeakLimiter`` over one time range of a render whose ranges are limited on several threads
/// (``LimitedRangeRenderer``): the range's frames are multiplied by the gains the limiter gives
/// them reading every frame of the render in order, bit for bit.
///
/// The gains of a range's frames depend on the frames before it only through the gain curve's
/// state at its first frame (``LimiterGain``, handed over by the range before), and on the
/// `lookahead − 1` frames after it, which the range's renderer renders ahead. Memory: the
/// loudest magnitude and the gain of each frame of the range, kept from range to range.
package struct RangeLimiter: Sendable {
  /// The loudest magnitude of each frame of the range, then of the frames after it.
  private var loudest: [Float] = []
  /// The gain of each frame from the first one this range settles, by place.
  private var gains: [Double] = []
  /// The stretches of places in `gains` written; the other frames' gains are exactly 1.
  private var scaled: [Range<Int>] = []
  /// The frames of the range measured last, and their largest magnitude.
  private var measuredFrames = 0
  private var inputPeak = 0.0

  package init() {}

  /// Reads the loudest magnitude of each frame of `blocks[0 ..< blockCount]`, a range, and of
  /// the frames after it: what limiting the range reads of its frames, which does not wait for
  /// the state of the range before.
  ///
  /// - Parameters:
  ///   - ahead: The largest magnitude of each frame after the range, up to `lookahead − 1` of
  ///     them; fewer at the render's end, whose frames after its last are silent.
  ///   - lookahead: The limiter's look-ahead, in frames.
  package mutating func measure(_ blocks: [AudioBlock], blockCount: Int, ahead: ArraySlice<Float>, lookahead: Int) {
    precondition(ahead.count < lookahead, "more frames ahead than the look-ahead")
    let frameCount = blocks[0..<blockCount].reduce(0) { $0 + $1.frameCount }
    measuredFrames = frameCount
    if loudest.count < frameCount + lookahead - 1 { loudest = Array(repeating: 0, count: frameCount + lookahead - 1) }
    inputPeak = 0
    loudest.withUnsafeMutableBufferPointer { loudest in
      var frame = 0
      for block in blocks[0..<blockCount] {
        inputPeak = max(inputPeak, PeakLimiter.measureLoudest(block, into: loudest.baseAddress! + frame))
        frame += block.frameCount
      }
      _ = loudest[frame..<frame + ahead.count].update(fromContentsOf: ahead)
      loudest[(frame + ahead.count)..<(frameCount + lookahead - 1)].update(repeating: 0)
    }
  }

  /// Limits the frames of `blocks[0 ..< blockCount]`, the range `firstFrame ..< firstFrame + n`
  /// of a render that ``measure(_:blockCount:ahead:lookahead:)`` read last, in place.
  ///
  /// - Parameters:
  ///   - state: The gain curve after every frame before `firstFrame` (a new one at frame 0).
  ///   - handOff: Receives the gain curve after the range's last frame, for the range after it,
  ///     before the frames after the range are pushed.
  /// - Returns: The range's figures.
  package mutating func limit(
    _ blocks: inout [AudioBlock], blockCount: Int, firstFrame: Int, state: LimiterGain,
    handOff: (LimiterGain) -> Void
  ) -> LimiterFigures {
    precondition(state.frameCount == firstFrame, "a range limited from the state at another frame")
    let frameCount = blocks[0..<blockCount].reduce(0) { $0 + $1.frameCount }
    precondition(frameCount == measuredFrames, "a range limited before it is measured")
    let lookahead = state.lookahead
    // The range settles the gains of its frames and of the `lookahead − 1` frames before it,
    // which the range before settled too.
    let firstSettled = max(firstFrame - (lookahead - 1), 0)
    let settling = firstFrame + frameCount - firstSettled
    if gains.count < settling { gains = Array(repeating: 1, count: settling) }
    scaled.removeAll(keepingCapacity: true)
    var figures = LimiterFigures()
    figures.inputPeak = inputPeak
    var gain = state
    // Pushed in stretches that end where the gain of the frame before the range has settled
    // (the overloads counted from there are the range's) and at the range's last frame (where
    // the next range takes the state over).
    var overloadsBefore = 0
    var settled = 0
    var pushed = 0
    for end in Set([lookahead - 1, frameCount, frameCount + lookahead - 1]).sorted() {
      settled += loudest.withUnsafeBufferPointer { loudest in
        gains.withUnsafeMutableBufferPointer { gains in
          // Unchecked: `settling` gains settle from place 0, and `gains` holds them.
          gain.pushAll(
            UnsafeBufferPointer(rebasing: loudest[pushed..<end]), gains: gains.baseAddress!, place: settled,
            scaled: &scaled)
        }
      }
      pushed = end
      if end == lookahead - 1 {
        overloadsBefore = gain.overloadCount
        // From the gain of the frame before the range: for the render, the smallest of every
        // range's is the smallest gain of all.
        gain.restartSmallestGain()
      }
      if end == frameCount { handOff(gain) }
    }
    precondition(settled == settling, "a range whose gains did not all settle")
    figures.overloadCount = gain.overloadCount - overloadsBefore
    figures.smallestGain = gain.smallestGain
    gains.withUnsafeBufferPointer { gains in
      var shift = firstFrame - firstSettled
      for index in 0..<blockCount {
        PeakLimiter.apply(gains.baseAddress!, over: scaled, shift: shift, to: &blocks[index])
        shift += blocks[index].frameCount
      }
    }
    return figures
  }
}
