import HapticFiles

/// Finds the audio file that an `AudioCustom` event names.
///
/// `EventWaveformPath` is taken as is when absolute; otherwise it is looked up relative to the
/// pattern's folder, then relative to each resources folder, in order. In a sandbox (for
/// untrusted patterns) only files inside those folders are accepted, after symbolic links and
/// `..` are resolved.
package struct WaveformResolver: Sendable {
  /// Why a waveform path names no usable file; the description is the diagnostic's message.
  package enum Failure: Error, CustomStringConvertible {
    /// `meant`: the path the event most likely meant, written as `path` is.
    case notFound(path: String, searched: [String], meant: String?)
    /// In a sandbox: the path leads out of the allowed folders, whether or not a file is there
    /// (the message is the same, so that it tells nothing of what is outside).
    case outsideSandbox(path: String)
    /// Something is at `found` but it cannot be read as a file: a folder, a FIFO, a device, a
    /// link that leads nowhere or in a loop.
    case unusable(found: String, reason: String)

    package var description: String {
      switch self {
      case .notFound(let path, let searched, let meant):
        "waveform \"\(path)\" not found; looked in \(searched.map { "'\($0)'" }.joined(separator: ", "))"
          + (meant.map { "; did you mean \"\($0)\"?" } ?? "")
      case .outsideSandbox(let path):
        "waveform '\(path)' is outside the pattern's folder and the resource folders a sandboxed loader allows"
      case .unusable(let found, let reason):
        "waveform '\(found)' is not readable audio: cannot open '\(found)': \(reason)"
      }
    }
  }

  /// Folder of the AHAP file.
  package let patternFolder: String
  /// `--resources` folders, searched after `patternFolder`.
  package let resourceFolders: [String]
  /// The allowed folders, resolved, each ending with "/"; `nil` outside a sandbox.
  private let sandboxRoots: [String]?

  package init(patternPath: String, resourceFolders: [String], isSandboxed: Bool) {
    patternFolder = FileSystem.directory(of: patternPath)
    self.resourceFolders = resourceFolders
    sandboxRoots =
      isSandboxed
      ? ([patternFolder] + resourceFolders).compactMap(FileSystem.realPath).map { $0.hasSuffix("/") ? $0 : $0 + "/" }
      : nil
  }

  /// The places searched for `path`, in order.
  package func candidates(for path: String) -> [String] {
    if path.hasPrefix("/") { return [path] }
    return ([patternFolder] + resourceFolders).map { FileSystem.resolve(path, against: $0) }
  }

  /// Opens the first candidate that exists. In a sandbox, the file is checked where the opened
  /// descriptor leads, never by its path again: a link swapped in between the check and the
  /// read cannot lead out.
  ///
  /// A candidate with nothing at it is passed over; anything else that cannot be opened (a
  /// folder, a FIFO, a link that leads nowhere) is reported as it is.
  package func open(_ path: String) throws(Failure) -> FileSystem.OpenedFile {
    let places = candidates(for: path)
    for place in places {
      let file: FileSystem.OpenedFile
      do {
        file = try FileSystem.openFile(place)
      } catch {
        if let sandboxRoots, !isInside(FileSystem.realPathOfExistingPart(place), sandboxRoots) {
          throw .outsideSandbox(path: path)
        }
        guard FileSystem.entryExists(place) else { continue }
        if sandboxRoots != nil, FileSystem.readLink(place) != nil { throw .outsideSandbox(path: path) }
        throw .unusable(found: place, reason: Self.reason(for: error, at: place))
      }
      if let sandboxRoots, !isInside(file.realPath, sandboxRoots) {
        throw .outsideSandbox(path: path)
      }
      return file
    }
    // The closest name beside any place searched, written as the event wrote the path; none
    // in a sandbox, where names in folders would tell an untrusted pattern what is there.
    let meant =
      sandboxRoots == nil
      ? places.lazy.compactMap(FileSystem.meantName).first.map { FileSystem.replacingName(of: path, with: $0) }
      : nil
    throw .notFound(path: path, searched: places, meant: meant)
  }

  private func isInside(_ real: String?, _ roots: [String]) -> Bool {
    guard let real else { return false }
    return roots.contains { real.hasPrefix($0) || real + "/" == $0 }
  }

  /// Why `place`, where something is, cannot be opened: a link says where it leads.
  private static func reason(for error: FileSystemError, at place: String) -> String {
    if case .missing = error, let target = FileSystem.readLink(place) {
      return "is a symbolic link to '\(target)', where nothing is"
    }
    return error.reason
  }
}
