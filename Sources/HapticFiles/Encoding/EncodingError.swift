import SystemPackage

/// An audio file that could not be written or read.
///
/// A failure the file system reported keeps its ``FileSystemError``, and with it the system's
/// error number (``errorNumber``); libsndfile's own failures carry its message.
public enum EncodingError: Error, Equatable, CustomStringConvertible {
  /// The format, encoding or rate asked for is not possible.
  case unsupportedFormat(String)
  /// The extension of `path` names none of the containers (``AudioFileFormat/Container``), or
  /// it has none.
  case unknownExtension(path: String)
  /// Ogg Vorbis cannot be written at `sampleRate` Hz: libsndfile's encoder stops at 200000 Hz.
  case vorbisRateUnsupported(sampleRate: Int)
  /// The haptic channels of an Android layout cannot be tagged (`ANDROID_HAPTIC`) in a file of
  /// this container: only Ogg Vorbis and Opus files carry the tag.
  case androidTagUnsupported(AudioFileFormat.Container)
  /// libsndfile could not open the file; carries its message.
  case cannotOpen(path: String, reason: String)
  /// Writing, reading or finishing the file failed; carries libsndfile's message.
  case ioFailed(path: String, reason: String)
  /// The file, or what writing it needs (its target, a temporary file), could not be opened or
  /// created; shown as ``cannotOpen(path:reason:)`` with the error's path and reason.
  case cannotOpenFile(FileSystemError)
  /// The bytes could not be delivered, or the finished file not moved into place; `path` names
  /// the output as the user did. Shown as ``ioFailed(path:reason:)`` with the error's reason.
  case fileSystemFailed(path: String, cause: FileSystemError)

  public var description: String {
    switch self {
    case .unsupportedFormat(let message): message
    case .unknownExtension(let path):
      "cannot tell the format of '\(path)' from its extension; use one of \(AudioFileFormat.Container.allCases.map { ".\($0.rawValue)" }.joined(separator: " "))"
    case .vorbisRateUnsupported(let sampleRate):
      "\(Self.vorbisLimit(sampleRate)); use a lower sample rate or another format"
    case .androidTagUnsupported(let container):
      "\(container.rawValue) cannot carry Android's haptic tag; ogg and opus files can"
    case .cannotOpen(let path, let reason): "cannot open '\(path)': \(reason)"
    case .ioFailed(let path, let reason): "'\(path)': \(reason)"
    case .cannotOpenFile(let cause): "cannot open '\(cause.path)': \(cause.reason)"
    case .fileSystemFailed(let path, let cause): "'\(path)': \(cause.reason)"
    }
  }

  /// The error number of the system call that failed, or `nil` when no call did.
  public var errorNumber: Errno? {
    switch self {
    case .cannotOpenFile(let cause), .fileSystemFailed(_, let cause): cause.errorNumber
    case .unsupportedFormat, .unknownExtension, .vorbisRateUnsupported, .androidTagUnsupported, .cannotOpen, .ioFailed:
      nil
    }
  }

  /// `ogg (Vorbis) supports at most 200000 Hz, not 384000 Hz`: the limit `sampleRate` passes,
  /// for a message to add its advice to.
  package static func vorbisLimit(_ sampleRate: Int) -> String {
    "ogg (Vorbis) supports at most \(AudioFileFormat.highestVorbisRate) Hz, not \(sampleRate) Hz"
  }
}
