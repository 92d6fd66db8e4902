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
    case outsideSandbox(found: String)

    package var description: String {
      switch self {
      case .notFound(let path, let searched, let meant):
        "waveform \"\(path)\" not found; looked in \(searched.map { "'\($0)'" }.joined(separator: ", "))"
          + (meant.map { "; did you mean \"\($0)\"?" } ?? "")
      case .outsideSandbox(let found):
        "waveform '\(found)' is outside the pattern's folder and the --resources folders, which --sandbox allows"
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

  /// The first candidate that is an existing file, checked against the sandbox.
  package func resolve(_ path: String) throws(Failure) -> String {
    let places = candidates(for: path)
    guard let found = places.first(where: { FileSystem.exists($0) && !FileSystem.isDirectory($0) }) else {
      // The closest name beside any place searched, written as the event wrote the path; none
      // in a sandbox, where names in folders would tell an untrusted pattern what is there.
      let meant =
        sandboxRoots == nil
        ? places.lazy.compactMap(FileSystem.meantName).first.map { FileSystem.replacingName(of: path, with: $0) }
        : nil
      throw .notFound(path: path, searched: places, meant: meant)
    }
    if let sandboxRoots {
      guard let real = FileSystem.realPath(found), sandboxRoots.contains(where: { real.hasPrefix($0) }) else {
        throw .outsideSandbox(found: found)
      }
    }
    return found
  }
}
