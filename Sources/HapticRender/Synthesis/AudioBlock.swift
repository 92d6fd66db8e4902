/// Planar 32-bit float frames: one buffer per channel, of fixed capacity.
public struct AudioBlock: Sendable {
  /// One buffer per channel, each `capacity` long; frames past `frameCount` are unspecified.
  public var channels: [[Float]]
  /// Frames valid in each channel, `0...capacity`.
  public var frameCount: Int
  public let capacity: Int

  public init(channelCount: Int, capacity: Int) {
    precondition(channelCount > 0 && capacity > 0, "a block needs channels and frames")
    channels = Array(repeating: Array(repeating: 0, count: capacity), count: channelCount)
    frameCount = 0
    self.capacity = capacity
  }

  /// Writes the valid frames interleaved (`L0 R0 L1 R1 …`) into `buffer`, which must hold
  /// `frameCount × channels.count` samples.
  public func interleave(into buffer: inout [Float]) {
    let channelCount = channels.count
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
