#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Names for temporary output files, unique within the process and across processes.
enum TemporaryPath {
  private static let counter = Locked(0)

  /// A hidden name in the folder of `path`, so that the final rename stays on one file system.
  static func beside(_ path: String) -> String {
    let folder = FileSystem.directory(of: path)
    let name = path.split(separator: "/").last.map(String.init) ?? "output"
    return "\(folder)/.\(name).\(uniqueSuffix()).tmp"
  }

  /// `$TMPDIR`, or `/tmp`.
  static var folder: String {
    getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
  }

  /// A name in ``folder``.
  static func inTemporaryDirectory() -> String {
    "\(folder)/render-\(uniqueSuffix()).tmp"
  }

  /// Creates a new, empty folder in ``folder`` named `prefix` and six random characters.
  ///
  /// - Throws: ``FileSystemError`` when it cannot be created.
  static func newFolder(prefix: String) throws(FileSystemError) -> String {
    var template = Array("\(folder)/\(prefix)XXXXXX".utf8CString)
    guard mkdtemp(&template) != nil else {
      throw FileSystemError.failed(path: folder, reason: FileSystem.systemError())
    }
    return String(cString: template)
  }

  private static func uniqueSuffix() -> String {
    let number = counter.withLock { value in
      value += 1
      return value
    }
    return "\(getpid())-\(number)"
  }
}
