import HapticSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The named temporary output files being written right now and the scratch folders in use
/// (``ScratchFolder``), so that an interrupted program can remove them (`render` does on
/// SIGINT, SIGTERM and SIGHUP), and how many outputs are complete, so that it can say so.
/// (Anonymous temporary files need no removal.)
public enum TemporaryFiles {
  private static let paths = Locked(Set<String>())
  private static let completed = Locked(0)
  private static let scratchFolders = Locked(Set<String>())

  /// Outputs this process has completed (moved into place or copied to their target).
  public static var completedCount: Int { completed.withLock { $0 } }

  package static func countCompleted() { completed.withLock { $0 += 1 } }

  /// Counts an output moved into place at `path`, unless it is inside a scratch folder (a
  /// file made only to be read back, which is no output).
  package static func countCompleted(at path: String) {
    let isScratch = scratchFolders.withLock { folders in folders.contains { path.hasPrefix($0 + "/") } }
    if !isScratch { countCompleted() }
  }

  package static func registerScratch(_ folder: String) { _ = scratchFolders.withLock { $0.insert(folder) } }
  package static func unregisterScratch(_ folder: String) { _ = scratchFolders.withLock { $0.remove(folder) } }

  package static func register(_ path: String) { _ = paths.withLock { $0.insert(path) } }
  package static func unregister(_ path: String) { _ = paths.withLock { $0.remove(path) } }

  /// Removes every temporary file still being written. Safe to call from any thread.
  public static func removeAll() {
    paths.withLock { paths in
      for path in paths { unlink(path) }
      paths.removeAll()
    }
    scratchFolders.withLock { folders in
      for folder in folders { ScratchFolder.remove(folder) }
      folders.removeAll()
    }
  }
}
