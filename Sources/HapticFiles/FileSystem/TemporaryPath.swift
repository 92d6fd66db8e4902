import HapticSupport
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Temporary files and folders: anonymous where the system allows, otherwise created
/// exclusively under short unpredictable names, so that no two processes (in any PID
/// namespace) can collide and no other user can guess a name in advance.
///
/// A named temporary file is locked (`flock`) by the process writing it for as long as it is
/// open, and the lock goes with the process, however it ends. The first output into a folder
/// removes the unlocked temporary files there that are older than ``staleAge``: those of
/// processes that were killed before they could clean up.
package enum TemporaryPath {
  /// Seconds after which an unlocked temporary file is stale (a new file is locked within
  /// microseconds of its creation).
  package static let staleAge = 10

  /// Folders already swept by this process.
  private static let sweptFolders = Locked(Set<String>())

  /// `$TMPDIR`, or `/tmp`.
  package static var folder: String {
    getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
  }

  /// The permissions a new file asks for: read and write for all, less the umask.
  private static let newFilePermissions: FilePermissions = [.ownerReadWrite, .groupReadWrite, .otherReadWrite]

  /// Creates a new empty file in `folder`, open for reading and writing, with the permissions
  /// of a new file (0666 less the umask). On Linux it has no name (`O_TMPFILE`), so nothing
  /// remains if the process dies; `path` is then `nil`. Otherwise `path` is its name, which is
  /// registered with ``TemporaryFiles``.
  ///
  /// - Throws: ``FileSystemError`` naming `folder`.
  package static func create(in folder: String) throws(FileSystemError) -> (descriptor: FileDescriptor, path: String?) {
    sweepOnce(folder)
    #if os(Linux)
      do throws(Errno) {
        let anonymous = try Errno.catching {
          try FileDescriptor.open(
            folder, .readWrite, options: [anonymousFile, .closeOnExec], permissions: newFilePermissions)
        }
        // Locked too, for the moment it has a name before the final rename.
        flock(anonymous.rawValue, LOCK_EX | LOCK_NB)
        return (anonymous, nil)
      } catch {
        // A file system without anonymous files refuses them (EOPNOTSUPP, which is ENOTSUP here).
        guard [.notSupported, .isDirectory, .invalidArgument].contains(error) else { throw problem(in: folder, error) }
      }
    #endif
    var number = Errno.fileExists
    for _ in 0..<100 {
      let path = "\(folder)/\(randomName())"
      TemporaryFiles.register(path)
      do throws(Errno) {
        let descriptor = try Errno.catching {
          try FileDescriptor.open(
            path, .readWrite, options: [.create, .exclusiveCreate, .closeOnExec], permissions: newFilePermissions)
        }
        flock(descriptor.rawValue, LOCK_EX | LOCK_NB)
        return (descriptor, path)
      } catch {
        number = error
      }
      TemporaryFiles.unregister(path)
      guard number == .fileExists else { throw problem(in: folder, number) }
    }
    // Every name was taken: the last call's number (EEXIST) says so.
    throw problem(in: folder, number)
  }

  /// Gives the anonymous file `descriptor` a temporary name in the folder of `path`, for the
  /// final rename; the name is registered with ``TemporaryFiles``.
  ///
  /// - Throws: ``FileSystemError`` naming `path`.
  package static func link(_ descriptor: FileDescriptor, besides path: String) throws(FileSystemError) -> String {
    let folder = FileSystem.directory(of: path)
    var number = Errno.fileExists
    for _ in 0..<100 {
      let name = "\(folder)/\(randomName())"
      TemporaryFiles.register(name)
      // Through /proc first: linking the descriptor itself (AT_EMPTY_PATH) needs a privilege.
      // A failure reports the second call's error number: it runs only when the first failed.
      if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor.rawValue)", AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0
        || linkat(descriptor.rawValue, "", AT_FDCWD, name, emptyPathFlag) == 0
      {
        return name
      }
      number = .last
      TemporaryFiles.unregister(name)
      guard number == .fileExists else { throw .systemCall(path: path, number: number) }
    }
    // Every name was taken: the last call's number (EEXIST) says so.
    throw .systemCall(path: path, number: number)
  }

  /// Creates a new, empty folder in ``folder`` named `prefix` and six random characters.
  ///
  /// - Throws: ``FileSystemError`` when it cannot be created.
  package static func newFolder(prefix: String) throws(FileSystemError) -> String {
    var template = Array("\(folder)/\(prefix)XXXXXX".utf8CString)
    guard mkdtemp(&template) != nil else { throw problem(in: folder, .last) }
    return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Removes the stale temporary files in `folder`, the first time this process asks.
  private static func sweepOnce(_ folder: String) {
    let isFirst = sweptFolders.withLock { $0.insert(folder).inserted }
    if isFirst { sweep(folder) }
  }

  /// Removes every file in `folder` named like a temporary file, unlocked, and older than
  /// ``staleAge``. Failures are ignored: a file that cannot be removed stays.
  package static func sweep(_ folder: String) {
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    let now = time(nil)
    while let entry = readdir(directory) {
      let name = String(decoding: FileSystem.entryName(entry), as: UTF8.self)
      guard isTemporaryName(name) else { continue }
      let path = "\(folder)/\(name)"
      guard
        let descriptor = try? FileDescriptor.open(
          path, .readOnly, options: [.noFollow, .nonBlocking, .closeOnExec])
      else { continue }
      defer { try? descriptor.close() }
      guard let status = try? descriptor.stat(), status.type == .regular,
        Int(now) - Int(status.st_mtim.tv_sec) >= staleAge, flock(descriptor.rawValue, LOCK_EX | LOCK_NB) == 0
      else { continue }
      unlink(path)
    }
  }

  /// `true` for a name ``randomName()`` could have made.
  package static func isTemporaryName(_ name: String) -> Bool {
    let letters = name.utf8.dropFirst(8).dropLast(4)
    return name.utf8.count == 24 && name.hasPrefix(".render-") && name.hasSuffix(".tmp")
      && letters.allSatisfy {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
      }
  }

  /// `.render-` and 12 random letters and digits, `.tmp`: hidden, short enough beside any
  /// name the file system accepts.
  private static func randomName() -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    var generator = SystemRandomNumberGenerator()
    let letters = (0..<12).map { _ in alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))] }
    return ".render-\(String(letters)).tmp"
  }

  /// A temporary file or folder that could not be created in `folder`, for `number`.
  private static func problem(in folder: String, _ number: Errno) -> FileSystemError {
    .systemCall(path: folder, number: number, context: "cannot create a temporary file in this folder")
  }

  #if os(Linux)
    /// `O_TMPFILE` (its C macro does not reach Swift).
    private static let anonymousFile = FileDescriptor.OpenOptions(rawValue: 0o20_000_000 | O_DIRECTORY)
  #endif
  /// `AT_EMPTY_PATH` on Linux; elsewhere a flag that makes the call fail.
  private static var emptyPathFlag: Int32 {
    #if os(Linux)
      0x1000
    #else
      -1
    #endif
  }
}
