#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value shared between threads, reached only while holding its mutex.
///
/// Sendable when its value is: the mutex orders the accesses, but a value that is not
/// `Sendable` (a class instance, a closure) could still be reached from another thread through
/// what was taken out of it.
///
/// The mutex lives in memory of its own, so its address never moves (a `pthread_mutex_t`
/// stored in a Swift property is not guaranteed a stable address).
package final class Locked<Value> {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  package init(_ value: Value) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    self.value = value
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value, holding the mutex.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}

/// The mutex orders every access to the value, which the compiler cannot see.
extension Locked: @unchecked Sendable where Value: Sendable {}
