import Dispatch
import HapticSupport

/// Hands the peak limiter's state from each time range of a render to the next, across the
/// threads that limit them (``LimitedRangeRenderer``): range `k` is limited by thread
/// `k mod threads` from the state range `k − 1` left, so each thread has one mailbox, filled
/// by it and emptied by the next thread. It also sums the ranges' figures.
///
/// A thread fills its mailbox again only after the next thread has emptied it: its next range
/// needs the state of the range before, which follows the next thread's range.
package final class LimiterRelay: Sendable {
  private let mailboxes: [Mailbox]
  private let isCancelled = Locked(false)
  private let totals = Locked(LimiterFigures())

  private final class Mailbox: Sendable {
    let state = Locked<LimiterGain?>(nil)
    /// Signalled when `state` is filled, or the relay cancelled.
    let filled = DispatchSemaphore(value: 0)
  }

  /// - Parameter threadCount: Threads that limit the ranges in turn, ≥ 1.
  package init(threadCount: Int) {
    precondition(threadCount >= 1, "a relay without threads")
    mailboxes = (0..<threadCount).map { _ in Mailbox() }
  }

  /// Hands the state after the range thread `thread` limited last to the next thread.
  package func publish(_ state: LimiterGain, from thread: Int) {
    let mailbox = mailboxes[thread]
    mailbox.state.withLock {
      precondition($0 == nil, "a state published before the last one was taken")
      $0 = state
    }
    mailbox.filled.signal()
  }

  /// The state the range before `thread`'s next range left, waiting for it.
  ///
  /// - Returns: `nil` once the relay is cancelled.
  package func take(for thread: Int) -> LimiterGain? {
    let mailbox = mailboxes[(thread + mailboxes.count - 1) % mailboxes.count]
    if isCancelled.withLock({ $0 }) { return nil }
    mailbox.filled.wait()
    if isCancelled.withLock({ $0 }) {
      // Passed on, for a later wait on the same mailbox.
      mailbox.filled.signal()
      return nil
    }
    return mailbox.state.withLock { $0.take() }
  }

  /// Wakes every thread waiting for a state, and every later one, with none: the render's
  /// frames are no longer wanted.
  package func cancel() {
    isCancelled.withLock { $0 = true }
    for mailbox in mailboxes { mailbox.filled.signal() }
  }

  /// Adds a range's figures to the render's.
  package func record(_ figures: LimiterFigures) {
    totals.withLock { $0.add(figures) }
  }

  /// The figures of the ranges limited so far.
  package var figures: LimiterFigures { totals.withLock { $0 } }
}
