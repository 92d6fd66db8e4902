import Dispatch
import Foundation
import HapticAudio
import HapticPipeline
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

private typealias F = PatternFixtures

/// The render's stages on separate threads give the frames of one thread, and stop when the
/// frames are no longer wanted.
@Suite struct BlockPipelineTests {
  /// Overlapping taps at full intensity: overloads every 60 ms, quiet between them.
  private static let overloading = F.document(
    (0..<40).map { index in
      let time: Double = Double(index / 2) * 0.06 + Double(index % 2) * 0.004
      return F.event("HapticTransient", time: time, ["HapticIntensity": 1])
    }
    .joined(separator: ", "))

  /// Every block of `source` on the calling thread, one after another.
  private func readAlone(_ source: PatternSource, blockSize: Int) -> [Float] {
    var source = source
    var block = AudioBlock(channelCount: source.channelCount, capacity: blockSize)
    var samples: [Float] = []
    while source.read(into: &block) { samples += block.channels[0][0..<block.frameCount] }
    return samples
  }

  @Test(arguments: [1, 7, 100, 4_096])
  func limitedRenderOnTwoOrThreeThreadsIsTheRenderOnOne(blockSize: Int) throws {
    var options = RenderOptions()
    options.blockSize = blockSize
    let pattern = try F.pattern(Self.overloading)
    let alone = readAlone(try PatternSource(pattern, options: options), blockSize: blockSize)
    var overloads: Set<Int> = []
    for readsAhead in [true, false] {
      var samples: [Float] = []
      let report = try Render.run(
        try PatternSource(pattern, options: options), blockSize: blockSize, readsAhead: readsAhead
      ) {
        samples += $0.channels[0][0..<$0.frameCount]
      }
      #expect(report.limitedOverloads > 0)
      overloads.insert(report.limitedOverloads)
      #expect(alone.count == report.frameCount && samples.count == alone.count)
      let firstDifference = zip(samples, alone).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      #expect(firstDifference == nil)
      #expect(report.peak > 1.2 && Signal.peak(alone[...]) <= 1)
    }
    #expect(overloads.count == 1, "the same overloads on two and three threads: \(overloads)")
  }

  struct Stop: Error, Equatable {}

  /// A sink that fails ends a limited render, on the threads of the machine or on eight that
  /// limit by time range (most of them waiting for the limiter's state when it fails): the
  /// render returns its error (it does not wait for the stages), and the next render gives the
  /// whole pattern again.
  @Test(arguments: [nil, 8])
  func sinkErrorEndsTheRender(threads: Int?) throws {
    var options = RenderOptions()
    options.blockSize = 64
    options.threads = threads
    let pattern = try F.pattern(Self.overloading)
    var blocks = 0
    #expect(throws: Stop()) {
      try Render.stream(pattern, options: options) { _ in
        blocks += 1
        if blocks == 3 { throw Stop() }
      }
    }
    #expect(blocks == 3)
    let whole = try Render.toMemory(pattern, options: options)
    #expect(whole.channels[0].count == whole.report.frameCount && whole.report.frameCount > 64 * 100)
  }

  /// What a pipeline produces from: counts the blocks made.
  private final class Counter {
    var made = 0
  }

  /// Dropping a pipeline stops its producer, however many blocks are left: the producer's
  /// thread returns and lets go of the source.
  @Test func droppedPipelineStopsProducing() {
    weak var released: Counter?
    do {
      let counter = Counter()
      released = counter
      do {
        let pipeline = BlockPipeline(counter, channelCount: 1, blockSize: 8) { counter, block in
          counter.made += 1
          block.setFrameCount(1)
          return counter.made < 1_000_000
        }
        var block = AudioBlock(channelCount: 1, capacity: 8)
        #expect(pipeline.read(into: &block) && pipeline.read(into: &block))
      }
      // Two blocks taken, at most a ring's worth made ahead of them, and one being made when
      // the pipeline was dropped.
      #expect(counter.made <= 2 + 4 + 1)
    }
    #expect(released == nil, "the producer still holds the source")
  }

  /// A ring of another depth (an actuator's drive runs seconds ahead of the writer) fills
  /// `depth` blocks ahead of a reader that takes none, and no more, then gives the blocks in
  /// their order, however its slots wrap.
  @Test(arguments: [2, 5, 12])
  func deeperRingGivesTheBlocksInOrder(depth: Int) {
    let made = DispatchSemaphore(value: 0)
    let pipeline = BlockPipeline(Counter(), channelCount: 1, blockSize: 8, depth: depth) { counter, block in
      block.withUnsafeMutableChannel(0) { $0[0] = Float(counter.made) }
      block.setFrameCount(1)
      counter.made += 1
      made.signal()
      return counter.made <= 100
    }
    for index in 0..<depth {
      #expect(made.wait(timeout: .now() + 10) == .success, "block \(index) of \(depth) not made ahead")
    }
    #expect(made.wait(timeout: .now() + 0.2) == .timedOut, "more than \(depth) blocks made ahead")
    var block = AudioBlock(channelCount: 1, capacity: 8)
    var firsts: [Float] = []
    while pipeline.read(into: &block) { firsts.append(block.channels[0][0]) }
    #expect(firsts == (0..<100).map(Float.init))
  }

  /// The producer has a thread of its own: with more work waiting on Dispatch's shared
  /// workers than they can take, every block still comes at once (a producer queued behind that
  /// work would wait until it ended: here, until a watchdog releases it after 5 s).
  @Test func producesWhileDispatchWorkersAreTaken() {
    let release = DispatchSemaphore(value: 0)
    let blockers = 256
    let blocked = DispatchGroup()
    for _ in 0..<blockers {
      DispatchQueue.global(qos: .userInitiated).async(group: blocked) { release.wait() }
    }
    let produced = DispatchSemaphore(value: 0)
    let watchdog = Thread {
      let inTime = produced.wait(timeout: .now() + 5) == .success
      for _ in 0..<blockers { release.signal() }
      if !inTime { produced.wait() }
    }
    watchdog.start()
    let start = DispatchTime.now()
    let counter = Counter()
    let pipeline = BlockPipeline(counter, channelCount: 1, blockSize: 8) { counter, block in
      counter.made += 1
      block.setFrameCount(1)
      return counter.made < 100
    }
    var block = AudioBlock(channelCount: 1, capacity: 8)
    var blocks = 0
    while pipeline.read(into: &block) { blocks += 1 }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    produced.signal()
    blocked.wait()
    #expect(blocks == 99)
    #expect(seconds < 2, "the producer waited \(seconds) s for a Dispatch worker")
  }
}
