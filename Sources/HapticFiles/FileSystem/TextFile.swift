/// Writes text files the way audio files are written: through an `OutputFile`, so a regular
/// file is replaced only when complete and anything else is written to.
package enum TextFile {
  package static func write(_ text: String, to path: String) throws(FileSystemError) {
    try write(bytes: Array(text.utf8), to: path)
  }

  /// Writes `bytes` to `path` whole or not at all (a temporary file, renamed when complete).
  package static func write(bytes: [UInt8], to path: String) throws(FileSystemError) {
    let output = try OutputFile(path: path)
    try FileSystem.write(bytes[...], to: output.descriptor, named: path)
    try output.commit()
  }
}
