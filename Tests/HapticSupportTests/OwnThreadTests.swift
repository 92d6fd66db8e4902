import Dispatch
import Foundation
import HapticSupport
import Testing

/// Closures on threads of the package's own: each runs at once, even when all the others wait,
/// and what it wrote is there when it is joined; a thread is used again for later closures.
@Suite struct OwnThreadTests {
  /// Closures that wait until all of them have started all start: none waits for a thread.
  @Test func closuresThatWaitForEachOtherAllRun() {
    let count = 32
    let arrived = Locked(0)
    let allArrived = DispatchSemaphore(value: 0)
    let go = DispatchSemaphore(value: 0)
    let written = Locked([Int]())
    var threads: [Started] = []
    for index in 0..<count {
      threads.append(
        Started(
          OwnThread {
            let isLast = arrived.withLock { arrived in
              arrived += 1
              return arrived == count
            }
            if isLast { allArrived.signal() }
            go.wait()
            written.withLock { $0.append(index) }
          }))
    }
    let inTime = allArrived.wait(timeout: .now() + 10) == .success
    #expect(inTime, "the closures did not all start")
    for _ in 0..<count { go.signal() }
    for thread in threads { thread.join() }
    #expect(written.withLock { $0.sorted() } == Array(0..<count))
  }

  /// Closures run one after another reuse a parked thread instead of starting one each.
  @Test func laterClosuresReuseParkedThreads() {
    let threads = Locked(Set<UInt>())
    for _ in 0..<20 {
      OwnThread { threads.withLock { _ = $0.insert(UInt(bitPattern: Int(bitPattern: pthread_self()))) } }.join()
    }
    #expect(threads.withLock(\.count) < 20)
  }

  /// An ``OwnThread`` in a class, so that several can wait in an array.
  private final class Started {
    private var thread: OwnThread?
    init(_ thread: consuming OwnThread) { self.thread = consume thread }
    func join() {
      if let thread = thread.take() { thread.join() }
    }
  }
}
