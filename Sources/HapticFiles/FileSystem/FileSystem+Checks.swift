import HapticSupport
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileSystem {
  /// `true` when something exists at `path`.
  package static func exists(_ path: String) -> Bool {
    access(path, F_OK) == 0
  }

  /// `true` when something is at `path` itself, a dangling symbolic link included.
  package static func entryExists(_ path: String) -> Bool {
    (try? Stat(path, followTargetSymlink: false)) != nil
  }

  /// `true` when `path` names a directory.
  package static func isDirectory(_ path: String) -> Bool {
    (try? Stat(path))?.type == .directory
  }

  /// `true` when `path` exists and is neither a regular file nor a directory: a device, a
  /// FIFO or a socket, which must be written to, never replaced.
  package static func isSpecial(_ path: String) -> Bool {
    guard let type = (try? Stat(path))?.type else { return false }
    return type != .regular && type != .directory
  }

  /// `true` when `descriptor` is a pipe, a FIFO or a socket: bytes written to it cannot be
  /// sought back to.
  package static func isPipe(_ descriptor: FileDescriptor) -> Bool {
    guard let type = (try? descriptor.stat())?.type else { return false }
    return type == .fifo || type == .socket
  }

  /// Why `path` cannot be replaced as a regular file without following a link or writing into
  /// something else: it is a symbolic link, a folder, a FIFO, a device or a socket. `nil` when
  /// nothing is there or a regular file is. Looked at with `lstat`: nothing is opened.
  package static func notRegularFileProblem(_ path: String) -> FileSystemError? {
    guard let type = (try? Stat(path, followTargetSymlink: false))?.type else { return nil }
    switch type {
    case .regular: return nil
    case .symbolicLink:
      return .failed(path: path, reason: "is a symbolic link, which is not followed here; remove it to write this file")
    default: return .failed(path: path, reason: "is \(description(of: type)), not a regular file; it is not written to")
    }
  }

  /// Why `path` cannot be opened for reading, when the file system can tell: nothing is there
  /// (``FileSystemError/missing(path:number:meant:)``, whatever the number) or it may not be
  /// read. `nil` when it looks readable.
  package static func readProblem(_ path: String) -> FileSystemError? {
    if access(path, F_OK) != 0 { return missingFile(path, number: .last) }
    if access(path, R_OK) != 0 { return .systemCall(path: path, number: .last) }
    return nil
  }

  /// Why a file cannot be created at `path`, when the file system can tell: its folder does not
  /// exist, is not a folder, or may not be written. `nil` when it looks writable.
  ///
  /// - Parameter name: How the error names the file (`path` itself unless given).
  package static func writeProblem(_ path: String, name: String? = nil) -> FileSystemError? {
    let name = name ?? path
    let folder = directory(of: path)
    if !exists(folder) { return .failed(path: name, reason: "folder '\(folder)' does not exist") }
    if !isDirectory(folder) { return .failed(path: name, reason: "'\(folder)' is not a folder") }
    if access(folder, W_OK) != 0 {
      return .systemCall(path: name, number: .last, context: "cannot write in folder '\(folder)'")
    }
    return nil
  }

  /// Why `path` cannot be read when nothing is there: "no such file", and the path it most
  /// likely meant (`samples/breath-487.ahap` → `samples/breath-478.ahap`).
  package static func missingFileReason(_ path: String) -> String {
    missingFile(path).reason
  }

  /// The error for `path` when nothing is there, with the path it most likely meant.
  ///
  /// - Parameter number: The error number of the call that found nothing (`ENOENT` when none
  ///   was made).
  package static func missingFile(_ path: String, number: Errno = .noSuchFileOrDirectory) -> FileSystemError {
    .missing(path: path, number: number, meant: meantName(for: path).map { replacingName(of: path, with: $0) })
  }

  /// The name in `path`'s folder closest to its own name, or `nil` when none is close.
  package static func meantName(for path: String) -> String? {
    let name = name(of: path)
    guard !name.isEmpty, let names = try? names(in: directory(of: path)) else { return nil }
    return NameSuggestion.closest(to: name, among: names)
  }
}
