import HapticSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few file operations the library needs, on POSIX calls. A failed call is reported with
/// the error number it set (``FileSystemError/systemCall(path:number:context:)``), read right
/// after the call.
package enum FileSystem {
  /// Reads a whole regular file.
  ///
  /// - Parameter limit: Largest size accepted, in bytes.
  /// - Throws: ``FileSystemError`` naming the file and the system's reason.
  package static func readAll(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8] {
    let (descriptor, size) = try openRegularFile(path)
    defer { close(descriptor) }
    guard size <= limit else { throw .tooLarge(path: path, bytes: size, limit: limit) }
    var failure: FileSystemError?
    // Read into uninitialized memory: zeroing it first would write every byte twice.
    let bytes = [UInt8](largeUninitializedCapacity: size) { buffer, initialized in
      // Only what was read counts: a file that shrank meanwhile gives fewer bytes.
      while initialized < size {
        let count = read(descriptor, buffer.baseAddress! + initialized, size - initialized)
        if count < 0 {
          let number = ErrorNumber.current
          if number == EINTR { continue }
          failure = .systemCall(path: path, number: number)
        }
        guard count > 0 else { return }
        initialized += count
      }
    }
    if let failure { throw failure }
    return bytes
  }

  /// The text of a kernel-made file (under `/proc` or `/sys`, whose size reads as 0 or a page),
  /// read up to its end or `limit` bytes; `nil` when it cannot be read.
  package static func readSystemFile(_ path: String, limit: Int = 4_096) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: limit)
    var count = 0
    while count < limit {
      let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, limit - count) }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else {
        if got < 0 { return nil }
        break
      }
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
  package static func openRegularFile(_ path: String) throws(FileSystemError) -> (descriptor: Int32, size: Int) {
    let (descriptor, status) = try openRegular(path)
    return (descriptor, Int(status.st_size))
  }

  /// A regular file opened for reading by ``openFile(_:)``: the one descriptor that is checked
  /// and read, so that what is checked is what is read even if the path is changed meanwhile.
  /// The descriptor closes when the value is released.
  package final class OpenedFile: @unchecked Sendable {
    /// The path it was opened by, for messages.
    package let path: String
    package let descriptor: Int32
    package let identity: Identity
    /// Its length in bytes when it was opened.
    package let size: Int

    fileprivate init(path: String, descriptor: Int32, identity: Identity, size: Int) {
      self.path = path
      self.descriptor = descriptor
      self.identity = identity
      self.size = size
    }

    deinit { close(descriptor) }

    /// The absolute path of the file this descriptor reads, links resolved, as the kernel
    /// holds it for the open file (not the path looked up again); `nil` when the system
    /// cannot tell.
    package var realPath: String? {
      #if os(Linux)
        guard let link = FileSystem.readLink("/proc/self/fd/\(descriptor)"), link.hasPrefix("/"),
          !link.hasSuffix(" (deleted)")
        else { return nil }
        return link
      #else
        var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN) + 1)
        guard fcntl(descriptor, F_GETPATH, &buffer) == 0 else { return nil }
        return String(cString: buffer)
      #endif
    }
  }

  /// Opens a regular file for reading as ``openRegularFile(_:)`` does, keeping its identity.
  package static func openFile(_ path: String) throws(FileSystemError) -> OpenedFile {
    let (descriptor, status) = try openRegular(path)
    return OpenedFile(
      path: path, descriptor: descriptor,
      identity: Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)), size: Int(status.st_size))
  }

  private static func openRegular(_ path: String) throws(FileSystemError) -> (descriptor: Int32, status: stat) {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let number = ErrorNumber.current
      throw number == ENOENT ? missingFile(path, number: number) : .systemCall(path: path, number: number)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let number = ErrorNumber.current
      close(descriptor)
      throw .systemCall(path: path, number: number)
    }
    let kind = status.st_mode & mode_t(S_IFMT)
    guard kind == mode_t(S_IFREG) else {
      close(descriptor)
      let what =
        switch kind {
        case mode_t(S_IFDIR): "a directory"
        case mode_t(S_IFIFO): "a FIFO (named pipe)"
        case mode_t(S_IFSOCK): "a socket"
        default: "a device"
        }
      throw .failed(path: path, reason: "is \(what), not a regular file")
    }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    return (descriptor, status)
  }

  /// Why `path` cannot be replaced as a regular file without following a link or writing into
  /// something else: it is a symbolic link, a folder, a FIFO, a device or a socket. `nil` when
  /// nothing is there or a regular file is. Looked at with `lstat`: nothing is opened.
  package static func notRegularFileProblem(_ path: String) -> FileSystemError? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    let what: String
    switch status.st_mode & mode_t(S_IFMT) {
    case mode_t(S_IFREG): return nil
    case mode_t(S_IFLNK):
      return .failed(path: path, reason: "is a symbolic link, which is not followed here; remove it to write this file")
    case mode_t(S_IFDIR): what = "a directory"
    case mode_t(S_IFIFO): what = "a FIFO (named pipe)"
    case mode_t(S_IFSOCK): what = "a socket"
    default: what = "a device"
    }
    return .failed(path: path, reason: "is \(what), not a regular file; it is not written to")
  }

  /// One spelling of `path` for comparing places: the real path of its deepest existing part
  /// (links and `..` resolved there) followed by the rest as written. Two paths that would
  /// reach one file (once it exists) through existing folders get the same text.
  package static func placeKey(_ path: String) -> String {
    var rest: [Substring] = []
    var current = path
    while true {
      if let real = realPath(current) {
        return ([real == "/" ? "" : real] + rest.reversed().map(String.init)).joined(separator: "/")
      }
      let parent = directory(of: current)
      guard parent != current, let last = current.split(separator: "/").last else { return path }
      rest.append(last)
      current = parent
    }
  }

  /// `true` when something is at `path` itself, a dangling symbolic link included.
  package static func entryExists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  /// The real path of `path` when it exists, otherwise of its deepest existing parent folder,
  /// with the rest of `path` left off: where a path leads as far as it leads anywhere.
  package static func realPathOfExistingPart(_ path: String) -> String? {
    var current = path
    while true {
      if let real = realPath(current) { return real }
      let parent = directory(of: current)
      if parent == current { return nil }
      current = parent
    }
  }

  /// `true` when `path` names a directory.
  package static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & mode_t(S_IFMT)) == mode_t(S_IFDIR)
  }

  /// The absolute path of an existing file or folder, links and `..` resolved.
  package static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// What makes a file itself, whatever the path that reaches it: device and inode.
  package struct Identity: Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64
  }

  /// The identity of the existing file at `path` (links followed), or `nil`.
  package static func identity(of path: String) -> Identity? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }

  /// `true` when `a` and `b` name one existing file (same device and inode), whatever their
  /// spelling and the links between them.
  package static func isSameFile(_ a: String, _ b: String) -> Bool {
    guard let first = identity(of: a) else { return false }
    return first == identity(of: b)
  }

  /// `true` when something exists at `path`.
  package static func exists(_ path: String) -> Bool {
    access(path, F_OK) == 0
  }

  /// Renames `source` to `destination`, replacing it atomically.
  package static func rename(_ source: String, to destination: String) throws(FileSystemError) {
    guard posixRename(source, destination) == 0 else {
      throw .systemCall(path: destination, number: .current)
    }
  }

  /// Removes a file if it exists; errors are ignored (used for clean-up).
  package static func removeIfPresent(_ path: String) {
    unlink(path)
  }

  /// `path` itself when absolute or when `folder` is `"."`, otherwise `path` inside `folder`.
  package static func resolve(_ path: String, against folder: String) -> String {
    path.hasPrefix("/") || folder == "." ? path : "\(folder)/\(path)"
  }

  /// The folder part of `path` (`"."` when there is none).
  package static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Why `path` cannot be opened for reading, when the file system can tell: nothing is there
  /// (``FileSystemError/missing(path:number:meant:)``, whatever the number) or it may not be
  /// read. `nil` when it looks readable.
  package static func readProblem(_ path: String) -> FileSystemError? {
    if access(path, F_OK) != 0 { return missingFile(path, number: .current) }
    if access(path, R_OK) != 0 { return .systemCall(path: path, number: .current) }
    return nil
  }

  /// Why a file cannot be created at `path`, when the file system can tell: its folder does not
  /// exist, is not a folder, or may not be written. `nil` when it looks writable.
  ///
  /// - Parameter name: How the error names the file (`path` itself unless given).
  package static func writeProblem(_ path: String, name: String? = nil) -> FileSystemError? {
    let name = name ?? path
    let folder = directory(of: path)
    if !exists(folder) { return .failed(path: name, reason: "folder '\(folder)' does not exist") }
    if !isDirectory(folder) { return .failed(path: name, reason: "'\(folder)' is not a folder") }
    if access(folder, W_OK) != 0 {
      return .systemCall(path: name, number: .current, context: "cannot write in folder '\(folder)'")
    }
    return nil
  }
}

