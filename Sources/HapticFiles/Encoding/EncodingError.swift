/// An audio file that could not be written or read.
public enum EncodingError: Error, Equatable, CustomStringConvertible {
  /// The format, encoding or rate asked for is not possible.
  case unsupportedFormat(String)
  /// libsndfile could not open the file; carries its message.
  case cannotOpen(path: String, reason: String)
  /// Writing, reading or finishing the file failed.
  case ioFailed(path: String, reason: String)

  public var description: String {
    switch self {
    case .unsupportedFormat(let message): message
    case .cannotOpen(let path, let reason): "cannot open '\(path)': \(reason)"
    case .ioFailed(let path, let reason): "'\(path)': \(reason)"
    }
  }
}
