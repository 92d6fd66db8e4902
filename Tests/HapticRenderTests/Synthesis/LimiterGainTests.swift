import Testing

@testable import HapticRender

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
    #expect(limiter.isAtRest && limiter.overloadCount == 1)
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
}
