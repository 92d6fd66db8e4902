import HapticAudio

/// The frames of a one-channel source taken in runs of any length, for a drive that follows
/// them: read in place from the source's current block where a run fits in it, or copied,
/// with zeros after the source's end.
struct TargetReader {
  private var source: any FrameSource
  /// The source's current block and the next frame to take from it.
  private var block: AudioBlock
  private var position = 0
  private var isFinished = false

  /// - Parameter blockSize: The largest block read from `source`, in frames.
  init(_ source: any FrameSource, blockSize: Int) {
    self.source = source
    block = AudioBlock(channelCount: 1, capacity: blockSize)
    block.setFrameCount(0)
  }

  /// Reads the source's next block when every frame of the current one has been taken.
  ///
  /// - Returns: How many frames are left in the current block: 0 once the source has ended.
  mutating func available() throws -> Int {
    if position == block.frameCount, !isFinished {
      if try source.read(into: &block) { position = 0 } else { isFinished = true }
    }
    return isFinished ? 0 : block.frameCount - position
  }

  /// Calls `body` with the next `count` frames of the current block, at most ``available()``,
  /// and takes the first `taken` of them, which `body` returns beside its result.
  mutating func take<Result>(
    _ count: Int, _ body: (UnsafeBufferPointer<Float>) throws -> (taken: Int, result: Result)
  ) rethrows -> Result {
    precondition(count <= block.frameCount - position, "frames asked past the end of the block")
    let start = position
    let (taken, result) = try block.channels[0].withUnsafeBufferPointer {
      try body(UnsafeBufferPointer(rebasing: $0[start..<start + count]))
    }
    position += taken
    return result
  }

  /// Fills `frames` with the next frames, zeros after the source's end.
  mutating func fill(_ frames: UnsafeMutableBufferPointer<Float>) throws {
    var filled = 0
    while filled < frames.count {
      let count = min(frames.count - filled, try available())
      guard count > 0 else {
        frames.baseAddress!.advanced(by: filled).update(repeating: 0, count: frames.count - filled)
        return
      }
      take(count) { samples in
        frames.baseAddress!.advanced(by: filled).update(from: samples.baseAddress!, count: count)
        return (count, ())
      }
      filled += count
    }
  }
}
