import Dispatch

/// Runs independent jobs on several threads and gathers their results in order.
package enum ParallelWork {
  /// `body(index)` for every index in `0..<count`, each once, on up to `jobs` threads.
  ///
  /// - Parameters:
  ///   - jobs: Threads to use, ≥ 1.
  ///   - finished: Called after each job (from worker threads, one call at a time) with its
  ///     index, its result and the number of jobs done so far.
  /// - Returns: The results in index order.
  package static func map<Result: Sendable>(
    count: Int, jobs: Int, body: @Sendable (Int) -> Result,
    finished: @Sendable (_ index: Int, _ result: Result, _ done: Int) -> Void = { _, _, _ in }
  ) -> [Result] {
    let state = Locked(WorkState<Result>(count: count))
    DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
      while let index = state.withLock({ $0.nextIndex() }) {
        let result = body(index)
        state.withLock { state in
          state.results[index] = result
          state.done += 1
          finished(index, result, state.done)
        }
      }
    }
    return state.withLock { $0.results.map { $0! } }
  }
}

/// Work distribution and results shared by the worker threads (behind a ``Locked``).
private struct WorkState<Result: Sendable>: Sendable {
  var next = 0
  var done = 0
  var results: [Result?]

  init(count: Int) {
    results = Array(repeating: nil, count: count)
  }

  mutating func nextIndex() -> Int? {
    guard next < results.count else { return nil }
    next += 1
    return next - 1
  }
}
