import HapticRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The command line as the bytes the program was given. A file name is bytes on Linux, but the
/// arguments reach Swift as strings, with bytes that are not UTF-8 replaced by U+FFFD: a name
/// so changed could name another file (`out\xFE.wav` would become `out\u{FFFD}.wav`).
enum ArgumentBytes {
  /// The message for the first argument that is not valid UTF-8, which is refused before
  /// anything is read or written; `nil` when every argument is.
  static func undecodableArgumentMessage() -> String? {
    for index in 1..<Int(CommandLine.argc) {
      guard let argument = CommandLine.unsafeArgv[index] else { continue }
      let bytes = Array(UnsafeBufferPointer(start: argument, count: strlen(argument)).map { UInt8(bitPattern: $0) })
      if FileSystem.validUTF8(bytes) == nil {
        return
          "'\(FileSystem.displayName(bytes))': the argument is not valid UTF-8, which render cannot keep (a file name must be UTF-8; rename the file)"
      }
    }
    return nil
  }
}
