extension AudioBlock {
  /// Largest magnitude among the valid frames.
  package var peak: Double {
    let count = frameCount
    let largest = channels.reduce(Float(0)) { largest, channel in
      channel.withUnsafeBufferPointer { samples in
        // Local accumulators stay in registers; `count` ≤ the buffer's length.
        let raw = UnsafeRawPointer(samples.baseAddress!)
        var peak = SIMD8<Float>()
        var frame = 0
        while frame + 8 <= count {
          let magnitude = raw.loadUnaligned(fromByteOffset: frame * 4, as: SIMD8<Float>.self).magnitude
          peak.replace(with: magnitude, where: magnitude .> peak)
          frame += 8
        }
        var tail = peak.max()
        while frame < count {
          tail = max(tail, abs(samples[frame]))
          frame += 1
        }
        return max(largest, tail)
      }
    }
    return Double(largest)
  }

  /// Clamps the valid frames to ±1.
  ///
  /// - Returns: How many samples were clamped.
  package mutating func clip() -> Int {
    var clipped = 0
    let count = frameCount
    for index in channels.indices {
      withUnsafeMutableChannel(index) { samples in
        for frame in 0..<count where abs(samples[frame]) > 1 {
          samples[frame] = min(max(samples[frame], -1), 1)
          clipped += 1
        }
      }
    }
    return clipped
  }
}
