#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary output files being written right now, so that an interrupted program can
/// remove them (`render` does on SIGINT and SIGTERM).
public enum TemporaryFiles {
  private static let registry = Registry()

  static func register(_ path: String) { registry.update { $0.insert(path) } }
  static func unregister(_ path: String) { registry.update { $0.remove(path) } }

  /// Removes every temporary file still being written. Safe to call from any thread.
  public static func removeAll() {
    registry.update { paths in
      for path in paths { unlink(path) }
      paths.removeAll()
    }
  }

  private final class Registry: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var paths: Set<String> = []

    init() { pthread_mutex_init(&mutex, nil) }

    func update(_ body: (inout Set<String>) -> Void) {
      pthread_mutex_lock(&mutex)
      defer { pthread_mutex_unlock(&mutex) }
      body(&paths)
    }
  }
}
