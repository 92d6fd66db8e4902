#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Unbuffered writes to standard error.
package enum StandardError {
  package static func write(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { buffer in
      #if canImport(Glibc)
        Glibc.write(STDERR_FILENO, buffer.baseAddress, buffer.count)
      #else
        Darwin.write(STDERR_FILENO, buffer.baseAddress, buffer.count)
      #endif
    }
  }
}
