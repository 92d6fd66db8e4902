import Dispatch

/// A result computed on a thread of its own while the caller goes on, waited for when needed.
package final class BackgroundTask<Result>: @unchecked Sendable {
  /// Set once, before `done` is left.
  private var result: Result?
  private let done = DispatchGroup()

  /// Starts `body` at once on another thread. What `body` reads must not change until
  /// ``wait()`` returns.
  package init(_ body: @escaping () -> Result) {
    nonisolated(unsafe) let body = body
    done.enter()
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      result = body()
      done.leave()
    }
  }

  /// Waits until the body has returned, and gives its result.
  package func wait() -> Result {
    done.wait()
    return result!
  }
}
