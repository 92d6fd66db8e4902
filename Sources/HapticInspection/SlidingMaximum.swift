/// The largest magnitude within `±half` frames of each frame, streamed: frame `m`'s maximum is known
/// once frame `m + half` has been taken. Frames before the first taken do not count.
///
/// A monotonic queue keeps the candidates, in a ring whose size is a power of two (at least
/// `2·half + 2`), so each frame costs O(1) on average.
struct SlidingMaximum {
  let half: Int
  /// The candidates' frames and values, oldest first from `head`.
  private var frames: [Int]
  private var values: [Double]
  private var head = 0
  private var count = 0
  private var nextFrame = 0

  /// - Parameter half: Frames on each side, ≥ 0.
  init(half: Int) {
    self.half = half
    var size = 1
    while size < 2 * half + 2 { size *= 2 }
    frames = Array(repeating: 0, count: size)
    values = Array(repeating: 0, count: size)
  }

  /// Takes the magnitudes of the next `input.count` frames' samples; writes to `maxima`, for
  /// each, the largest of the `2·half + 1` frames that end with it: the maximum of the frame
  /// `half` before it.
  mutating func take(_ input: UnsafeBufferPointer<Float>, maxima: UnsafeMutablePointer<Double>) {
    let (span, mask) = (2 * half, frames.count - 1)
    var (head, count, frame) = (head, count, nextFrame)
    frames.withUnsafeMutableBufferPointer { frames in
      values.withUnsafeMutableBufferPointer { values in
        // Unchecked: every place is masked into the rings, whose size is `mask + 1`.
        for (offset, sample) in input.enumerated() {
          let value = abs(Double(sample))
          while count > 0, frames[head] < frame - span {
            head = (head + 1) & mask
            count -= 1
          }
          while count > 0, values[(head + count - 1) & mask] <= value { count -= 1 }
          let tail = (head + count) & mask
          frames[tail] = frame
          values[tail] = value
          count += 1
          frame += 1
          maxima[offset] = values[head]
        }
      }
    }
    (self.head, self.count, nextFrame) = (head, count, frame)
  }
}
