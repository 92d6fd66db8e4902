import HapticAudio

/// The target of an ``EqualizingSource`` and the drive made from it, block by block: the
/// target's frames, then zeros up to the output's length, through ``EqualizingDrive``, a chunk
/// of ``chunkFrames`` at a time from the first frame on (so that the drive's fours of frames,
/// and its bytes, do not depend on the blocks asked for). When asked, the target frames wait in
/// a queue until the drive's frames that the look-ahead gain holds back have left, so that the
/// two stay frame for frame.
///
/// Memory: the target's block, a chunk, and in the queue the frames the look-ahead gain holds
/// (two blocks, a chunk and 5 ms at most).
struct EqualizedTarget {
  private var target: TargetReader
  private var equalizer: EqualizingDrive
  /// Frames of the output made so far, of `frameCount`.
  private var made = 0
  private let frameCount: Int
  /// The drive of the frames from `made − chunk.count` on, delivered up to `chunkPosition`.
  private var chunk: [Float] = []
  private var chunkPosition = 0
  /// Frames the drive is made in at a time: a multiple of four.
  static let chunkFrames = 1_024
  /// Target frames whose drive has been made but not delivered, from `queueStart` on; `nil`
  /// when the target is not kept.
  private var queue: [Float]?
  private var queueStart = 0

  init(_ source: any FrameSource, equalizer: EqualizingDrive, frameCount: Int, blockSize: Int, keepsTarget: Bool) {
    target = TargetReader(source, blockSize: blockSize)
    self.equalizer = equalizer
    self.frameCount = frameCount
    queue = keepsTarget ? [] : nil
  }

  /// Fills channel 0 of `block` with the drive of the next frames, as many as it holds or as
  /// are left.
  ///
  /// - Returns: `false` once every frame has been delivered; `block` is then untouched.
  mutating func makeDrive(into block: inout AudioBlock) throws -> Bool {
    var written = 0
    while written < block.capacity {
      if chunkPosition == chunk.count {
        guard made < frameCount else { break }
        try makeChunk()
      }
      let count = min(block.capacity - written, chunk.count - chunkPosition)
      let (start, place) = (chunkPosition, written)
      block.withUnsafeMutableChannel(0) { channel in
        chunk.withUnsafeBufferPointer { chunk in
          channel.baseAddress!.advanced(by: place).update(from: chunk.baseAddress! + start, count: count)
        }
      }
      chunkPosition += count
      written += count
    }
    guard written > 0 else { return false }
    block.setFrameCount(written)
    return true
  }

  /// Makes the drive of the next chunk of frames, the target's kept in the queue when asked.
  private mutating func makeChunk() throws {
    let count = min(Self.chunkFrames, frameCount - made)
    // Taken out and put back, so that the target can be read into it.
    var chunk = self.chunk.count == count ? self.chunk : Array(repeating: 0, count: count)
    self.chunk = []
    defer { self.chunk = chunk }
    try chunk.withUnsafeMutableBufferPointer { frames in
      try takeTarget(into: frames)
      if queue != nil {
        if queueStart > 0, queueStart * 2 >= queue!.count {
          queue!.removeFirst(queueStart)
          queueStart = 0
        }
        queue!.append(contentsOf: frames)
      }
      equalizer.equalize(frames)
    }
    chunkPosition = 0
  }

  /// Fills `frames` with the next frames of the target, zeros after its end, without a drive.
  private mutating func takeTarget(into frames: UnsafeMutableBufferPointer<Float>) throws {
    try target.fill(frames)
    made += frames.count
  }

  /// Moves the oldest `frames.count` queued target frames to `frames`.
  ///
  /// - Precondition: the target is kept, and that many frames are queued.
  mutating func dequeueTarget(into frames: UnsafeMutableBufferPointer<Float>) {
    queue!.withUnsafeBufferPointer { queued in
      frames.baseAddress!.update(from: queued.baseAddress! + queueStart, count: frames.count)
    }
    queueStart += frames.count
  }
}
