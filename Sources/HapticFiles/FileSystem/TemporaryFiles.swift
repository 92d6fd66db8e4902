import HapticSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The named temporary output files being written right now, so that an interrupted program
/// can remove them (`render` does on SIGINT, SIGTERM and SIGHUP), and how many outputs are
/// complete, so that it can say so. (Anonymous temporary files need no removal.)
public enum TemporaryFiles {
  private static let paths = Locked(Set<String>())
  private static let completed = Locked(0)

  /// Outputs this process has completed (moved into place or copied to their target).
  public static var completedCount: Int { completed.withLock { $0 } }

  package static func countCompleted() { completed.withLock { $0 += 1 } }

  package static func register(_ path: String) { _ = paths.withLock { $0.insert(path) } }
  package static func unregister(_ path: String) { _ = paths.withLock { $0.remove(path) } }

  /// Removes every temporary file still being written. Safe to call from any thread.
  public static func removeAll() {
    paths.withLock { paths in
      for path in paths { unlink(path) }
      paths.removeAll()
    }
  }
}