private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

private func posixRename(_ source: String, _ destination: String) -> Int32 {
  rename(source, destination)
}

extension FileSystem {
  /// Copies everything from `input`'s current offset to its end into `output`, 1 MiB at a
  /// time; the names are for messages.
  package static func copy(
    from input: Int32, named inputName: String, to output: Int32, named outputName: String
  ) throws(FileSystemError) {
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count < 0 {
        let number = ErrorNumber.current
        if number == EINTR { continue }
        throw .systemCall(path: inputName, number: number)
      }
      if count == 0 { return }
      try write(buffer[..<count], to: output, named: outputName)
    }
  }

  /// Writes all of `bytes` to `output`; the name is for messages.
  package static func write(_ bytes: ArraySlice<UInt8>, to output: Int32, named name: String) throws(FileSystemError) {
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(FileSystemError) in try write(buffer, to: output, named: name) }
    }
    .get()
  }

  /// Writes all of `buffer` to `output`, retrying after interruptions and short writes.
  package static func write(_ buffer: UnsafeRawBufferPointer, to output: Int32, named name: String)
    throws(FileSystemError)
  {
    try writeAll(buffer, named: name) { bytes, count, _ in posixWrite(output, bytes, count) }
  }

  /// Writes all of `buffer` to `output` from byte `offset` on, leaving the descriptor's own
  /// offset alone; retries after interruptions and short writes.
  package static func write(
    _ buffer: UnsafeRawBufferPointer, to output: Int32, at offset: Int64, named name: String
  ) throws(FileSystemError) {
    try writeAll(buffer, named: name) { bytes, count, done in pwrite(output, bytes, count, off_t(offset) + off_t(done))
    }
  }

  /// Calls `send(bytes, count, done)` with what is left of `buffer` after the `done` bytes sent
  /// so far, until all are sent: again after an interruption, on after a short write.
  ///
  /// - Throws: ``FileSystemError`` naming `name`, its reason "write failed: " and the system's
  ///   error number (or, for a write that took no byte and set none, "no byte was written").
  package static func writeAll(
    _ buffer: UnsafeRawBufferPointer, named name: String, _ send: (UnsafeRawPointer, Int, Int) -> Int
  ) throws(FileSystemError) {
    var done = 0
    while done < buffer.count {
      let written = send(buffer.baseAddress! + done, buffer.count - done, done)
      if written < 0 {
        let number = ErrorNumber.current
        if number == EINTR { continue }
        throw .systemCall(path: name, number: number, context: "write failed")
      }
      // A count of 0 is no failure the system reports: it sets no error number.
      guard written > 0 else { throw .failed(path: name, reason: "write failed: no byte was written") }
      done += written
    }
  }

  /// The text of the symbolic link at `path`, or `nil` when it is not one.
  package static func readLink(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `path`, then each path its symbolic links lead to, in order, up to the file they end at
  /// (which may not exist yet). At most 40 links are followed.
  package static func linkChain(_ path: String) -> [String] {
    var chain = [path]
    while chain.count <= 40, let next = readLink(chain[chain.count - 1]) {
      chain.append(resolve(next, against: directory(of: chain[chain.count - 1])))
    }
    return chain
  }

  /// `true` when `descriptor` is a pipe, a FIFO or a socket: bytes written to it cannot be
  /// sought back to.
  package static func isPipe(_ descriptor: Int32) -> Bool {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return false }
    let kind = status.st_mode & mode_t(S_IFMT)
    return kind == mode_t(S_IFIFO) || kind == mode_t(S_IFSOCK)
  }

  /// `true` when `path` exists and is neither a regular file nor a directory: a device, a
  /// FIFO or a socket, which must be written to, never replaced.
  package static func isSpecial(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else { return false }
    let kind = status.st_mode & mode_t(S_IFMT)
    return kind != mode_t(S_IFREG) && kind != mode_t(S_IFDIR)
  }
}

