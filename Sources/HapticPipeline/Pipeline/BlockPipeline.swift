import Dispatch
import HapticSupport
import HapticSynthesis

/// Runs a producer of blocks on a thread of its own, ahead of the thread that takes them,
/// through a small ring of preallocated blocks. Chained, pipelines put the stages of a render
/// (synthesis, limiting, encoding) on separate cores; the blocks and their order are those of a
/// single thread.
///
/// The producer is `produce(&source, &block)`, called until it returns `false`. Dropping the
/// pipeline stops its producer after the block it is making.
package final class BlockPipeline<Source>: @unchecked Sendable {
  private let ring: Ring
  private let channelCount: Int
  private let capacity: Int
  /// The next slot to take.
  private var index = 0
  private var isFinished = false

  /// Starts producing at once.
  ///
  /// - Parameters:
  ///   - channelCount: Channels of every block, ≥ 1.
  ///   - blockSize: Capacity of every block in frames, ≥ 1.
  ///   - produce: Fills a block with the next frames of `source`; `false` once there are none.
  package init(
    _ source: Source, channelCount: Int, blockSize: Int,
    produce: @escaping (inout Source, inout AudioBlock) -> Bool
  ) {
    self.channelCount = channelCount
    capacity = blockSize
    ring = Ring(source, produce: produce, channelCount: channelCount, blockSize: blockSize)
    DispatchQueue.global(qos: .userInitiated).async { [ring] in ring.produce() }
  }

  deinit {
    ring.stop()
    // The producer's closure may outlive this pipeline briefly, holding the ring: the ring
    // lets go of the source now.
    _ = ring.takeSource()
  }

  /// Exchanges `block` with the next block produced, waiting for it if need be.
  ///
  /// - Parameter block: A block of the pipeline's channel count and block size; what it held
  ///   is overwritten by a later block.
  /// - Returns: `false` once every block has been taken; `block` is then untouched.
  package func read(into block: inout AudioBlock) -> Bool {
    precondition(block.channels.count == channelCount && block.capacity == capacity, "a block of another shape")
    guard !isFinished else { return false }
    ring.filled.wait()
    let slot = ring.slots[index % Ring.depth]
    if slot.isEnd {
      isFinished = true
      return false
    }
    swap(&block, &slot.block)
    ring.free.signal()
    index += 1
    return true
  }

  /// Hands every block to `consume` in order, on the calling thread.
  ///
  /// - Returns: The source once the producer is done with it.
  /// - Throws: Whatever `consume` throws; producing stops then.
  package func run(_ consume: (AudioBlock) throws -> Void) throws -> Source {
    var block = AudioBlock(channelCount: channelCount, capacity: capacity)
    do {
      while read(into: &block) { try consume(block) }
    } catch {
      ring.stop()
      throw error
    }
    return finish()
  }

  /// Stops the producer after the block it is making, whether or not every block was taken.
  ///
  /// - Returns: The source, as the producer left it.
  package func finish() -> Source {
    ring.stop()  // the producer is done with the source before it is taken
    return ring.takeSource()!
  }

  /// The blocks and the source, shared by the producer's thread and the thread that takes
  /// the blocks; each slot is owned by one of them at a time (handed over by the semaphores).
  private final class Ring: @unchecked Sendable {
    /// Blocks in flight.
    static var depth: Int { 4 }

    final class Slot {
      package var block: AudioBlock
      package var isEnd = false
      package init(_ block: AudioBlock) { self.block = block }
    }

    let slots: [Slot]
    /// Created at 0 and signalled `depth` times: libdispatch traps when a semaphore is released
    /// with a value below its initial one.
    let free = DispatchSemaphore(value: 0)
    let filled = DispatchSemaphore(value: 0)
    /// Taken once the producer is done (``takeSource()``).
    private var source: Source?
    private let makeBlock: (inout Source, inout AudioBlock) -> Bool
    private let producerDone = DispatchGroup()
    /// Set when the blocks are no longer wanted; the producer then stops.
    private let isStopped = Locked(false)

    init(
      _ source: Source, produce: @escaping (inout Source, inout AudioBlock) -> Bool, channelCount: Int,
      blockSize: Int
    ) {
      self.source = source
      makeBlock = produce
      slots = (0..<Self.depth).map { _ in Slot(AudioBlock(channelCount: channelCount, capacity: blockSize)) }
      for _ in 0..<Self.depth { free.signal() }
      producerDone.enter()
    }

    /// The producer's loop, on its own thread.
    func produce() {
      defer { producerDone.leave() }
      var index = 0
      while true {
        free.wait()
        if isStopped.withLock({ $0 }) { return }
        let slot = slots[index % Self.depth]
        slot.isEnd = !makeBlock(&source!, &slot.block)
        filled.signal()
        if slot.isEnd { return }
        index += 1
      }
    }

    /// The source, once the producer is done with it (after ``stop()``); the ring keeps none.
    func takeSource() -> Source? {
      defer { source = nil }
      return source
    }

    /// Stops the producer (after the block it is making) and waits until it has returned.
    func stop() {
      isStopped.withLock { $0 = true }
      free.signal()  // wakes a producer waiting for a free slot
      producerDone.wait()
    }
  }
}
