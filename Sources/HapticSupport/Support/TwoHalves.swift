import Dispatch

/// Work on something large done in two halves on two threads, with the result one pass gives:
/// the one place the package splits work that way (docs/architecture.md §4).
///
/// Two shapes:
/// - ``map(count:from:_:)``: consecutive runs of items (pattern elements, events), each read
///   on its own; the caller merges the runs' results in order. With
///   ``map(count:from:sharing:_:)`` the runs write their items' results in place, each in its
///   own places of storage the caller holds (a file's bytes, a schedule's voices).
/// - ``Tail``: the end of a text read from a place near its middle while the caller reads
///   from the start; when the caller reaches that place it takes the tail's result over (or
///   reads on alone when the tail is not usable there).
package enum TwoHalves {
  /// `body(run, isFirst)` for `0..<count` as one run, or from `threshold` items on as two
  /// halves on two threads; the results in run order.
  ///
  /// - Parameter threshold: Items from which a second thread saves more than it costs.
  package static func map<Result: Sendable>(
    count: Int, from threshold: Int, _ body: @Sendable (_ run: Range<Int>, _ isFirst: Bool) -> Result
  ) -> [Result] {
    guard count >= threshold else { return [body(0..<count, true)] }
    let runs = [0..<count / 2, count / 2..<count]
    let results = Locked<[Result?]>([nil, nil])
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let result = body(runs[index], index == 0)
      results.withLock { $0[index] = result }
    }
    return results.withLock { $0.map { $0! } }
  }

  /// ``map(count:from:_:)`` for runs that share storage the caller holds: `places` (pointers
  /// into it) reaches each run's `body`, which may read any of it and writes only the places of
  /// its own run. The caller keeps the storage until this returns, after both runs.
  package static func map<Places, Result: Sendable>(
    count: Int, from threshold: Int, sharing places: Places,
    _ body: @Sendable (_ run: Range<Int>, _ isFirst: Bool, _ places: Places) -> Result
  ) -> [Result] {
    let shared = HandOver(places)
    return map(count: count, from: threshold) { run, isFirst in body(run, isFirst, shared.value) }
  }

  /// The end of a large text, read on a thread of its own from ``start`` while the caller reads
  /// from the beginning.
  ///
  /// The caller must call ``wait()`` before anything the tail reads goes away, whether it takes
  /// the result or not.
  package final class Tail<Result: Sendable>: Sendable {
    /// Where the tail starts in the text.
    package let start: Int
    private let stopped = Locked(false)
    private let done = DispatchGroup()
    private let result = Locked<Result?>(nil)

    /// Starts reading at once.
    ///
    /// - Parameters:
    ///   - reader: What reads the tail (its own copy of the caller's reader, placed at
    ///     `start`); it is handed to the tail's thread and no longer used by the caller.
    ///   - body: Reads the tail with `reader`; it should look at `isStopped` now and then and
    ///     return early once it is `true`.
    package init<Reader>(
      from start: Int, reader: consuming Reader,
      _ body: @escaping @Sendable (_ reader: inout Reader, _ isStopped: () -> Bool) -> Result
    ) {
      self.start = start
      let handOver = HandOver(reader)
      done.enter()
      DispatchQueue.global(qos: .userInitiated).async { [self] in
        var reader = handOver.value
        let read = body(&reader) { stopped.withLock { $0 } }
        result.withLock { $0 = read }
        done.leave()
      }
    }

    /// Asks the tail to stop early: the caller will not take it.
    package func stop() {
      stopped.withLock { $0 = true }
    }

    /// Waits until the tail is read, and gives its result.
    @discardableResult
    package func wait() -> Result {
      done.wait()
      return result.withLock { $0! }
    }
  }
}

/// A value handed to other threads where the compiler cannot see that it is safe: a reader
/// moved to the tail's thread (the caller gives it up when the tail starts, so the two threads
/// never share it), or pointers that runs share (each writes only its own places). What they
/// point into outlives the threads: the caller waits for them before letting it go.
private struct HandOver<Value>: @unchecked Sendable {
  let value: Value

  init(_ value: consuming Value) {
    self.value = value
  }
}
