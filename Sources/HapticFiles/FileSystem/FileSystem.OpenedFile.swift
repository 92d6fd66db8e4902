import HapticSupport
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileSystem {
  /// A regular file opened for reading by ``openFile(_:)``: the one descriptor that is checked
  /// and read, so that what is checked is what is read even if the path is changed meanwhile.
  /// The descriptor closes when the value is released.
  package final class OpenedFile: @unchecked Sendable {
    /// The path it was opened by, for messages.
    package let path: String
    package let descriptor: FileDescriptor
    package let identity: Identity
    /// Its length in bytes when it was opened.
    package let size: Int

    init(path: String, descriptor: FileDescriptor, identity: Identity, size: Int) {
      self.path = path
      self.descriptor = descriptor
      self.identity = identity
      self.size = size
    }

    deinit { try? descriptor.close() }

    /// The whole file, from its start.
    ///
    /// - Parameter limit: Largest size accepted, in bytes.
    /// - Throws: ``FileSystemError`` naming the file and the system's reason, or that it is
    ///   larger than `limit`.
    package func readAll(limit: Int) throws(FileSystemError) -> [UInt8] {
      guard size <= limit else { throw .tooLarge(path: path, bytes: size, limit: limit) }
      return try read(from: 0, count: size)
    }

    /// Up to `count` bytes from `offset` (fewer where the file ends sooner: a file that shrank
    /// since it was opened gives what it still has).
    ///
    /// - Throws: ``FileSystemError`` naming the file and the system's reason.
    package func read(from offset: Int, count: Int) throws(FileSystemError) -> [UInt8] {
      var failure: FileSystemError?
      // Read into uninitialized memory: zeroing it first would write every byte twice.
      let bytes = [UInt8](largeUninitializedCapacity: count) { buffer, initialized in
        while initialized < count {
          do throws(FileSystemError) {
            let rest = UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[initialized...]))
            let got = try FileSystem.call(path) {
              try descriptor.read(fromAbsoluteOffset: Int64(offset + initialized), into: rest)
            }
            guard got > 0 else { return }
            initialized += got
          } catch {
            failure = error
            return
          }
        }
      }
      if let failure { throw failure }
      return bytes
    }

    /// The absolute path of the file this descriptor reads, links resolved, as the kernel
    /// holds it for the open file (not the path looked up again); `nil` when the system
    /// cannot tell.
    package var realPath: String? {
      #if os(Linux)
        guard let link = FileSystem.readLink("/proc/self/fd/\(descriptor.rawValue)"), link.hasPrefix("/"),
          !link.hasSuffix(" (deleted)")
        else { return nil }
        return link
      #else
        var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN) + 1)
        guard fcntl(descriptor.rawValue, F_GETPATH, &buffer) == 0 else { return nil }
        return String(cString: buffer)
      #endif
    }
  }
}
