extension Batch {
  /// Renders each preset into `outputFolder/<name>.<ext>`, in order, after checking that no
  /// two share a name (presets of different families can).
  ///
  /// - Parameter intensity: The gain of ``Preset/pattern(intensity:)``.
  /// - Throws: ``PatternFiles/SearchError/collisions(_:)`` before anything is written.
  /// - Returns: One result per preset; `input` is the preset's id.
  public func render(
    _ presets: [Preset], intensity: Double = 1, progress: (FileResult) -> Void = { _ in }
  ) throws(PatternFiles.SearchError) -> [FileResult] {
    let groups = Dictionary(grouping: presets.map(\.id)) { outputPath(forPreset: $0) }
      .filter { $0.value.count > 1 }.sorted { $0.key < $1.key }
    guard groups.isEmpty else {
      throw .collisions(
        groups.map { ($0.value, "would all be written to '\($0.key)'; render the families separately") })
    }
    try? FileSystem.createDirectory(outputFolder)  // a failure shows in every result
    return presets.map { preset in
      var result = FileResult(input: preset.id, output: outputPath(forPreset: preset.id), diagnostics: [])
      do {
        result.report = try Render.toFile(
          preset.pattern(intensity: intensity), options: options, destination: .file(result.output), format: format)
      } catch {
        result.error = "\(error)"
      }
      progress(result)
      return result
    }
  }

  /// `outputFolder/<name>.<ext>` for the preset `family/name`.
  private func outputPath(forPreset id: String) -> String {
    "\(outputFolder)/\(id.split(separator: "/").last ?? "").\(format.container.rawValue)"
  }
}
