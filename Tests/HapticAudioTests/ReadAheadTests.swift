import Dispatch
import HapticAudio
import Testing

/// A source read on another thread gives the blocks, and the error, of reading it directly.
@Suite struct ReadAheadTests {
  struct Broken: Error, Equatable {}

  /// Numbers its frames 0, 1, 2, … in blocks of up to the block's capacity; throws instead of
  /// delivering the block that would start at `failsAt`.
  private struct Numbers: FrameSource {
    let sampleRate = 1_000
    let channelCount = 2
    let frameCount: Int
    var failsAt: Int?
    var next = 0
    /// Signalled at each block read.
    var reads: DispatchSemaphore?

    mutating func read(into block: inout AudioBlock) throws -> Bool {
      if next == failsAt { throw Broken() }
      let count = min(block.capacity, frameCount - next)
      guard count > 0 else { return false }
      for channel in 0..<channelCount {
        block.withUnsafeMutableChannel(channel) { samples in
          for index in 0..<count { samples[index] = Float(next + index) * (channel == 0 ? 1 : -1) }
        }
      }
      block.setFrameCount(count)
      next += count
      reads?.signal()
      return true
    }
  }

  private func frames(of source: ReadAhead<Numbers>, blockSize: Int) throws -> [Float] {
    var block = AudioBlock(channelCount: 2, capacity: blockSize)
    var samples: [Float] = []
    while try source.read(into: &block) {
      #expect(block.channels[1][0..<block.frameCount].map { -$0 } == Array(block.channels[0][0..<block.frameCount]))
      samples += block.channels[0][0..<block.frameCount]
    }
    return samples
  }

  @Test func blocksComeInOrderAndTheSourceComesBack() throws {
    let ahead = ReadAhead(Numbers(frameCount: 1_000), blockSize: 64)
    #expect(ahead.frameCount == 1_000 && ahead.channelCount == 2 && ahead.sampleRate == 1_000)
    #expect(try frames(of: ahead, blockSize: 64) == (0..<1_000).map(Float.init))
    var block = AudioBlock(channelCount: 2, capacity: 64)
    #expect(try !ahead.read(into: &block), "an ended source stays ended")
    #expect(ahead.finish().next == 1_000, "the source as the reading thread left it")
  }

  @Test func errorComesAfterTheBlocksBeforeIt() throws {
    let ahead = ReadAhead(Numbers(frameCount: 1_000, failsAt: 320), blockSize: 64)
    var block = AudioBlock(channelCount: 2, capacity: 64)
    var samples: [Float] = []
    #expect(throws: Broken()) {
      while try ahead.read(into: &block) { samples += block.channels[0][0..<block.frameCount] }
    }
    #expect(samples == (0..<320).map(Float.init))
    #expect(ahead.finish().next == 320)
  }

  /// The reading thread reads a ring's worth of blocks ahead (4 unless the read-ahead is given
  /// another depth), and finishing before the end stops it after at most that many.
  @Test(arguments: [nil, 12])
  func finishingEarlyStopsReading(depth: Int?) throws {
    let reads = DispatchSemaphore(value: 0)
    let ahead = ReadAhead(Numbers(frameCount: 1_000_000, reads: reads), blockSize: 8, depth: depth)
    for index in 0..<(depth ?? 4) {
      #expect(reads.wait(timeout: .now() + 10) == .success, "block \(index) not read ahead")
    }
    var block = AudioBlock(channelCount: 2, capacity: 8)
    #expect(try ahead.read(into: &block) && block.channels[0][0] == 0)
    let source = ahead.finish()
    #expect(source.next <= 8 * (1 + (depth ?? 4) + 1))
    #expect(try !ahead.read(into: &block), "a finished source gives no more blocks")
  }
}
