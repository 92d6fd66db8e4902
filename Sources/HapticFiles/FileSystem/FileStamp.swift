#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    identity = FileSystem.Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    size = Int64(status.st_size)
    #if os(Linux)
      (modifiedSeconds, modifiedNanoseconds) = (Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec))
    #else
      (modifiedSeconds, modifiedNanoseconds) = (
        Int64(status.st_mtimespec.tv_sec), Int64(status.st_mtimespec.tv_nsec)
      )
    #endif
  }

  /// `device.inode.size.seconds.nanoseconds`, for a page to compare with a later one.
  package var text: String {
    "\(identity.device).\(identity.inode).\(size).\(modifiedSeconds).\(modifiedNanoseconds)"
  }
}
