import HapticSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The named temporary output files being written right now and the scratch folders in use
/// (`ScratchFolder`), so that an interrupted program can remove them (`render` does on
/// SIGINT, SIGTERM and SIGHUP), and how many outputs are complete, so that it can say so.
/// (Anonymous temporary files need no removal.)
package enum TemporaryFiles {
  private static let paths = Locked(Set<String>())
  private static let completed = Locked(0)
  private static let scratchFolders = Locked(ScratchFolders())

  /// The scratch folders in use, and whether ``removeAll()`` has run (then no more are made).
  private struct ScratchFolders {
    var paths: Set<String> = []
    var isClosed = false
  }

  /// Outputs this process has completed (moved into place or copied to their target).
  package static var completedCount: Int { completed.withLock { $0 } }

  package static func countCompleted() { completed.withLock { $0 += 1 } }

  /// Counts an output moved into place at `path`, unless it is inside a scratch folder (a
  /// file made only to be read back, which is no output).
  package static func countCompleted(at path: String) {
    let isScratch = scratchFolders.withLock { folders in folders.paths.contains { path.hasPrefix($0 + "/") } }
    if !isScratch { countCompleted() }
  }

  /// Makes a scratch folder with `make`, which returns its path, and registers it in the same
  /// step: ``removeAll()`` runs either before (then nothing is made) or after (then it removes
  /// the folder), never between, whatever thread a signal's clean-up runs on.
  package static func makeScratch(_ make: () throws(FileSystemError) -> String) throws(FileSystemError) -> String {
    let made = scratchFolders.withLock { folders -> Result<String, FileSystemError> in
      guard !folders.isClosed else {
        return .failure(.failed(path: TemporaryPath.folder, reason: "the program is being interrupted"))
      }
      let result = Result { () throws(FileSystemError) in try make() }
      if case .success(let path) = result { folders.paths.insert(path) }
      return result
    }
    return try made.get()
  }

  package static func unregisterScratch(_ folder: String) { _ = scratchFolders.withLock { $0.paths.remove(folder) } }

  package static func register(_ path: String) { _ = paths.withLock { $0.insert(path) } }
  package static func unregister(_ path: String) { _ = paths.withLock { $0.remove(path) } }

  /// Removes every temporary file still being written. Safe to call from any thread.
  package static func removeAll() {
    paths.withLock { paths in
      for path in paths { unlink(path) }
      paths.removeAll()
    }
    scratchFolders.withLock { folders in
      for folder in folders.paths { ScratchFolder.remove(folder) }
      folders.paths.removeAll()
      folders.isClosed = true
    }
  }
}
