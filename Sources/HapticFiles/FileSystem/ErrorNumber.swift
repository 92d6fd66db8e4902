#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system error number (`errno`, or the code a call such as `posix_spawn` returns), kept as a
/// value: compare it with the C constants (`error.number == ErrorNumber(ENOSPC)`); its
/// ``description`` is the system's words for it (`strerror`), looked up when it is shown.
public struct ErrorNumber: Hashable, Sendable, CustomStringConvertible {
  /// The number, as `errno.h` defines it.
  public let code: Int32

  public init(_ code: Int32) {
    self.code = code
  }

  /// The system's words for the number ("No space left on device").
  public var description: String {
    String(cString: strerror(code))
  }

  /// The `errno` of the calling thread. Read it right after the call that failed, and only
  /// after a call that reports failure through `errno`.
  package static var current: ErrorNumber {
    ErrorNumber(errno)
  }

  /// `true` when this is `code`.
  package static func == (number: ErrorNumber, code: Int32) -> Bool {
    number.code == code
  }
}
