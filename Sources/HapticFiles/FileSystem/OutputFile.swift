import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An output being written: its bytes go to a temporary file, which reaches the target only
/// when ``commit()`` is called, so a failed or killed program never leaves a partial output.
///
/// - A regular file (or a new one) is replaced atomically: the temporary file lives in the
///   target's folder (a link is followed, so the file it points to is replaced and the link
///   stays). On Linux it is anonymous (`O_TMPFILE`): a process killed by any signal leaves
///   nothing behind. Elsewhere it is created exclusively under an unpredictable short name.
/// - Anything else is written through, never replaced: standard output, a device or FIFO (and
///   links to them), and `/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`, whose open descriptor
///   receives the bytes. The temporary file is then anonymous in `$TMPDIR`.
package final class OutputFile {
  /// The temporary file, open for reading and writing.
  package let descriptor: FileDescriptor
  /// How the user named the output, for messages.
  package let name: String
  private let target: Target
  /// The temporary file's name when it has one (not anonymous).
  private var temporaryPath: String?
  /// `false` once ``discard()`` has closed the descriptors.
  private var isOpen = true

  private enum Target {
    /// Replaced by renaming the temporary file over it.
    case replace(path: String)
    /// Receives the bytes through an open descriptor, closed afterwards.
    case writeThrough(descriptor: FileDescriptor)
  }

  /// Prepares to write `path`, or standard output when `path` is `nil`.
  ///
  /// - Throws: ``FileSystemError`` naming the target with the system's error number.
  package convenience init(path: String?) throws(FileSystemError) {
    try self.init(path: path, writingThrough: Self.writeThroughDescriptor(path))
  }

  /// Prepares to write `path`, or standard output when `path` is `nil`.
  ///
  /// - Parameters:
  ///   - descriptor: What ``writeThroughDescriptor(_:)`` gave for `path`; the output owns it
  ///     (and closes it even when this throws).
  ///   - followingLinks: Replace the file a symbolic link at `path` leads to (`false`: the
  ///     name `path` itself is renamed over, whatever it is).
  /// - Throws: ``FileSystemError`` naming the target with the system's error number.
  package init(path: String?, writingThrough descriptor: FileDescriptor?, followingLinks: Bool = true)
    throws(FileSystemError)
  {
    name = Self.name(of: path)
    let folder: String
    if let descriptor {
      target = .writeThrough(descriptor: descriptor)
      folder = TemporaryPath.folder
    } else {
      let path = path ?? ""
      let resolved = followingLinks ? FileSystem.linkChain(path).last ?? path : path
      if let problem = FileSystem.writeProblem(resolved, name: path) { throw problem }
      target = .replace(path: resolved)
      folder = FileSystem.directory(of: resolved)
    }
    do {
      (self.descriptor, temporaryPath) = try TemporaryPath.create(in: folder)
    } catch {
      try? descriptor?.close()
      throw error
    }
  }

  deinit {
    discard()
  }

  /// Moves the complete temporary file to the target, or copies its bytes into it.
  ///
  /// - Throws: ``FileSystemError``; the temporary file is removed either way.
  package func commit() throws(FileSystemError) {
    defer { discard() }
    switch target {
    case .replace(let path):
      let named: String
      if let temporaryPath {
        named = temporaryPath
      } else {
        named = try TemporaryPath.link(descriptor, besides: path)
        temporaryPath = named
      }
      // A file replaced keeps its permissions (a private output stays private).
      if let replaced = try? Stat(path, followTargetSymlink: false), replaced.type == .regular {
        fchmod(descriptor.rawValue, replaced.permissions.rawValue)
      }
      try FileSystem.rename(named, to: path)
      temporaryPath = nil
      TemporaryFiles.countCompleted(at: path)
    case .writeThrough(let output):
      _ = try FileSystem.call(name) { try descriptor.seek(offset: 0, from: .start) }
      try FileSystem.copy(from: descriptor, named: name, to: output, named: name)
      TemporaryFiles.countCompleted()
    }
  }

  /// Abandons the output: closes and removes the temporary file; the target is untouched.
  /// Called by ``commit()`` and on deinitialization; later calls do nothing.
  package func discard() {
    if let temporaryPath {
      FileSystem.removeIfPresent(temporaryPath)
      TemporaryFiles.unregister(temporaryPath)
      self.temporaryPath = nil
    }
    guard isOpen else { return }
    isOpen = false
    try? descriptor.close()
    if case .writeThrough(let output) = target { try? output.close() }
  }

  /// How messages name the output at `path`, or standard output when `path` is `nil`.
  package static func name(of path: String?) -> String { path ?? "(standard output)" }

  /// A new descriptor writing to the target when it is written through (standard output when
  /// `path` is `nil`, a device, a FIFO, `/dev/stdout`…); `nil` for a file that is replaced.
  /// Called once per output, so a FIFO is opened once: its reader takes a close for the end.
  ///
  /// - Throws: ``FileSystemError`` for a folder or a target that cannot be opened.
  package static func writeThroughDescriptor(_ path: String?) throws(FileSystemError) -> FileDescriptor? {
    guard let path else {
      return try FileSystem.call(name(of: path)) { try FileDescriptor.standardOutput.duplicate() }
    }
    if FileSystem.isDirectory(path) { throw .failed(path: path, reason: "is a directory") }
    if let inherited = inheritedDescriptor(path) {
      return try FileSystem.call(path) { try inherited.duplicate() }
    }
    guard FileSystem.isSpecial(path) else { return nil }
    return try FileSystem.call(path) {
      try FileDescriptor.open(path, .writeOnly, options: [.closeOnExec, .noControllingTerminal])
    }
  }

  /// The open descriptor `path` stands for when it is `/dev/stdout`, `/dev/stderr`,
  /// `/dev/fd/N` or `/proc/self/fd/N`, or a link to one of them.
  private static func inheritedDescriptor(_ path: String) -> FileDescriptor? {
    for hop in FileSystem.linkChain(path) {
      switch hop {
      case "/dev/stdout": return .standardOutput
      case "/dev/stderr": return .standardError
      default: break
      }
      for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"] where hop.hasPrefix(prefix) {
        return Int32(hop.dropFirst(prefix.count)).map(FileDescriptor.init(rawValue:))
      }
    }
    return nil
  }
}
