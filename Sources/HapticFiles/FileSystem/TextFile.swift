/// Writes text files the way audio files are written: through an `OutputFile`, so a regular
/// file is replaced only when complete and anything else is written to.
package enum TextFile {
  package static func write(_ text: String, to path: String) throws(FileSystemError) {
    let output = try OutputFile(path: path)
    try FileSystem.write(Array(text.utf8)[...], to: output.descriptor, named: path)
    try output.commit()
  }
}
