/// Planar 32-bit float frames: one buffer per channel, of fixed capacity.
///
/// Invariants: every channel holds exactly ``capacity`` samples, and
/// `0 <= frameCount <= capacity`; the unchecked loops that read and write blocks rely on both.
public struct AudioBlock: Sendable {
  /// One buffer per channel, each `capacity` long; frames past `frameCount` are unspecified.
  public private(set) var channels: [[Float]]
  /// Frames valid in each channel, `0...capacity`.
  public private(set) var frameCount: Int
  public let capacity: Int

  /// An empty block: `frameCount` 0, every sample 0.
  public init(channelCount: Int, capacity: Int) {
    precondition(channelCount > 0 && capacity > 0, "a block needs channels and frames")
    channels = Array(repeating: Array(repeating: 0, count: capacity), count: channelCount)
    frameCount = 0
    self.capacity = capacity
  }

  /// A full block holding `channels`, which must be non-empty and of one length.
  public init(channels: [[Float]]) {
    let capacity = channels.first?.count ?? 0
    precondition(capacity > 0 && channels.allSatisfy { $0.count == capacity }, "channels of one non-zero length")
    self.channels = channels
    frameCount = capacity
    self.capacity = capacity
  }

  /// Sets how many frames are valid.
  package mutating func setFrameCount(_ count: Int) {
    precondition((0...capacity).contains(count), "frame count outside the block's capacity")
    frameCount = count
  }

  /// Gives `body` the whole buffer (`capacity` samples) of channel `index` to write.
  package mutating func withUnsafeMutableChannel<Result>(
    _ index: Int, _ body: (UnsafeMutableBufferPointer<Float>) throws -> Result
  ) rethrows -> Result {
    try channels[index].withUnsafeMutableBufferPointer { try body($0) }
  }

  /// Gives `body` the whole buffers (`capacity` samples each) of channels 0 and 1 to write
  /// together, for a source that computes the two frame by frame.
  ///
  /// - Precondition: the block has two channels or more.
  package mutating func withUnsafeMutableFirstTwoChannels<Result>(
    _ body: (UnsafeMutableBufferPointer<Float>, UnsafeMutableBufferPointer<Float>) throws -> Result
  ) rethrows -> Result {
    precondition(channels.count >= 2, "the block has fewer than two channels")
    return try channels.withUnsafeMutableBufferPointer { all in
      try all[0].withUnsafeMutableBufferPointer { first in
        try all[1].withUnsafeMutableBufferPointer { second in try body(first, second) }
      }
    }
  }

  /// Swaps channel `index` with `buffer`, which must hold `capacity` samples: hands a rendered
  /// buffer over without copying it.
  package mutating func exchangeChannel(_ index: Int, with buffer: inout [Float]) {
    precondition(buffer.count == capacity, "a channel holds exactly `capacity` samples")
    swap(&channels[index], &buffer)
  }

  /// Writes the valid frames interleaved (`L0 R0 L1 R1 …`) into `buffer`, which must hold
  /// `frameCount × channels.count` samples.
  public func interleave(into buffer: inout [Float]) {
    let channelCount = channels.count
    precondition(buffer.count >= frameCount * channelCount, "the buffer is too small for the block")
    buffer.withUnsafeMutableBufferPointer { output in
      for (channelIndex, channel) in channels.enumerated() {
        channel.withUnsafeBufferPointer { input in
          for frame in 0..<frameCount {
            output[frame * channelCount + channelIndex] = input[frame]
          }
        }
      }
    }
  }
}
