#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes text files the way audio files are written: to a temporary file beside the target,
/// renamed into place when complete.
public enum TextFile {
  public static func write(_ text: String, to path: String) throws(FileSystemError) {
    if FileSystem.isDirectory(path) { throw .failed(path: path, reason: "is a directory") }
    let temporary = TemporaryPath.beside(path)
    TemporaryFiles.register(temporary)
    defer { TemporaryFiles.unregister(temporary) }
    guard let file = fopen(temporary, "wb") else { throw .failed(path: path, reason: FileSystem.systemError()) }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    let closed = fclose(file) == 0
    guard written == bytes.count, closed else {
      let reason = FileSystem.systemError()
      FileSystem.removeIfPresent(temporary)
      throw .failed(path: path, reason: reason)
    }
    do {
      try FileSystem.rename(temporary, to: path)
    } catch {
      FileSystem.removeIfPresent(temporary)
      throw error
    }
  }
}
