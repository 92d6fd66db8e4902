extension AudioFileWriter {
  /// Where libsndfile's bytes go.
  enum Sink {
    /// A temporary file, moved or copied to the target when complete, and the buffer that
    /// gathers libsndfile's writes into it.
    case file(OutputFile, BufferedOutput)
    /// The target itself, as the bytes are written (through the stream, or by libsndfile
    /// straight into the stream's descriptor when that is a pipe).
    case stream(StreamedOutput)

    var name: String {
      switch self {
      case .file(let output, _): output.name
      case .stream(let stream): stream.name
      }
    }

    /// Why the bytes could not all be delivered, when they could not.
    var failure: FileSystemError? {
      switch self {
      case .file(_, let buffered): buffered.failure
      case .stream(let stream): stream.failure
      }
    }

    /// Sends the bytes a buffer still holds; called once libsndfile has closed the file.
    func flush() {
      if case .file(_, let buffered) = self { buffered.flush() }
    }

    func commit() throws(FileSystemError) {
      switch self {
      case .file(let output, _): try output.commit()
      case .stream(let stream):
        stream.closeDescriptor()
        TemporaryFiles.countCompleted()
      }
    }

    func discard() {
      switch self {
      case .file(let output, _): output.discard()
      case .stream(let stream): stream.closeDescriptor()
      }
    }
  }
}
