/// Finds the audio files that `AudioCustom` events name and checks that libsndfile reads them.
///
/// `EventWaveformPath` is taken as is when absolute; otherwise it is looked up relative to the
/// pattern's folder, then relative to each resources folder, in order.
public struct WaveformResolver: Sendable {
  /// The AHAP file, as named in diagnostics.
  public var patternPath: String
  /// Folder of the AHAP file.
  public var patternFolder: String
  /// `--resources` folders, searched after `patternFolder`.
  public var resourceFolders: [String]

  public init(patternPath: String, resourceFolders: [String] = []) {
    self.patternPath = patternPath
    patternFolder = FileSystem.directory(of: patternPath)
    self.resourceFolders = resourceFolders
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
      do {
        _ = try AudioFileReader(path: found)
      } catch {
        diagnostics.error(at: location, path, "waveform '\(found)' is not readable audio: \(error)")
        continue
      }
      resolved.events[index].waveform?.path = found
    }
    return diagnostics.hasErrors ? nil : resolved
  }
}
