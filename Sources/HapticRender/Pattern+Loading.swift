extension Pattern {
  /// Largest AHAP file read, in bytes (32 MiB); the largest real files are under 1 MiB.
  public static let maximumFileSize = 32 << 20

  /// Reads the AHAP file at `path` and resolves the waveforms of its `AudioCustom` events.
  ///
  /// See ``parse(_:file:diagnostics:)`` for the loading rules, and ``WaveformResolver`` for
  /// where waveform files are looked up; a waveform that is missing or unreadable is an error
  /// in `diagnostics`.
  ///
  /// - Parameters:
  ///   - resourceFolders: Folders searched for waveforms after the pattern's own folder.
  ///   - isSandboxed: Refuse waveforms outside the pattern's folder and `resourceFolders`.
  /// - Returns: The pattern, or `nil` when `diagnostics` holds an error.
  /// - Throws: ``FileSystemError`` when the file cannot be read or is larger than
  ///   ``maximumFileSize``.
  public static func load(
    path: String, resourceFolders: [String] = [], isSandboxed: Bool = false,
    diagnostics: inout Diagnostics
  ) throws(FileSystemError) -> Pattern? {
    let bytes = try FileSystem.readAll(path, limit: maximumFileSize)
    guard let pattern = parse(bytes, file: path, diagnostics: &diagnostics) else { return nil }
    return WaveformResolver(patternPath: path, resourceFolders: resourceFolders, isSandboxed: isSandboxed)
      .resolve(pattern, diagnostics: &diagnostics)
  }
}
