import HapticFiles
import HapticSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The named temporary output files being written right now and the scratch folders in use,
/// so that an interrupted executable can remove them (`render` does on SIGINT, SIGTERM and
/// SIGHUP, `render-serve` when it stops), and how many outputs are complete, so that it can say
/// so. (Anonymous temporary files need no removal.) ``install()`` makes it the library's
/// tracker (`TemporaryFiles.tracker`).
package final class TemporaryFileRegistry: TemporaryFileTracker {
  /// The registry the executables install.
  package static let shared = TemporaryFileRegistry()

  private let paths = Locked(Set<String>())
  private let completed = Locked(0)
  private let scratchFolders = Locked(ScratchFolders())

  /// The scratch folders in use, and whether ``removeAll()`` has run (then no more are made).
  private struct ScratchFolders {
    var paths: Set<String> = []
    var isClosed = false
  }

  /// Makes ``shared`` the tracker of the library's temporary files; call before any output.
  package static func install() { TemporaryFiles.tracker = shared }

  /// Outputs this process has completed (moved into place or copied to their target).
  package var completedCount: Int { completed.withLock { $0 } }

  /// Counts an output, unless it was moved into place inside a scratch folder (a file made only
  /// to be read back, which is no output).
  package func countCompleted(at path: String?) {
    if let path, scratchFolders.withLock({ folders in folders.paths.contains { path.hasPrefix($0 + "/") } }) {
      return
    }
    completed.withLock { $0 += 1 }
  }

  /// Makes a scratch folder with `make` and registers it in the same step: ``removeAll()`` runs
  /// either before (then nothing is made) or after (then it removes the folder), never between,
  /// whatever thread a signal's clean-up runs on.
  package func makeScratch(_ make: () throws(FileSystemError) -> String) throws(FileSystemError) -> String {
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

  package func unregisterScratch(_ folder: String) { _ = scratchFolders.withLock { $0.paths.remove(folder) } }

  package func register(_ path: String) { _ = paths.withLock { $0.insert(path) } }
  package func unregister(_ path: String) { _ = paths.withLock { $0.remove(path) } }

  /// Removes every temporary file still being written and every scratch folder. Safe to call
  /// from any thread.
  package func removeAll() {
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
