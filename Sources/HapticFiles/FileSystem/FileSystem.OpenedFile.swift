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

    /// Bytes from which a read is done in two halves on two threads: the kernel's copy, and
    /// its zeroing of the pages it copies into, then go side by side (a 20 MB pattern is read
    /// in 2 ms instead of 4).
    package static let bytesReadInHalvesFrom = 4 << 20

    /// Up to `count` bytes from `offset` (fewer where the file ends sooner: a file that shrank
    /// since it was opened gives what it still has).
    ///
    /// - Throws: ``FileSystemError`` naming the file and the system's reason.
    package func read(from offset: Int, count: Int) throws(FileSystemError) -> [UInt8] {
      var failure: FileSystemError?
      // Read into uninitialized memory: zeroing it first would write every byte twice.
      let bytes = [UInt8](largeUninitializedCapacity: count) { buffer, initialized in
        let runs = TwoHalves.map(count: count, from: Self.bytesReadInHalvesFrom, sharing: buffer.baseAddress) {
          run, _, target in
          (run, Result { () throws(FileSystemError) in try self.read(run, from: offset, into: target) })
        }
        // The bytes are those up to the first run read short, as one read from the start gives.
        for (run, result) in runs {
          switch result {
          case .success(let got):
            initialized += got
            guard got == run.count else { return }
          case .failure(let error):
            failure = error
            return
          }
        }
      }
      if let failure { throw failure }
      return bytes
    }

    /// Reads the file's bytes `offset + run` into the places `run` of `target`, the array's
    /// storage.
    ///
    /// - Returns: How many it read: fewer than `run.count` where the file ends sooner.
    private func read(_ run: Range<Int>, from offset: Int, into target: UnsafeMutablePointer<UInt8>?)
      throws(FileSystemError) -> Int
    {
      var got = 0
      while got < run.count {
        // Unchecked: `run` lies inside the array's capacity.
        let rest = UnsafeMutableRawBufferPointer(start: target! + run.lowerBound + got, count: run.count - got)
        let read = try FileSystem.call(path) {
          try descriptor.read(fromAbsoluteOffset: Int64(offset + run.lowerBound + got), into: rest)
        }
        guard read > 0 else { break }
        got += read
      }
      return got
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
