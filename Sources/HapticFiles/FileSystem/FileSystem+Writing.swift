import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileSystem {
  /// Writes all of `bytes` to `output`; the name is for messages.
  package static func write(_ bytes: ArraySlice<UInt8>, to output: FileDescriptor, named name: String)
    throws(FileSystemError)
  {
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(FileSystemError) in try write(buffer, to: output, named: name) }
    }
    .get()
  }

  /// Writes all of `buffer` to `output` at its offset, retrying after interruptions and short
  /// writes.
  package static func write(_ buffer: UnsafeRawBufferPointer, to output: FileDescriptor, named name: String)
    throws(FileSystemError)
  {
    try writeAll(buffer, named: name) { bytes, _ in try output.write(bytes) }
  }

  /// Writes all of `buffer` to `output` from byte `offset` on, leaving the descriptor's own
  /// offset alone; retries after interruptions and short writes.
  package static func write(
    _ buffer: UnsafeRawBufferPointer, to output: FileDescriptor, at offset: Int64, named name: String
  ) throws(FileSystemError) {
    try writeAll(buffer, named: name) { bytes, done in
      try output.write(toAbsoluteOffset: offset + Int64(done), bytes)
    }
  }

  /// Calls `send(bytes, done)` with what is left of `buffer` after the `done` bytes sent so far,
  /// until all are sent: on after a short write. `send` is a swift-system write, which retries
  /// after an interruption and throws the call's `Errno`.
  ///
  /// - Throws: ``FileSystemError`` naming `name`, its reason "write failed: " and the system's
  ///   error number (or, for a write that took no byte and set none, "no byte was written").
  package static func writeAll(
    _ buffer: UnsafeRawBufferPointer, named name: String, _ send: (UnsafeRawBufferPointer, Int) throws -> Int
  ) throws(FileSystemError) {
    var done = 0
    while done < buffer.count {
      let written = try call(name, context: "write failed") { try send(.init(rebasing: buffer[done...]), done) }
      // A count of 0 is no failure the system reports: it sets no error number.
      guard written > 0 else { throw .failed(path: name, reason: "write failed: no byte was written") }
      done += written
    }
  }

  /// Copies everything from `input`'s current offset to its end into `output`, 1 MiB at a
  /// time; the names are for messages.
  package static func copy(
    from input: FileDescriptor, named inputName: String, to output: FileDescriptor, named outputName: String
  ) throws(FileSystemError) {
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = try call(inputName) { try buffer.withUnsafeMutableBytes { try input.read(into: $0) } }
      if count == 0 { return }
      try write(buffer[..<count], to: output, named: outputName)
    }
  }

  /// Renames `source` to `destination`, replacing it atomically.
  package static func rename(_ source: String, to destination: String) throws(FileSystemError) {
    guard posixRename(source, destination) == 0 else {
      throw .systemCall(path: destination, number: .last)
    }
  }

  /// Removes a file if it exists; errors are ignored (used for clean-up).
  package static func removeIfPresent(_ path: String) {
    unlink(path)
  }

  /// Creates `path` and its missing parents, each readable by all and writable by its owner
  /// (less the umask).
  package static func createDirectory(_ path: String) throws(FileSystemError) {
    if isDirectory(path) { return }
    let parent = directory(of: path)
    if parent != path, parent != ".", parent != "/" { try createDirectory(parent) }
    let permissions: FilePermissions = [.ownerReadWriteExecute, .groupReadExecute, .otherReadExecute]
    guard mkdir(path, permissions.rawValue) != 0 else { return }
    let number = Errno.last
    guard number == .fileExists else { throw .systemCall(path: path, number: number) }
  }
}

private func posixRename(_ source: String, _ destination: String) -> Int32 {
  rename(source, destination)
}
