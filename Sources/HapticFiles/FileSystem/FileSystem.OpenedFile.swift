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
