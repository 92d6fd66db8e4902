internal import CSndFile

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file that libsndfile writes through its virtual I/O (`sf_open_virtual`): the position and
/// length that libsndfile's seeks and the subclass's writes keep, and the callbacks that reach
/// the subclass's ``write(_:count:)`` and ``read(_:count:)``.
package class VirtualFile {
  /// Where the next read or write begins, in bytes from the start.
  package var position: Int64 = 0
  /// The file's size in bytes: the end of the furthest write.
  package var length: Int64 = 0

  /// Opens a libsndfile handle writing into this file; the handle must be closed before the
  /// file is released.
  final func open(_ info: inout SF_INFO) -> OpaquePointer? {
    var io = SF_VIRTUAL_IO(
      get_filelen: { user in VirtualFile.from(user).length },
      seek: { offset, whence, user in VirtualFile.from(user).seek(offset, whence: whence) },
      read: { bytes, count, user in VirtualFile.from(user).read(bytes, count: count) },
      write: { bytes, count, user in VirtualFile.from(user).write(bytes, count: count) },
      tell: { user in VirtualFile.from(user).position })
    return sf_open_virtual(&io, Int32(SFM_WRITE), &info, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Takes `count` bytes at ``position`` and moves past them. Subclasses override it.
  ///
  /// - Returns: How many bytes were taken: `count`, or 0 when they cannot be.
  package func write(_ bytes: UnsafeRawPointer?, count: Int64) -> Int64 { 0 }

  /// Reads up to `count` bytes at ``position`` and moves past them; none unless a subclass
  /// overrides it.
  ///
  /// - Returns: How many bytes were read.
  package func read(_ bytes: UnsafeMutableRawPointer?, count: Int64) -> Int64 { 0 }

  private static func from(_ user: UnsafeMutableRawPointer?) -> VirtualFile {
    Unmanaged<VirtualFile>.fromOpaque(user!).takeUnretainedValue()
  }

  private func seek(_ offset: sf_count_t, whence: Int32) -> sf_count_t {
    switch whence {
    case SEEK_CUR: position += offset
    case SEEK_END: position = length + offset
    default: position = offset
    }
    return position
  }
}
