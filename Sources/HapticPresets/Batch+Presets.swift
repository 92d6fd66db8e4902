import HapticPipeline

extension Batch {
  /// Renders each preset into `outputFolder/<name>.<ext>`, in order, after checking that no
  /// two share a name (presets of different families can).
  ///
  /// - Parameters:
  ///   - presets: The presets to render.
  ///   - intensity: The gain of ``Preset/pattern(intensity:)``.
  ///   - progress: Called after each preset with its result.
  /// - Throws: `PatternSearchError` for colliding names or an output folder that
  ///   cannot be created, before anything is written.
  /// - Returns: One result per preset; `input` is the preset's id.
  public func render(
    _ presets: [Preset], intensity: Double = 1, progress: (FileResult) -> Void = { _ in }
  ) throws(PatternSearchError) -> [FileResult] {
    let collisions = PatternSearchError.collidingGroups(
      in: presets, by: outputPath(for:), name: \.id,
      reason: { "would all be written to '\(outputPath(for: $0))'; render the families separately" })
    if let collisions { throw collisions }
    try createOutputFolder()
    return presets.map { preset in
      var result = FileResult(input: preset.id, output: outputPath(for: preset), diagnostics: [])
      do {
        result.report = try Render.toFile(
          preset.pattern(intensity: intensity), options: options, destination: .regularFile(result.output),
          format: format)
      } catch {
        result.error = PatternFailure(error)
      }
      progress(result)
      return result
    }
  }

  /// `outputFolder/<name>.<ext>`.
  private func outputPath(for preset: Preset) -> String {
    "\(outputFolder)/\(preset.name).\(format.container.rawValue)"
  }
}
