import HapticFiles
import HapticSynthesis

/// Why one pattern of a batch, a golden-file check or a preview site was not done, besides its
/// diagnostics: the error as a value, to switch on.
public enum PatternFailure: Error, CustomStringConvertible {
  /// The pattern file could not be read: missing, not a regular file, larger than
  /// ``InputLimits/patternBytes``. A failed system call keeps its `FileSystemError.errorNumber`.
  case unreadable(FileSystemError)
  /// The pattern at `path` was read and has errors (warnings too, when they count as errors);
  /// its diagnostics say which.
  case invalid(path: String)
  /// The pattern cannot be rendered with the options.
  case render(RenderError)
  /// An audio file could not be written or read.
  case encoding(EncodingError)
  /// A file or folder could not be made, written or replaced: an output that is the input, a
  /// folder that cannot be created.
  case fileSystem(FileSystemError)
  /// An error of a type of its own: one a ``Batch/Conversion`` threw, a plot that cannot be drawn.
  case other(any Error)

  /// `error` as the case of its type.
  public init(_ error: any Error) {
    switch error {
    case let failure as PatternFailure: self = failure
    case let error as RenderError: self = .render(error)
    case let error as EncodingError: self = .encoding(error)
    case let error as FileSystemError: self = .fileSystem(error)
    default: self = .other(error)
    }
  }

  public var description: String {
    switch self {
    case .unreadable(let error): "cannot read \(error)"
    case .invalid(let path): "'\(path)' has errors"
    case .render(let error): error.description
    case .encoding(let error): error.description
    case .fileSystem(let error): error.description
    case .other(let error): "\(error)"
    }
  }
}
