import SystemPackage

/// A file the library could not read or write.
///
/// A failure the system reported keeps its error number as a value (``errorNumber``, swift-system's
/// `Errno`: compare it with `.noSpace`, `.noSuchFileOrDirectory`…); the message shows the
/// system's words for it (`strerror`, "No space left on device").
public enum FileSystemError: Error, Equatable, CustomStringConvertible {
  /// A reason in the library's own words, with no system call behind it: what the file is
  /// instead of a regular file, a folder that does not exist, a write that took no byte.
  case failed(path: String, reason: String)
  /// A system call failed with `number`. `context`, when there is one, says what was being done
  /// ("write failed"); the reason is the context, if any, and the system's words for `number`.
  case systemCall(path: String, number: Errno, context: String? = nil)
  /// Nothing could be found at `path`: the call that looked failed with `number` (`ENOENT`
  /// when nothing is there). `meant` is the path the user most likely meant, when one is close.
  case missing(path: String, number: Errno, meant: String?)
  /// The file is `bytes` long, more than the `limit` in bytes that the library reads.
  case tooLarge(path: String, bytes: Int, limit: Int)
  /// The file at `path`, found in `folder`, is a link to a file outside that folder, which a
  /// sandboxed search refuses.
  case linkOutside(path: String, folder: String)

  public var description: String { "'\(path)': \(reason)" }

  /// The file the error is about.
  public var path: String {
    switch self {
    case .failed(let path, _), .systemCall(let path, _, _), .missing(let path, _, _), .tooLarge(let path, _, _),
      .linkOutside(let path, _):
      path
    }
  }

  /// The error number of the system call that failed, or `nil` when no call did.
  public var errorNumber: Errno? {
    switch self {
    case .systemCall(_, let number, _), .missing(_, let number, _): number
    case .failed, .tooLarge, .linkOutside: nil
    }
  }

  /// Whether the system ran out of descriptors or memory (`EMFILE`, `ENFILE`, `ENOMEM`): a
  /// failure of the moment, which the same call may not meet again.
  public var isExhaustion: Bool {
    guard let number = errorNumber else { return false }
    return [.tooManyOpenFiles, .tooManyOpenFilesInSystem, .noMemory].contains(number)
  }

  /// What went wrong, without the path.
  public var reason: String {
    switch self {
    case .failed(_, let reason): reason
    case .systemCall(_, let number, let context): context.map { "\($0): \(number)" } ?? number.description
    case .missing(_, _, let meant): meant.map { "no such file; did you mean '\($0)'?" } ?? "no such file"
    case .tooLarge(_, let bytes, let limit):
      "is \(bytes) bytes, larger than the \(limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit)-byte") limit"
    case .linkOutside(_, let folder): "is a link to a file outside '\(folder)', which a sandboxed search refuses"
    }
  }

  /// The same failure about `path`, its reason preceded by `context` ("cannot create this
  /// output folder: Permission denied"). A failed system call keeps its error number; any
  /// other error becomes ``failed(path:reason:)`` with the same words.
  package func about(_ path: String, context: String) -> FileSystemError {
    switch self {
    case .systemCall(_, let number, let inner):
      .systemCall(path: path, number: number, context: inner.map { "\(context): \($0)" } ?? context)
    case .failed, .missing, .tooLarge, .linkOutside:
      .failed(path: path, reason: "\(context): \(reason)")
    }
  }
}
