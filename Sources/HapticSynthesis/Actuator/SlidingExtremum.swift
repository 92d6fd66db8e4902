/// The largest (or smallest) value within `±half` frames of each frame, streamed: frame `m`'s
/// value is known once frame `m + half` has been taken.
///
/// A monotonic queue keeps the candidates, so each frame costs O(1) on average and the memory is
/// `2·half + 2` values.
package struct SlidingExtremum: Sendable {
  package let half: Int
  private let keepsLargest: Bool
  private var frames: [Int]
  private var values: [Double]
  private var head = 0
  private var count = 0
  private var nextFrame = 0

  /// - Parameters:
  ///   - half: Frames on each side, ≥ 0.
  ///   - keepsLargest: `true` for the largest value (a dilation), `false` for the smallest (an
  ///     erosion).
  package init(half: Int, keepsLargest: Bool) {
    self.half = half
    self.keepsLargest = keepsLargest
    frames = Array(repeating: 0, count: 2 * half + 2)
    values = Array(repeating: 0, count: 2 * half + 2)
  }

  /// Takes frame `f`'s value; returns the extremum for frame `f − half`, over the frames
  /// `f − 2·half … f` (frames before 0 count as 0).
  @inline(__always)
  package mutating func next(_ value: Double) -> Double {
    let frame = nextFrame
    nextFrame += 1
    let slots = frames.count
    let first = frame - 2 * half
    while count > 0, frames[head] < first {
      head = head + 1 == slots ? 0 : head + 1
      count -= 1
    }
    while count > 0 {
      let back = head + count - 1 < slots ? head + count - 1 : head + count - 1 - slots
      guard keepsLargest ? values[back] <= value : values[back] >= value else { break }
      count -= 1
    }
    let tail = head + count < slots ? head + count : head + count - slots
    frames[tail] = frame
    values[tail] = value
    count += 1
    // Frames before 0 are 0: the smallest of a window reaching before the start is at most 0.
    if !keepsLargest, first < 0 { return min(values[head], 0) }
    return values[head]
  }
}