extension FileSystem {
  /// The files under `folder` (recursively, not following links to folders) whose name ends
  /// with `.ext`, sorted by path; `folder` itself when it is such a file.
  package static func files(under folder: String, withExtension ext: String) throws(FileSystemError) -> [String] {
    guard isDirectory(folder) else {
      guard access(folder, F_OK) == 0 else { throw missingFile(folder, number: .current) }
      return folder.hasSuffix(".\(ext)") ? [folder] : []
    }
    var found: [String] = []
    var folders: [String] = []
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    for entry in try entries(in: folder) {
      let listed: stat? = (Array(prefix.utf8) + entry + [0]).withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { path in
          var status = stat()
          return lstat(path.baseAddress!, &status) == 0 ? status : nil
        }
      }
      guard let status = listed else { continue }
      let isFolder = (status.st_mode & mode_t(S_IFMT)) == mode_t(S_IFDIR)
      guard let name = validUTF8(entry) else {
        // A name that is not UTF-8 cannot be kept in a String, nor passed on as it is: a
        // folder or a file that would be read is an error, never skipped or misspelt.
        if isFolder || entry.reversed().starts(with: Array(".\(ext)".utf8).reversed()) {
          throw .failed(
            path: prefix + displayName(entry),
            reason: "the name is not valid UTF-8, which render cannot keep; rename it")
        }
        continue
      }
      let path = prefix + name
      if isFolder {
        folders.append(path)
      } else if name.hasSuffix(".\(ext)") {
        found.append(path)
      }
    }
    for subfolder in folders {
      found += try files(under: subfolder, withExtension: ext)
    }
    return found.sorted()
  }

  /// The names in `folder` that are valid UTF-8, hidden ones (starting with `.`) left out, in
  /// the order listed.
  package static func names(in folder: String) throws(FileSystemError) -> [String] {
    try entries(in: folder).compactMap(validUTF8)
  }

  /// The names in `folder` as the bytes they are, hidden ones (starting with `.`) left out, in
  /// the order listed.
  package static func entries(in folder: String) throws(FileSystemError) -> [[UInt8]] {
    guard let directory = opendir(folder) else { throw .systemCall(path: folder, number: .current) }
    defer { closedir(directory) }
    var names: [[UInt8]] = []
    while let entry = readdir(directory) {
      let name = entryName(entry)
      if name.first != UInt8(ascii: ".") { names.append(name) }
    }
    return names
  }

  /// The name of a directory entry from `readdir`, read up to its terminating NUL in place: the
  /// system sizes each entry to its name, so `d_name` is not to be copied whole.
  package static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
    withUnsafeMutablePointer(to: &entry.pointee.d_name) { field in
      field.withMemoryRebound(to: UInt8.self, capacity: 1) { start in
        Array(
          UnsafeBufferPointer(start: start, count: strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self))))
      }
    }
  }

  /// `bytes` as a string when they are valid UTF-8; `nil` otherwise (decoding them would
  /// replace what is not with U+FFFD, and so name another file).
  package static func validUTF8(_ bytes: [UInt8]) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.utf8.elementsEqual(bytes) ? text : nil
  }

  /// A name's bytes as text: valid UTF-8 as it is, each other byte as `\xHH`.
  package static func displayName(_ bytes: [UInt8]) -> String {
    var text = ""
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
        offset += encoded.count
      case .error(let length):
        for byte in bytes[offset..<offset + length] {
          text += (byte < 16 ? "\\x0" : "\\x") + String(byte, radix: 16, uppercase: true)
        }
        offset += length
      case .emptyInput:
        return text
      }
    }
  }

  /// Why `path` cannot be read when nothing is there: "no such file", and the path it most
  /// likely meant (`samples/breath-487.ahap` → `samples/breath-478.ahap`).
  package static func missingFileReason(_ path: String) -> String {
    missingFile(path).reason
  }

  /// The error for `path` when nothing is there, with the path it most likely meant.
  ///
  /// - Parameter number: The error number of the call that found nothing (`ENOENT` when none
  ///   was made).
  package static func missingFile(_ path: String, number: ErrorNumber = ErrorNumber(ENOENT)) -> FileSystemError {
    .missing(path: path, number: number, meant: meantName(for: path).map { replacingName(of: path, with: $0) })
  }

  /// The name in `path`'s folder closest to its own name, or `nil` when none is close.
  package static func meantName(for path: String) -> String? {
    let name = name(of: path)
    guard !name.isEmpty, let names = try? names(in: directory(of: path)) else { return nil }
    return NameSuggestion.closest(to: name, among: names)
  }

  /// `path` with its last component replaced by `name`, its folder part kept as written.
  package static func replacingName(of path: String, with name: String) -> String {
    let own = self.name(of: path)
    // Counted in bytes on both sides: a name's characters and bytes differ beyond ASCII.
    let folderPart = path.utf8.dropLast(own.utf8.count)
    return (path.utf8.reversed().starts(with: own.utf8.reversed()) ? String(decoding: folderPart, as: UTF8.self) : "")
      + name
  }

  /// The last component of `path` (`samples/breath.ahap` → `breath.ahap`).
  package static func name(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// The file name of `path` without its folder and extension.
  package static func stem(of path: String) -> String {
    let name = name(of: path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }

  /// Creates `path` and its missing parents.
  package static func createDirectory(_ path: String) throws(FileSystemError) {
    if isDirectory(path) { return }
    let parent = directory(of: path)
    if parent != path, parent != ".", parent != "/" { try createDirectory(parent) }
    guard mkdir(path, 0o755) != 0 else { return }
    let number = ErrorNumber.current
    guard number == EEXIST else { throw .systemCall(path: path, number: number) }
  }
}
