import HapticAnalysis
import Testing
import _HapticRenderTestSupport

/// `render info`'s levels, eight samples at a time, against the same figures taken sample by
/// sample.
@Suite struct ChannelLevelsTests {
  @Test func levelsMatchASampleBySampleMeasure() {
    var random = SplitMix64(seed: 5)
    var samples = (0..<10_005).map { _ in Float(random.unit() * 1.8 - 0.9) }
    // Not numbers inside groups of eight and in the tail; the loudest sample negative.
    for (index, value) in [(3, Float.nan), (17, .infinity), (9_000, -.infinity), (10_004, .nan)] {
      samples[index] = value
    }
    samples[4_321] = -1.5
    var levels = ChannelLevels()
    // In uneven pieces, as blocks of a file would come.
    var start = 0
    for length in [1, 7, 8, 9, 1_000, 4_096] + Array(repeating: 1_000, count: 5) {
      let end = min(start + length, samples.count)
      samples.withUnsafeBufferPointer { levels.add(UnsafeBufferPointer(rebasing: $0[start..<end])) }
      start = end
    }
    samples.withUnsafeBufferPointer { levels.add(UnsafeBufferPointer(rebasing: $0[start...])) }

    let finite = samples.filter(\.isFinite).map(Double.init)
    #expect(levels.nonFiniteCount == 4)
    #expect(levels.peak == 1.5)
    let sequential = finite.reduce(0) { $0 + $1 * $1 }
    #expect(abs(levels.sumOfSquares - sequential) <= 1e-12 * sequential)
  }

  @Test func silenceAndEmptyInputMeasureZero() {
    var levels = ChannelLevels()
    levels.add(UnsafeBufferPointer(start: nil, count: 0))
    [Float](repeating: 0, count: 20).withUnsafeBufferPointer { levels.add($0) }
    #expect(levels.peak == 0 && levels.sumOfSquares == 0 && levels.nonFiniteCount == 0)
  }
}
