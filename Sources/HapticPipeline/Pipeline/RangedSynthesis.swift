import HapticAudio
import HapticSynthesis

/// The blocks of a render synthesized by several threads, each a time range at a time: range
/// `k` of ``rangeBlocks(blockSize:)`` blocks is rendered by thread `k mod threads`
/// (`RangeRenderer`) into a ring of blocks of its own, and the blocks are read back in order,
/// the same bit for bit as one renderer's. With a peak limiter, each thread also limits its
/// ranges (`LimitedRangeRenderer`), the limiter's state handed from range to range
/// (`LimiterRelay`), when ``limitsInRanges(threadCount:blockSize:)``.
package final class RangedSynthesis {
  /// Each thread's next block, as `BlockPipeline.read(into:)`.
  private let threads: [(inout AudioBlock) -> Bool]
  private let relay: LimiterRelay?
  private let rangeBlocks: Int
  private var blocksRead = 0

  /// Blocks of a range: at least those a thread's ring holds (``BlockPipeline/depth``), so that
  /// each thread can render a whole range while the ranges before it are read; a whole number
  /// of `RangeRenderer`'s exact sines (4 blocks of 32,768 frames, 16 of 64); and more frames than the peak limiter looks
  /// ahead at the highest rate (1,920 at 384 kHz), so that what a thread renders past its range
  /// to limit it stays in the other threads' ranges (32 blocks of 64).
  package static func rangeBlocks(blockSize: Int) -> Int {
    var blocks = 1
    while blocks * blockSize % RotatingSine.resyncFrames != 0 { blocks += 1 }
    let lookahead = PeakLimiter.gain(ceiling: 1, sampleRate: RenderOptions.sampleRates.upperBound).lookahead
    let least = max(BlockPipeline<RangeRenderer>.depth, (lookahead + blockSize - 1) / blockSize)
    return (least + blocks - 1) / blocks * blocks
  }

  /// Whether the threads limit their own ranges: with two threads or more (each renders past
  /// its range, into the others'), and ranges of at most 262,144 frames, since a thread then
  /// holds three ranges' blocks (the one it limits and two in its ring) and 12 bytes a frame of
  /// one range (a block size with few factors of 2 makes a range 1,024 blocks long: the limiter
  /// then follows the threads, on the thread that reads).
  package static func limitsInRanges(threadCount: Int, blockSize: Int) -> Bool {
    threadCount >= 2 && rangeBlocks(blockSize: blockSize) * blockSize <= 262_144
  }

  /// Starts `threadCount` threads (≥ 1) on `renderer`, a render not started yet, whose blocks
  /// hold `blockSize` frames (its options' block size); with `limiter`, the peak limiter's gain
  /// curve at the first frame (`PeakLimiter.gain(ceiling:sampleRate:)`), they limit the blocks.
  ///
  /// - Precondition: Without a limiter, or ``limitsInRanges(threadCount:blockSize:)``.
  package init(_ renderer: Renderer, threadCount: Int, blockSize: Int, limiter: LimiterGain? = nil) {
    precondition(
      limiter == nil || Self.limitsInRanges(threadCount: threadCount, blockSize: blockSize),
      "ranges too few or too long to limit on their threads")
    let rangeBlocks = Self.rangeBlocks(blockSize: blockSize)
    self.rangeBlocks = rangeBlocks
    let rangeFrames = rangeBlocks * blockSize
    let channelCount = renderer.layout.channelCount
    let relay = limiter.map { _ in LimiterRelay(threadCount: threadCount) }
    self.relay = relay
    threads = (0..<threadCount).map { index in
      let ranges = RangeRenderer(renderer, index: index, of: threadCount, rangeFrames: rangeFrames)
      if let limiter, let relay {
        // Two ranges deep: a thread limits its next range while the reader takes its last.
        let pipeline = BlockPipeline(
          LimitedRangeRenderer(ranges, thread: index, relay: relay, firstState: limiter, blockSize: blockSize),
          channelCount: channelCount, blockSize: blockSize, depth: 2 * rangeBlocks
        ) { $0.render(into: &$1) }
        return { pipeline.read(into: &$0) }
      }
      let pipeline = BlockPipeline(ranges, channelCount: channelCount, blockSize: blockSize) { $0.render(into: &$1) }
      return { pipeline.read(into: &$0) }
    }
  }

  deinit {
    // Wakes the threads waiting for a limiter's state, before their pipelines stop them.
    relay?.cancel()
  }

  /// With a limiter, what it found in the ranges limited so far (every range once every block
  /// has been read).
  package var limiterFigures: LimiterFigures? { relay?.figures }

  /// Exchanges `block` (of the render's channel count and block size) with the next block of
  /// the render, waiting for it if need be.
  ///
  /// - Returns: `false` once every block has been read; `block` is then untouched.
  package func render(into block: inout AudioBlock) -> Bool {
    guard threads[(blocksRead / rangeBlocks) % threads.count](&block) else { return false }
    blocksRead += 1
    return true
  }
}
