import Dispatch
import HapticSynthesis
import Testing

/// The hand-over of the limiter's state between the threads that limit time ranges.
@Suite struct LimiterRelayTests {
  /// A state after `frames` frames.
  private static func state(after frames: Int) -> LimiterGain {
    var gain = LimiterGain(ceiling: 0.5, lookahead: 4, release: 8)
    var gains = [Double](repeating: 0, count: frames)
    var scaled: [Range<Int>] = []
    let loudest = [Float](repeating: 0.1, count: frames)
    _ = loudest.withUnsafeBufferPointer { loudest in
      gains.withUnsafeMutableBufferPointer { gain.pushAll(loudest, gains: $0.baseAddress!, place: 0, scaled: &scaled) }
    }
    return gain
  }

  /// Thread 1 takes what thread 0 published, waiting for it; thread 0 what thread 2 published.
  @Test func aStateGoesToTheNextThread() async {
    let relay = LimiterRelay(threadCount: 3)
    async let taken = Task.detached { relay.take(for: 1)?.frameCount }.value
    relay.publish(Self.state(after: 100), from: 0)
    #expect(await taken == 100)
    relay.publish(Self.state(after: 300), from: 2)
    #expect(relay.take(for: 0)?.frameCount == 300)
  }

  /// Cancelling wakes a thread waiting for a state with none, and every later wait returns at
  /// once with none, on any mailbox.
  @Test func cancellingWakesEveryWait() async {
    let relay = LimiterRelay(threadCount: 2)
    let waiting = Task.detached { relay.take(for: 1) == nil }
    // Given time to reach its wait (either way, the take must come back with none).
    try? await Task.sleep(for: .milliseconds(50))
    relay.cancel()
    #expect(await waiting.value)
    #expect(relay.take(for: 1) == nil && relay.take(for: 1) == nil && relay.take(for: 0) == nil)
  }

  /// The figures of the ranges: overloads summed, the largest peak, the smallest gain.
  @Test func figuresAreCombined() {
    let relay = LimiterRelay(threadCount: 2)
    var first = LimiterFigures()
    (first.inputPeak, first.overloadCount, first.smallestGain) = (1.5, 3, 0.7)
    var second = LimiterFigures()
    (second.inputPeak, second.overloadCount, second.smallestGain) = (1.2, 2, 0.6)
    relay.record(first)
    relay.record(second)
    #expect(relay.figures.inputPeak == 1.5 && relay.figures.overloadCount == 5 && relay.figures.smallestGain == 0.6)
  }
}
