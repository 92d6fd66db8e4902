import SystemPackage

/// What changes when a file is written: its identity (a file renamed over it is another one),
/// its size and its modification time to the nanosecond. Two stamps of one path differ when it
/// was written between them, replaced or touched.
package struct FileStamp: Hashable, Sendable {
  package var identity: FileSystem.Identity
  /// Bytes.
  package var size: Int64
  /// Seconds since the epoch, and the nanoseconds (0 ..< 1,000,000,000) within that second.
  package var modifiedSeconds: Int64
  package var modifiedNanoseconds: Int64

  /// The stamp of the existing file at `path` (links followed), or `nil`.
  package init?(path: String) {
    guard let status = try? Stat(path) else { return nil }
    identity = FileSystem.Identity(status)
    size = status.size
    (modifiedSeconds, modifiedNanoseconds) = (Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec))
  }

  /// `device.inode.size.seconds.nanoseconds`, for a page to compare with a later one.
  package var text: String {
    "\(identity.device).\(identity.inode).\(size).\(modifiedSeconds).\(modifiedNanoseconds)"
  }
}
