import HapticSupport
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few file operations the library needs, on swift-system's descriptors (`FileDescriptor`),
/// file status (`Stat`) and error numbers (`Errno`), and on the POSIX calls it does not wrap. A
/// failed call is reported with the error number it set
/// (``FileSystemError/systemCall(path:number:context:)``).
///
/// Paths are `String`s and reach the system byte for byte as the user wrote them (as C strings,
/// never through a `FilePath`, which drops a trailing `/` and repeated ones: `out.wav/` would
/// name `out.wav`, and `breath.ahap/` would read a file that the system refuses as "Not a
/// directory").
package enum FileSystem {
  /// Reads a whole regular file.
  ///
  /// - Parameter limit: Largest size accepted, in bytes.
  /// - Throws: ``FileSystemError`` naming the file and the system's reason.
  package static func readAll(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8] {
    try openFile(path).readAll(limit: limit)
  }

  /// The text of a kernel-made file (under `/proc` or `/sys`, whose size reads as 0 or a page),
  /// read up to its end or `limit` bytes; `nil` when it cannot be read.
  package static func readSystemFile(_ path: String, limit: Int = 4_096) -> String? {
    guard let descriptor = try? FileDescriptor.open(path, .readOnly, options: .closeOnExec) else { return nil }
    defer { try? descriptor.close() }
    var bytes = [UInt8](repeating: 0, count: limit)
    var count = 0
    while count < limit {
      let got = try? bytes.withUnsafeMutableBytes { try descriptor.read(into: .init(rebasing: $0[count...])) }
      guard let got else { return nil }
      if got == 0 { break }
      count += got
    }
    return String(decoding: bytes[..<count], as: UTF8.self)
  }

  /// Opens a regular file for reading, never waiting: the open does not block (a FIFO without a
  /// writer would wait forever), and anything but a regular file is refused before a byte is
  /// read. The descriptor reads blocking, as usual, and closes on `exec`; `size` is the
  /// file's length in bytes when it was opened.
  ///
  /// - Throws: ``FileSystemError`` naming the file and why: the system's error number, or what
  ///   the file is instead (a folder, a FIFO, a device or a socket).
  package static func openRegularFile(_ path: String) throws(FileSystemError) -> (
    descriptor: FileDescriptor, size: Int
  ) {
    let (descriptor, status) = try openRegular(path)
    return (descriptor, Int(status.size))
  }

  /// Opens a regular file for reading as ``openRegularFile(_:)`` does, keeping its identity.
  package static func openFile(_ path: String) throws(FileSystemError) -> OpenedFile {
    let (descriptor, status) = try openRegular(path)
    return OpenedFile(path: path, descriptor: descriptor, identity: Identity(status), size: Int(status.size))
  }

  private static func openRegular(_ path: String) throws(FileSystemError) -> (descriptor: FileDescriptor, status: Stat)
  {
    let descriptor: FileDescriptor
    do {
      descriptor = try call(path) {
        try FileDescriptor.open(
          path, .readOnly, options: [.nonBlocking, .noControllingTerminal, .closeOnExec])
      }
    } catch {
      throw error.errorNumber == .noSuchFileOrDirectory ? missingFile(path, number: .noSuchFileOrDirectory) : error
    }
    let status: Stat
    do {
      status = try descriptor.stat()
    } catch {
      try? descriptor.close()
      throw .systemCall(path: path, number: error)
    }
    guard status.type == .regular else {
      try? descriptor.close()
      throw .failed(path: path, reason: "is \(description(of: status.type)), not a regular file")
    }
    _ = fcntl(descriptor.rawValue, F_SETFL, fcntl(descriptor.rawValue, F_GETFL) & ~O_NONBLOCK)
    return (descriptor, status)
  }

  /// What a file of `type` other than a regular file is, for messages: "a directory",
  /// "a FIFO (named pipe)", "a socket" or "a device".
  package static func description(of type: FileType) -> String {
    switch type {
    case .directory: "a directory"
    case .fifo: "a FIFO (named pipe)"
    case .socket: "a socket"
    default: "a device"
    }
  }

  /// Runs `operation`, a swift-system call about `path`, and gives its failure as
  /// ``FileSystemError/systemCall(path:number:context:)``.
  package static func call<Result>(
    _ path: String, context: String? = nil, _ operation: () throws -> Result
  ) throws(FileSystemError) -> Result {
    do {
      return try Errno.catching(operation)
    } catch {
      throw .systemCall(path: path, number: error, context: context)
    }
  }
}
