/// The levels of one channel, gathered block by block: the largest magnitude and the sum of
/// squares of its finite samples, and how many samples were NaN or infinite.
///
/// Eight samples at a time, into eight partial sums: the additions are reassociated, so the
/// sum may differ from a sequential one in its last bits (it is as accurate or more), and a
/// file is measured about three times faster than sample by sample.
package struct ChannelLevels {
  /// Largest magnitude of the finite samples so far, linear.
  package var peak: Double { Double(max(peaks.max(), tailPeak)) }
  /// Sum of the squares of the finite samples so far.
  package var sumOfSquares: Double { squares.sum() + tailSquares }
  /// Samples so far that were NaN or infinite.
  package private(set) var nonFiniteCount = 0

  private var peaks = SIMD8<Float>()
  private var squares = SIMD8<Double>()
  private var tailPeak: Float = 0
  private var tailSquares = 0.0

  package init() {}

  /// Adds `samples` to the figures.
  package mutating func add(_ samples: UnsafeBufferPointer<Float>) {
    guard let base = samples.baseAddress else { return }
    let raw = UnsafeRawPointer(base)
    var index = 0
    while index + 8 <= samples.count {
      var magnitudes = raw.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<Float>.self)
      magnitudes.replace(with: -magnitudes, where: magnitudes .< 0)
      // NaN compares false: only finite magnitudes are below infinity.
      let finite = magnitudes .< .infinity
      if !all(finite) {
        nonFiniteCount += (0..<8).count { !finite[$0] }
        magnitudes.replace(with: 0, where: .!finite)
      }
      peaks.replace(with: magnitudes, where: magnitudes .> peaks)
      let wide = SIMD8<Double>(magnitudes)
      squares += wide * wide
      index += 8
    }
    while index < samples.count {
      let sample = samples[index]
      if sample.isFinite {
        tailPeak = max(tailPeak, abs(sample))
        tailSquares += Double(sample) * Double(sample)
      } else {
        nonFiniteCount += 1
      }
      index += 1
    }
  }
}
