import Dispatch

/// Renders on a second thread while the calling thread consumes (encodes, writes) the blocks
/// already rendered, through a small ring of preallocated blocks. On two cores this hides the
/// synthesis behind the write; the blocks and their order are those of a single thread.
final class BlockPipeline: @unchecked Sendable {
  /// One block of the ring; owned by one thread at a time (handed over by the semaphores).
  private final class Slot: @unchecked Sendable {
    var block: AudioBlock
    var isEnd = false
    init(_ block: AudioBlock) { self.block = block }
  }

  private let slots: [Slot]
  /// Created at 0 and signalled `depth` times: libdispatch traps when a semaphore is released
  /// with a value below its initial one.
  private let free = DispatchSemaphore(value: 0)
  private let filled = DispatchSemaphore(value: 0)
  private let producerDone = DispatchGroup()
  /// Set by the consumer when it stops early; the producer then stops too.
  private let isCancelled = Locked(false)
  private var source: PatternSource

  /// Blocks in flight.
  static let depth = 4

  init(_ source: PatternSource, blockSize: Int) {
    self.source = source
    slots = (0..<Self.depth).map { _ in Slot(AudioBlock(channelCount: source.channelCount, capacity: blockSize)) }
    for _ in 0..<Self.depth { free.signal() }
  }

  /// Hands every block to `consume` in order, on the calling thread.
  ///
  /// - Returns: The source's report once all blocks are consumed.
  /// - Throws: Whatever `consume` throws; rendering stops then.
  func run(_ consume: (AudioBlock) throws -> Void) throws -> RenderReport {
    producerDone.enter()
    DispatchQueue.global(qos: .userInitiated).async { [self] in produce() }
    defer { producerDone.wait() }  // also when `consume` throws
    var index = 0
    while true {
      filled.wait()
      let slot = slots[index % Self.depth]
      if slot.isEnd { break }
      do {
        try consume(slot.block)
      } catch {
        isCancelled.withLock { $0 = true }
        free.signal()
        throw error
      }
      free.signal()
      index += 1
    }
    producerDone.wait()  // the producer is done with `source` before its report is read
    return source.report
  }

  private func produce() {
    defer { producerDone.leave() }
    var index = 0
    while true {
      free.wait()
      if isCancelled.withLock({ $0 }) { return }
      let slot = slots[index % Self.depth]
      slot.isEnd = !source.read(into: &slot.block)
      filled.signal()
      if slot.isEnd { return }
      index += 1
    }
  }
}
