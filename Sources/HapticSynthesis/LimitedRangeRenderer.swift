import HapticAudio

/// One of several renderers that share a limited render by time range (``RangeRenderer``),
/// each applying the peak limiter to its own ranges: it renders a whole range, then the
/// `lookahead − 1` frames after it (which lie in other renderers' ranges), measures their
/// magnitudes, waits for the limiter's state at the range's first frame from the range before
/// (``LimiterRelay``), limits the range (``RangeLimiter``), hands the state at its end on, and
/// gives the range's blocks. Only the limiting waits: the ranges' limiting is one chain through
/// the threads, the rendering and measuring are not.
/// Its blocks are those of a render of every frame through ``PeakLimiter``, bit for bit, less
/// the other renderers' ranges.
///
/// Memory: the blocks of a range, its loudest magnitudes and its gains (12 bytes a frame), and
/// the blocks of the ring it gives them into.
package struct LimitedRangeRenderer: Sendable {
  private var ranges: RangeRenderer
  private let thread: Int
  private let relay: LimiterRelay
  /// The limiter's state at the render's first frame.
  private let firstState: LimiterGain
  private var limiter = RangeLimiter()
  /// The range's blocks, rendered and limited, and how many are given; made with the first
  /// range, on the thread that renders it.
  private var staged: [AudioBlock] = []
  private var stagedCount = 0
  private var given = 0
  /// Renders the frames after a range, and the loudest magnitude of each.
  private var ahead: AudioBlock
  private var aheadLoudest: [Float]
  /// Frames of each block.
  private let blockSize: Int

  /// - Parameters:
  ///   - ranges: This thread's renderer, rendering the ranges of index `thread`.
  ///   - thread: Which thread this is, as in ``LimiterRelay``.
  ///   - relay: What hands the limiter's state from range to range, shared by the threads.
  ///   - firstState: The limiter's gain curve at the render's first frame
  ///     (``PeakLimiter/gain(ceiling:sampleRate:)``).
  ///   - blockSize: Frames of each block, a divisor of the ranges' length.
  package init(
    _ ranges: RangeRenderer, thread: Int, relay: LimiterRelay, firstState: LimiterGain, blockSize: Int
  ) {
    precondition(ranges.rangeFrames % blockSize == 0, "a block that crosses the end of a range")
    precondition(
      ranges.framesBetweenRanges >= firstState.lookahead - 1, "a look-ahead that reaches the renderer's next range")
    self.ranges = ranges
    self.thread = thread
    self.relay = relay
    self.firstState = firstState
    let channelCount = ranges.renderer.layout.channelCount
    self.blockSize = blockSize
    ahead = AudioBlock(channelCount: channelCount, capacity: max(1, min(firstState.lookahead - 1, blockSize)))
    aheadLoudest = Array(repeating: 0, count: firstState.lookahead)
  }

  /// Exchanges `block` (of the render's channel count and block size) with the next limited
  /// block of this renderer's ranges.
  ///
  /// - Returns: `false` when the ranges left are other renderers', or the relay was cancelled.
  package mutating func render(into block: inout AudioBlock) -> Bool {
    if given == stagedCount {
      guard stageNextRange() else { return false }
    }
    swap(&block, &staged[given])
    given += 1
    return true
  }

  /// Renders and limits this renderer's next range into `staged`.
  ///
  /// - Returns: `false` when there is none, or the relay was cancelled.
  private mutating func stageNextRange() -> Bool {
    let firstFrame = ranges.nextFrame
    guard firstFrame < ranges.renderer.frameCount else { return false }
    if staged.isEmpty {
      let channelCount = ranges.renderer.layout.channelCount
      staged = (0..<ranges.rangeFrames / blockSize).map { _ in
        AudioBlock(channelCount: channelCount, capacity: blockSize)
      }
    }
    stagedCount = 0
    given = 0
    while stagedCount < staged.count, ranges.render(into: &staged[stagedCount]) { stagedCount += 1 }
    let aheadCount = renderAhead()
    limiter.measure(
      staged, blockCount: stagedCount, ahead: aheadLoudest[0..<aheadCount], lookahead: firstState.lookahead)
    guard let state = firstFrame == 0 ? firstState : relay.take(for: thread) else { return false }
    let (thread, relay) = (thread, relay)
    let figures = limiter.limit(&staged, blockCount: stagedCount, firstFrame: firstFrame, state: state) {
      relay.publish($0, from: thread)
    }
    relay.record(figures)
    return true
  }

  /// Renders the frames after the range just rendered, up to `lookahead − 1` of them, into
  /// `aheadLoudest`.
  ///
  /// - Returns: How many.
  private mutating func renderAhead() -> Int {
    let count = min(firstState.lookahead - 1, ranges.renderer.frameCount - ranges.renderer.position)
    var written = 0
    while written < count, ranges.renderOn(into: &ahead) {
      let frames = min(ahead.frameCount, count - written)
      ahead.setFrameCount(frames)
      aheadLoudest.withUnsafeMutableBufferPointer {
        _ = PeakLimiter.measureLoudest(ahead, into: $0.baseAddress! + written)
      }
      written += frames
    }
    return written
  }
}
