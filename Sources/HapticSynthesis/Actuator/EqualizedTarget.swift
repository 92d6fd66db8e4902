import HapticAudio

/// The target of an ``EqualizingSource`` and the drive made from it, block by block: the
/// target's frames, then zeros up to the output's length, through ``EqualizingDrive``. When
/// asked, the target frames wait in a queue until the drive's frames that the look-ahead gain
/// holds back have left, so that the two stay frame for frame.
///
/// Memory: the target's block, and in the queue the frames the look-ahead gain holds (two
/// blocks and 5 ms at most).
struct EqualizedTarget {
  private var source: any FrameSource
  private var equalizer: EqualizingDrive
  /// The source's current block and the next frame to take from it.
  private var sourceBlock: AudioBlock
  private var sourcePosition = 0
  private var isSourceFinished = false
  /// Frames of the output made so far, of ``frameCount``.
  private var made = 0
  private let frameCount: Int
  /// Target frames whose drive has been made but not delivered, from `queueStart` on; `nil`
  /// when the target is not kept.
  private var queue: [Float]?
  private var queueStart = 0

  init(_ source: any FrameSource, equalizer: EqualizingDrive, frameCount: Int, blockSize: Int, keepsTarget: Bool) {
    self.source = source
    self.equalizer = equalizer
    self.frameCount = frameCount
    sourceBlock = AudioBlock(channelCount: 1, capacity: blockSize)
    sourceBlock.setFrameCount(0)
    queue = keepsTarget ? [] : nil
  }

  /// Fills channel 0 of `block` with the drive of the next frames, as many as it holds or as
  /// are left.
  ///
  /// - Returns: `false` once every frame has been made; `block` is then untouched.
  mutating func makeDrive(into block: inout AudioBlock) throws -> Bool {
    let count = min(block.capacity, frameCount - made)
    guard count > 0 else { return false }
    try block.withUnsafeMutableChannel(0) { channel in
      let frames = UnsafeMutableBufferPointer(rebasing: channel[0..<count])
      try takeTarget(into: frames)
      if queue != nil {
        if queueStart > 0, queueStart * 2 >= queue!.count {
          queue!.removeFirst(queueStart)
          queueStart = 0
        }
        queue!.append(contentsOf: frames)
      }
      // In place: each frame of the drive is made from the same frame of the target.
      equalizer.drive(UnsafeBufferPointer(frames), into: frames)
    }
    block.setFrameCount(count)
    return true
  }

  /// Fills `frames` with the next frames of the target, zeros after its end, without a drive.
  mutating func takeTarget(into frames: UnsafeMutableBufferPointer<Float>) throws {
    var filled = 0
    while filled < frames.count {
      if sourcePosition == sourceBlock.frameCount, !isSourceFinished {
        if try source.read(into: &sourceBlock) { sourcePosition = 0 } else { isSourceFinished = true }
      }
      guard !isSourceFinished else {
        frames.baseAddress!.advanced(by: filled).update(repeating: 0, count: frames.count - filled)
        break
      }
      let taken = min(frames.count - filled, sourceBlock.frameCount - sourcePosition)
      sourceBlock.channels[0].withUnsafeBufferPointer { samples in
        frames.baseAddress!.advanced(by: filled).update(from: samples.baseAddress! + sourcePosition, count: taken)
      }
      sourcePosition += taken
      filled += taken
    }
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
