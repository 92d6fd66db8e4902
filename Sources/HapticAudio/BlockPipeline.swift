import Dispatch
import HapticSupport

/// Runs a producer of blocks on a thread of its own, ahead of the thread that takes them,
/// through a ring of preallocated blocks (4 unless given another depth). Chained, pipelines put the stages of a render
/// (synthesis, limiting, encoding) on separate cores; the blocks and their order are those of a
/// single thread.
///
/// The producer is `produce(&source, &block)`, called until it returns `false`. It runs on an
/// ``OwnThread``, never on one of Dispatch's shared workers: it waits for free slots, and a
/// worker that waits holds a thread that other work is queued for (and when every worker is
/// taken, the producer itself waits for one). Dropping the pipeline stops its producer after the
/// block it is making and waits for its thread to let go of the source.
package final class BlockPipeline<Source: ~Copyable> {
  private let ring: Ring
  /// The producer's thread, until it has been joined.
  private var producer: OwnThread?
  /// The next slot to take.
  private var index = 0
  /// Slots taken and not yet handed back to the producer: they go back two at a time, so that a
  /// producer waiting for a free slot (a fast one keeps the ring full) is woken once for two
  /// blocks, not for each. At most one is held back, so the producer always has a slot free
  /// while the taking thread waits for a block.
  private var heldSlots = 0
  private var isFinished = false

  /// Starts producing at once.
  ///
  /// - Parameters:
  ///   - source: What the producer reads; it is the producer's until ``run(_:)`` or
  ///     ``finish()`` hands it back.
  ///   - channelCount: Channels of every block, ≥ 1.
  ///   - blockSize: Capacity of every block in frames, ≥ 1.
  ///   - depth: Blocks the producer may make ahead of the thread that takes them, ≥ 2
  ///     (``depth``, 4, unless given).
  ///   - produce: Fills a block with the next frames of `source`; `false` once there are none.
  package init(
    _ source: consuming Source, channelCount: Int, blockSize: Int, depth: Int = depth,
    produce: @escaping (inout Source, inout AudioBlock) -> Bool
  ) {
    precondition(depth >= 2, "a ring too shallow to hand slots back two at a time")
    let ring = Ring(source, produce: produce, channelCount: channelCount, blockSize: blockSize, depth: depth)
    self.ring = ring
    producer = OwnThread { ring.produce() }
  }

  deinit {
    stopProducer()
  }

  /// Blocks the producer may make ahead of the thread that takes them, unless a pipeline is
  /// given another number.
  package static var depth: Int { 4 }

  /// Exchanges `block` with the next block produced, waiting for it if need be.
  ///
  /// - Parameter block: A block of the pipeline's channel count and block size; what it held
  ///   is overwritten by a later block.
  /// - Returns: `false` once every block has been taken; `block` is then untouched.
  package func read(into block: inout AudioBlock) -> Bool {
    precondition(
      block.channels.count == ring.channelCount && block.capacity == ring.blockSize, "a block of another shape")
    guard !isFinished else { return false }
    ring.filled.wait()
    let slot = ring.slots[index % ring.slots.count]
    if slot.isEnd {
      isFinished = true
      return false
    }
    guard var produced = slot.block.take() else { preconditionFailure("a slot filled without a block") }
    swap(&block, &produced)
    slot.block = produced
    heldSlots += 1
    if heldSlots == 2 {
      ring.free.signal()
      ring.free.signal()
      heldSlots = 0
    }
    index += 1
    return true
  }

  /// Hands every block to `consume` in order, on the calling thread.
  ///
  /// - Returns: The source once the producer is done with it.
  /// - Throws: Whatever `consume` throws; producing stops then.
  package func run(_ consume: (AudioBlock) throws -> Void) throws -> Source {
    var block = AudioBlock(channelCount: ring.channelCount, capacity: ring.blockSize)
    do {
      while read(into: &block) { try consume(block) }
    } catch {
      stopProducer()
      throw error
    }
    return finish()
  }

  /// Stops the producer after the block it is making, whether or not every block was taken.
  /// Called once.
  ///
  /// - Returns: The source, as the producer left it.
  package func finish() -> Source {
    stopProducer()  // the producer's thread has handed the source back when it is joined
    guard let source = ring.source.take() else { preconditionFailure("the pipeline's source was taken already") }
    return source
  }

  /// Stops the producer (after the block it is making) and joins its thread; later calls do
  /// nothing.
  private func stopProducer() {
    guard let producer = producer.take() else { return }
    ring.isStopped.withLock { $0 = true }
    ring.free.signal()  // wakes a producer waiting for a free slot
    producer.join()
  }

  /// The blocks, the source and the producer, shared by the producer's thread and the thread
  /// that takes the blocks: each slot is owned by one of them at a time, handed over by the
  /// semaphores, and the source and `makeBlock` are the producer's from the start of its thread
  /// to its end (which ``stopProducer()`` waits for). The compiler cannot see those hand-overs,
  /// hence `@unchecked`.
  private final class Ring: @unchecked Sendable {
    /// A block in flight; made by the producer the first time it fills the slot, on its own
    /// thread, so that starting a pipeline touches none of the ring's pages.
    final class Slot {
      var block: AudioBlock?
      var isEnd = false
    }

    /// The blocks in flight.
    let slots: [Slot]
    /// Created at 0 and signalled once per slot: libdispatch traps when a semaphore is released
    /// with a value below its initial one.
    let free = DispatchSemaphore(value: 0)
    let filled = DispatchSemaphore(value: 0)
    /// The source while no producer holds it: before its thread starts and after it returns.
    var source: Source?
    private let makeBlock: (inout Source, inout AudioBlock) -> Bool
    /// Set when the blocks are no longer wanted; the producer then stops.
    let isStopped = Locked(false)
    /// The shape of every block.
    let channelCount: Int
    let blockSize: Int

    init(
      _ source: consuming Source, produce: @escaping (inout Source, inout AudioBlock) -> Bool, channelCount: Int,
      blockSize: Int, depth: Int
    ) {
      self.source = consume source
      makeBlock = produce
      self.channelCount = channelCount
      self.blockSize = blockSize
      slots = (0..<depth).map { _ in Slot() }
      for _ in 0..<depth { free.signal() }
    }

    /// The producer's loop, on its own thread: takes the source, and puts it back on return.
    func produce() {
      guard var source = source.take() else { return }
      var index = 0
      while true {
        free.wait()
        if isStopped.withLock({ $0 }) { break }
        let slot = slots[index % slots.count]
        var block = slot.block.take() ?? AudioBlock(channelCount: channelCount, capacity: blockSize)
        slot.isEnd = !makeBlock(&source, &block)
        slot.block = block
        filled.signal()
        if slot.isEnd { break }
        index += 1
      }
      self.source = consume source
    }
  }
}
