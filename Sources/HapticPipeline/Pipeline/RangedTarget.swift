import HapticAudio

/// A ``PatternSource`` with its synthesis on several threads (``RangedSource``), as a
/// `FrameSource` that an actuator's drive can follow: the frames are those of the source read
/// on one thread.
///
/// A class: copies share the one synthesis, so only one of them may read.
final class RangedTarget: FrameSource {
  private var source: RangedSource
  let sampleRate: Int
  let channelCount: Int
  let frameCount: Int

  /// Starts the synthesis of `source` on `threadCount` threads (≥ 2), in blocks of `blockSize`
  /// frames (its options' block size).
  init(_ source: consuming PatternSource, threadCount: Int, blockSize: Int) {
    sampleRate = source.sampleRate
    channelCount = source.channelCount
    frameCount = source.frameCount
    self.source = source.synthesizedInRanges(threadCount: threadCount, blockSize: blockSize)
  }

  func read(into block: inout AudioBlock) -> Bool {
    source.read(into: &block)
  }
}
