import HapticAudio
import HapticSynthesis

/// The blocks of a render synthesized by several threads, each a time range at a time: range
/// `k` of ``rangeBlocks(blockSize:)`` blocks is rendered by thread `k mod threads`
/// (`RangeRenderer`) into a ring of blocks of its own, and the blocks are read back in order,
/// the same bit for bit as one renderer's.
package final class RangedSynthesis {
  private let threads: [BlockPipeline<RangeRenderer>]
  private let rangeBlocks: Int
  private var blocksRead = 0

  /// Blocks of a range: at least those a thread's ring holds, so that each thread can render a
  /// whole range while the ranges before it are read, and a whole number of
  /// `RangeRenderer`'s exact sines (4 blocks of 32,768 frames, 16 of 64).
  package static func rangeBlocks(blockSize: Int) -> Int {
    var blocks = 1
    while blocks * blockSize % RotatingSine.resyncFrames != 0 { blocks += 1 }
    let depth = BlockPipeline<RangeRenderer>.depth
    return (depth + blocks - 1) / blocks * blocks
  }

  /// Starts `threadCount` threads (≥ 1) on `renderer`, a render not started yet, whose blocks
  /// hold `blockSize` frames (its options' block size).
  package init(_ renderer: Renderer, threadCount: Int, blockSize: Int) {
    rangeBlocks = Self.rangeBlocks(blockSize: blockSize)
    let rangeFrames = rangeBlocks * blockSize
    threads = (0..<threadCount).map { index in
      BlockPipeline(
        RangeRenderer(renderer, index: index, of: threadCount, rangeFrames: rangeFrames),
        channelCount: renderer.layout.channelCount, blockSize: blockSize
      ) { $0.render(into: &$1) }
    }
  }

  /// Exchanges `block` (of the render's channel count and block size) with the next block of
  /// the render, waiting for it if need be.
  ///
  /// - Returns: `false` once every block has been read; `block` is then untouched.
  package func render(into block: inout AudioBlock) -> Bool {
    guard threads[(blocksRead / rangeBlocks) % threads.count].read(into: &block) else { return false }
    blocksRead += 1
    return true
  }
}
