#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Names for temporary output files, unique within the process and across processes.
enum TemporaryPath {
  private static let lock = SharedCounter()

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

  private static func uniqueSuffix() -> String {
    "\(getpid())-\(lock.next())"
  }
}

/// A process-wide counter safe to use from several threads.
private final class SharedCounter: @unchecked Sendable {
  private var mutex = pthread_mutex_t()
  private var value = 0

  init() { pthread_mutex_init(&mutex, nil) }

  func next() -> Int {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    value += 1
    return value
  }
}
