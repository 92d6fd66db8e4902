/// An upper bound of the sum of the amplitudes of voices sounding together, gathered one voice
/// at a time: each voice's span is cut at its bound's breakpoints (at most 64 pieces) and each
/// piece counts with its largest amplitude; a sweep over the piece edges in frame order (ends
/// before starts at the same frame) finds the largest sum. O(n log n) in the pieces.
package struct AmplitudeSweep {
  /// Frames per second of the spans.
  package let sampleRate: Double
  /// Each piece's first frame and its amplitude, as added.
  private var starts: [(frame: Int, change: Double)] = []
  /// Each piece's end frame and its amplitude negated, as added.
  private var ends: [(frame: Int, change: Double)] = []

  /// - Parameter capacity: The number of voices expected.
  package init(sampleRate: Double, capacity: Int) {
    self.sampleRate = sampleRate
    starts.reserveCapacity(capacity)
    ends.reserveCapacity(capacity)
  }

  /// Adds a voice whose amplitude `bound` holds over the frames of `span`.
  package mutating func add(_ bound: AmplitudeBound, over span: Range<Int>) {
    guard !span.isEmpty else { return }
    let (start, end) = (Double(span.lowerBound) / sampleRate, Double(span.upperBound) / sampleRate)
    // Pieces between the span's ends and the cuts, as they come; empty ones are skipped.
    var first = span.lowerBound
    for time in bound.breakpointTimes(from: start, to: end, limit: 63) {
      let cut = min(max(Int((time * sampleRate).rounded(.down)), span.lowerBound), span.upperBound)
      if first < cut { addPiece(first, cut, bound) }
      first = cut
    }
    if first < span.upperBound { addPiece(first, span.upperBound, bound) }
  }

  private mutating func addPiece(_ first: Int, _ last: Int, _ bound: AmplitudeBound) {
    let largest = bound.maximum(from: Double(first) / sampleRate, to: Double(last) / sampleRate)
    starts.append((first, largest))
    ends.append((last, -largest))
  }

  /// Adds the pieces of `other`, gathered at the same sample rate.
  package mutating func append(_ other: AmplitudeSweep) {
    starts += other.starts
    ends += other.ends
  }

  /// The largest sum of the amplitudes of the pieces that overlap, 0 when none was added, and
  /// the frames where the sum exceeds `threshold`; the pieces are let go (sorted in place, then
  /// freed).
  mutating func largestSum(framesAbove threshold: Double) -> (largest: Double, framesAbove: Int) {
    // The edges in order of (frame, change): ends before starts at the same frame. The starts
    // and the ends are sorted apart (when the spans are in order, so are most of the starts)
    // and merged as they are summed, without an array of both.
    var starts: [(frame: Int, change: Double)] = []
    var ends: [(frame: Int, change: Double)] = []
    swap(&starts, &self.starts)
    swap(&ends, &self.ends)
    starts.sort { ($0.frame, $0.change) < ($1.frame, $1.change) }
    ends.sort { ($0.frame, $0.change) < ($1.frame, $1.change) }
    var sum = 0.0
    var most = 0.0
    var framesAbove = 0
    var lastFrame = 0
    var (start, end) = (0, 0)
    while start < starts.count || (end < ends.count && sum > threshold) {
      let edge: (frame: Int, change: Double)
      if start == starts.count
        || (end < ends.count && (ends[end].frame, ends[end].change) < (starts[start].frame, starts[start].change))
      {
        edge = ends[end]
        end += 1
      } else {
        edge = starts[start]
        start += 1
      }
      if sum > threshold { framesAbove += edge.frame - lastFrame }
      lastFrame = edge.frame
      sum += edge.change
      most = max(most, sum)
    }
    // The ends left only lower the sum, below the threshold.
    return (most, framesAbove)
  }
}
