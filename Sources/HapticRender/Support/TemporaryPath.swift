#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Temporary files and folders: anonymous where the system allows, otherwise created
/// exclusively under short unpredictable names, so that no two processes (in any PID
/// namespace) can collide and no other user can guess a name in advance.
enum TemporaryPath {
  /// `$TMPDIR`, or `/tmp`.
  static var folder: String {
    getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
  }

  /// Creates a new empty file in `folder`, open for reading and writing, with the permissions
  /// of a new file (0666 less the umask). On Linux it has no name (`O_TMPFILE`), so nothing
  /// remains if the process dies; `path` is then `nil`. Otherwise `path` is its name, which is
  /// registered with ``TemporaryFiles``.
  ///
  /// - Throws: ``FileSystemError`` naming `folder`.
  static func create(in folder: String) throws(FileSystemError) -> (descriptor: Int32, path: String?) {
    #if os(Linux)
      let anonymous = open(folder, anonymousFileFlag | O_RDWR | O_CLOEXEC, 0o666)
      if anonymous >= 0 { return (anonymous, nil) }
      guard [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) else { throw problem(in: folder) }
    #endif
    for _ in 0..<100 {
      let path = "\(folder)/\(randomName())"
      TemporaryFiles.register(path)
      let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if descriptor >= 0 { return (descriptor, path) }
      let failure = problem(in: folder)
      let exists = errno == EEXIST
      TemporaryFiles.unregister(path)
      guard exists else { throw failure }
    }
    throw problem(in: folder)
  }

  /// Gives the anonymous file `descriptor` a temporary name in the folder of `path`, for the
  /// final rename; the name is registered with ``TemporaryFiles``.
  ///
  /// - Throws: ``FileSystemError`` naming `path`.
  static func link(_ descriptor: Int32, besides path: String) throws(FileSystemError) -> String {
    let folder = FileSystem.directory(of: path)
    for _ in 0..<100 {
      let name = "\(folder)/\(randomName())"
      TemporaryFiles.register(name)
      // Through /proc first: linking the descriptor itself (AT_EMPTY_PATH) needs a privilege.
      if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0
        || linkat(descriptor, "", AT_FDCWD, name, emptyPathFlag) == 0
      {
        return name
      }
      let failure = FileSystemError.failed(path: path, reason: FileSystem.systemError())
      let exists = errno == EEXIST
      TemporaryFiles.unregister(name)
      guard exists else { throw failure }
    }
    throw .failed(path: path, reason: FileSystem.systemError())
  }

  /// Creates a new, empty folder in ``folder`` named `prefix` and six random characters.
  ///
  /// - Throws: ``FileSystemError`` when it cannot be created.
  static func newFolder(prefix: String) throws(FileSystemError) -> String {
    var template = Array("\(folder)/\(prefix)XXXXXX".utf8CString)
    guard mkdtemp(&template) != nil else { throw problem(in: folder) }
    return String(cString: template)
  }

  /// `.render-` and 12 random letters and digits, `.tmp`: hidden, short enough beside any
  /// name the file system accepts.
  private static func randomName() -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    var generator = SystemRandomNumberGenerator()
    let letters = (0..<12).map { _ in alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))] }
    return ".render-\(String(letters)).tmp"
  }

  private static func problem(in folder: String) -> FileSystemError {
    .failed(path: folder, reason: "cannot create a temporary file in this folder: \(FileSystem.systemError())")
  }

  #if os(Linux)
    /// `O_TMPFILE` (its C macro does not reach Swift).
    private static let anonymousFileFlag = 0o20_000_000 | O_DIRECTORY
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
