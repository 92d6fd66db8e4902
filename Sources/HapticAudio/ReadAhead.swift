import HapticSupport

/// A ``FrameSource`` read on a thread of its own, ahead of the thread that takes its blocks
/// (through a ``BlockPipeline``): a golden file is decoded while the pattern it is compared with
/// renders, an actuator's drive is computed while its blocks are written. The blocks, their order and the error that ends them are those of reading the
/// source directly.
///
/// Blocks must be read with the block size given at creation.
package final class ReadAhead<Source: FrameSource>: FrameSource {
  package let sampleRate: Int
  package let channelCount: Int
  package let frameCount: Int
  private let pipeline: BlockPipeline<Reading>
  /// The source once the pipeline has handed it back.
  private var finished: Reading?

  /// The source and what its last `read` threw, owned by the reading thread until it ends.
  private struct Reading {
    var source: Source
    var error: (any Error)?
  }

  /// Starts reading `source` at once, in blocks of `blockSize` frames, at most `depth` blocks
  /// ahead (``BlockPipeline/depth`` unless given).
  package init(_ source: Source, blockSize: Int, depth: Int? = nil) {
    sampleRate = source.sampleRate
    channelCount = source.channelCount
    frameCount = source.frameCount
    pipeline = BlockPipeline(
      Reading(source: source), channelCount: source.channelCount, blockSize: blockSize,
      depth: depth ?? BlockPipeline<Reading>.depth
    ) { reading, block in
      do {
        return try reading.source.read(into: &block)
      } catch {
        reading.error = error
        return false
      }
    }
  }

  /// - Throws: What the source's `read` threw, after the blocks before it.
  package func read(into block: inout AudioBlock) throws -> Bool {
    if finished == nil, pipeline.read(into: &block) { return true }
    let reading = handBack()
    if let error = reading.error { throw error }
    return false
  }

  /// Stops reading ahead (after the block being read) and returns the source.
  package func finish() -> Source {
    handBack().source
  }

  private func handBack() -> Reading {
    if let finished { return finished }
    let reading = pipeline.finish()
    finished = reading
    return reading
  }
}
