import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// The limiter's gain curve, frame by frame, against the rule it documents.
@Suite struct LimiterGainTests {
  private let lookahead = 240
  private let release = 2_400
  /// The frame above full scale, among frames at half scale.
  private let overload = 1_000

  /// The gains of `4 · release` frames with one overload (magnitude 2), pushed `chunk` frames
  /// at a time as `PeakLimiter` does.
  private func gains(chunk: Int) -> [Double] {
    var limiter = LimiterGain(ceiling: 0.9, lookahead: lookahead, release: release)
    var loudest = [Float](repeating: 0.5, count: 4 * release)
    loudest[overload] = 2
    let gains = push(loudest, into: &limiter, chunk: chunk)
    #expect(limiter.isAtRest && limiter.overloadCount == 1)
    return gains
  }

  /// The gains `limiter` gives for frames whose loudest magnitudes are `loudest`, pushed
  /// `chunk` frames at a time.
  private func push(_ loudest: [Float], into limiter: inout LimiterGain, chunk: Int) -> [Double] {
    var gains: [Double] = []
    var written = [Double](repeating: 0, count: chunk)
    var index = 0
    while index < loudest.count {
      let count = min(chunk, loudest.count - index)
      let (pushed, emitted) = loudest.withUnsafeBufferPointer { all in
        written.withUnsafeMutableBufferPointer {
          limiter.push(UnsafeBufferPointer(rebasing: all[index..<index + count]), gains: $0.baseAddress!)
        }
      }
      gains += written[0..<emitted]
      index += pushed
    }
    return gains
  }

  @Test func releaseRisesByItsStepBackToOne() throws {
    let gains = gains(chunk: 4 * release)
    #expect(gains.count == 4 * release - (lookahead - 1))
    let lowest = try #require(gains.min())
    #expect(abs(lowest - 0.45) < 1e-12 && gains.firstIndex(of: lowest) == overload)
    #expect(gains[..<(overload - lookahead)].allSatisfy { $0 == 1 })
    // Once the overload has left the held window and its mean (gain of frame
    // `overload + lookahead` on), only the release moves the gain.
    let step = (1 - lowest) / Double(release)
    var frame = overload + lookahead
    while gains[frame - 1] < 1 {
      guard gains[frame] == min(1, gains[frame - 1] + step) else {
        Issue.record("frame \(frame): \(gains[frame]) ≠ min(1, \(gains[frame - 1]) + \(step))")
        return
      }
      frame += 1
    }
    #expect(frame - overload <= lookahead + release)
    #expect(gains[frame...].allSatisfy { $0 == 1 })
  }

  @Test(arguments: [1, 7, 240, 1_000])
  func gainsDoNotDependOnHowFramesArePushed(_ chunk: Int) {
    #expect(gains(chunk: chunk) == gains(chunk: 4 * release))
  }

  /// Overloads of every size, close together and apart, against the rule computed the slow
  /// way: each held gain as the minimum of its window, each smoothed gain as a fresh mean.
  @Test(arguments: [1, 3, 50, 6_000])
  func gainsFollowTheRuleFrameByFrame(_ chunk: Int) {
    let (lookahead, release, ceiling) = (7, 20, 0.9)
    var random = SplitMix64(seed: 7)
    var loudest: [Float] = []
    while loudest.count < 6_000 {
      // Quiet stretches, some long enough for the gain to come to rest, then a burst.
      for _ in 0..<Int(random.next() % 60) { loudest.append(Float(random.unit() * 0.95)) }
      for _ in 0..<Int(random.next() % 12) { loudest.append(Float(1 + random.unit() * 2)) }
    }
    // The threshold is the ceiling.
    let required = loudest.map { $0 > Float(ceiling) ? min(ceiling / Double($0), 1) : 1 }
    let held = required.indices.map { frame in required[max(0, frame - lookahead + 1)...frame].min()! }
    var expected: [Double] = []
    var (gain, lowest) = (1.0, 1.0)
    for frame in (lookahead - 1)..<loudest.count {
      let window = held[max(0, frame - lookahead + 1)...frame]
      let mean = (window.reduce(0, +) + Double(lookahead - window.count)) / Double(lookahead)
      let target = window.allSatisfy { $0 == 1 } ? 1 : min(mean, 1)
      if target < gain {
        (gain, lowest) = (target, min(lowest, target))
      } else if gain < 1 {
        gain = min(target, gain + (1 - lowest) / Double(release))
        if gain >= 1 { (gain, lowest) = (1, 1) }
      }
      expected.append(gain)
    }

    var limiter = LimiterGain(ceiling: ceiling, lookahead: lookahead, release: release)
    let pushedGains = push(loudest, into: &limiter, chunk: chunk)
    #expect(pushedGains.count == expected.count)
    let worst = zip(pushedGains, expected).map { abs($0 - $1) }.max() ?? 0
    #expect(worst < 1e-12, "largest difference \(worst)")
    #expect(limiter.overloadCount > 20)
  }
}
