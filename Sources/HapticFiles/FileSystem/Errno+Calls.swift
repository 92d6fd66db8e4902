import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Errno {
  /// The error number that the calling thread's last failed call set (`errno`), for the calls
  /// swift-system does not wrap (`rename`, `mkdir`, `opendir`, …). Read it right after the call
  /// that failed, and only after a call that reports failure through `errno`.
  package static var last: Errno { Errno(rawValue: errno) }

  /// What `operation`, a swift-system call, returns, or the error number it failed with, as a
  /// typed error: swift-system's calls declare an untyped `throws`, and what they throw is the
  /// call's `Errno`.
  package static func catching<Result>(_ operation: () throws -> Result) throws(Errno) -> Result {
    do {
      return try operation()
    } catch {
      throw error as! Errno
    }
  }
}
