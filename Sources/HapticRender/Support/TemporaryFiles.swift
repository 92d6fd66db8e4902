#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary output files being written right now, so that an interrupted program can
/// remove them (`render` does on SIGINT and SIGTERM).
public enum TemporaryFiles {
  private static let paths = Locked(Set<String>())

  static func register(_ path: String) { _ = paths.withLock { $0.insert(path) } }
  static func unregister(_ path: String) { _ = paths.withLock { $0.remove(path) } }

  /// Removes every temporary file still being written. Safe to call from any thread.
  public static func removeAll() {
    paths.withLock { paths in
      for path in paths { unlink(path) }
      paths.removeAll()
    }
  }
}
