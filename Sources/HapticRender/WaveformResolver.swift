/// Finds the audio files that `AudioCustom` events name and checks that libsndfile reads them.
///
/// `EventWaveformPath` is taken as is when absolute; otherwise it is looked up relative to the
/// pattern's folder, then relative to each resources folder, in order. In a sandbox (for
/// untrusted patterns) only files inside those folders are accepted, after symbolic links and
/// `..` are resolved.
public struct WaveformResolver: Sendable {
  /// The AHAP file, as named in diagnostics.
  public var patternPath: String
  /// Folder of the AHAP file.
  public var patternFolder: String
  /// `--resources` folders, searched after `patternFolder`.
  public var resourceFolders: [String]
  /// Refuse waveforms outside `patternFolder` and `resourceFolders` (`--sandbox`).
  public var isSandboxed: Bool

  public init(patternPath: String, resourceFolders: [String] = [], isSandboxed: Bool = false) {
    self.patternPath = patternPath
    patternFolder = FileSystem.directory(of: patternPath)
    self.resourceFolders = resourceFolders
    self.isSandboxed = isSandboxed
  }

  /// Whether `path` (an existing file) lies inside one of the allowed folders.
  /// The allowed folders, resolved (each ending with "/").
  private var sandboxRoots: [String] {
    ([patternFolder] + resourceFolders).compactMap(FileSystem.realPath).map { $0.hasSuffix("/") ? $0 : $0 + "/" }
  }

  /// Whether `path` (an existing file) lies inside one of `roots`.
  private func isInside(_ roots: [String], _ path: String) -> Bool {
    guard let real = FileSystem.realPath(path) else { return false }
    return roots.contains { real.hasPrefix($0) }
  }

  /// The places searched for `path`, in order.
  public func candidates(for path: String) -> [String] {
    if path.hasPrefix("/") { return [path] }
    return ([patternFolder] + resourceFolders).map { $0 == "." ? path : "\($0)/\(path)" }
  }

  /// Replaces each `AudioCustom` waveform path with the file found, reporting an error (at the
  /// event) for a file that is missing or that libsndfile cannot read.
  ///
  /// - Returns: The pattern with resolved paths, or `nil` when an error was reported.
  public func resolve(_ pattern: Pattern, diagnostics: inout Diagnostics) -> Pattern? {
    let roots = isSandboxed ? sandboxRoots : []
    var resolved = pattern
    for index in resolved.events.indices {
      guard let waveform = resolved.events[index].waveform else { continue }
      let event = resolved.events[index]
      let location = event.position.location(in: patternPath)
      let path = event.path.appending("EventWaveformPath")
      let places = candidates(for: waveform.path)
      guard let found = places.first(where: { FileSystem.exists($0) && !FileSystem.isDirectory($0) }) else {
        diagnostics.error(
          at: location, path,
          "waveform \"\(waveform.path)\" not found; looked in \(places.map { "'\($0)'" }.joined(separator: ", "))")
        continue
      }
      if isSandboxed, !isInside(roots, found) {
        diagnostics.error(
          at: location, path,
          "waveform '\(found)' is outside the pattern's folder and the --resources folders, which --sandbox allows")
        continue
      }
      do {
        if let damage = try AudioFileReader(path: found).damage {
          diagnostics.error(at: location, path, "waveform '\(found)' is \(damage)")
          continue
        }
      } catch {
        diagnostics.error(at: location, path, "waveform '\(found)' is not readable audio: \(error)")
        continue
      }
      resolved.events[index].waveform?.path = found
    }
    return diagnostics.hasErrors ? nil : resolved
  }
}
