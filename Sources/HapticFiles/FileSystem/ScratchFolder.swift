import HapticSupport
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A private folder in `$TMPDIR` for files a command makes only to read them back (the audio of
/// a preview page before it is embedded): removed with everything in it when released, and on
/// SIGINT, SIGTERM or SIGHUP (``TemporaryFiles/removeAll()``). What is written there is no
/// output: it is not counted among the outputs written in full.
///
/// Its writer holds a lock (`flock`) on the folder while it exists, and the lock goes with the
/// process however it ends. After a SIGKILL the folder stays, and the next scratch folder of
/// the same prefix made by any process removes the unlocked ones older than
/// ``TemporaryPath/staleAge`` seconds.
package final class ScratchFolder: Sendable {
  package let path: String
  private let descriptor: FileDescriptor?

  /// Prefixes whose stale folders this process has already swept.
  private static let swept = Locked(Set<String>())

  /// Creates `$TMPDIR/<prefix>XXXXXX`.
  ///
  /// - Throws: ``FileSystemError`` when it cannot be created.
  package init(prefix: String) throws(FileSystemError) {
    if Self.swept.withLock({ $0.insert(prefix).inserted }) { Self.sweep(prefix: prefix) }
    path = try TemporaryFiles.makeScratch { () throws(FileSystemError) in try TemporaryPath.newFolder(prefix: prefix) }
    descriptor = try? FileDescriptor.open(path, .readOnly, options: [.directory, .closeOnExec])
    if let descriptor { flock(descriptor.rawValue, LOCK_EX | LOCK_NB) }
  }

  deinit {
    Self.remove(path)
    TemporaryFiles.unregisterScratch(path)
    try? descriptor?.close()
  }

  /// Removes the files in `folder` (it holds no folders), then the folder.
  package static func remove(_ folder: String) {
    if let names = try? FileSystem.entries(in: folder) {
      for name in names {
        (Array("\(folder)/".utf8) + name + [0]).withUnsafeBufferPointer { buffer in
          buffer.withMemoryRebound(to: CChar.self) { _ = unlink($0.baseAddress!) }
        }
      }
    }
    rmdir(folder)
  }

  /// Removes the folders `$TMPDIR/<prefix>XXXXXX` that no process holds and that are older
  /// than ``TemporaryPath/staleAge``: those of processes that were killed.
  private static func sweep(prefix: String) {
    let folder = TemporaryPath.folder
    guard let names = try? FileSystem.names(in: folder) else { return }
    let now = time(nil)
    for name in names where name.hasPrefix(prefix) && name.utf8.count == prefix.utf8.count + 6 {
      let path = "\(folder)/\(name)"
      guard
        let descriptor = try? FileDescriptor.open(
          path, .readOnly, options: [.directory, .noFollow, .closeOnExec])
      else { continue }
      defer { try? descriptor.close() }
      guard let status = try? descriptor.stat(), status.userID.rawValue == getuid(),
        Int(now) - Int(status.st_mtim.tv_sec) >= TemporaryPath.staleAge,
        flock(descriptor.rawValue, LOCK_EX | LOCK_NB) == 0
      else { continue }
      remove(path)
    }
  }
}
