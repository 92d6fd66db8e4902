extension WaveformLibrary {
  /// Longest waveform decoded, in frames (an hour at 48 kHz).
  public static let maximumFrames = 3_600 * 48_000

  /// Decodes every file the pattern's `AudioCustom` events name, each once.
  ///
  /// - Throws: ``EncodingError`` naming a file libsndfile cannot read, one that is truncated or
  ///   one that is too long.
  public init(loadingFor pattern: Pattern) throws(EncodingError) {
    self.init()
    for path in Set(pattern.events.compactMap(\.waveform?.path)).sorted() {
      let reader = try AudioFileReader(path: path)
      if let damage = reader.damage { throw .ioFailed(path: path, reason: damage) }
      guard reader.frameCount <= Self.maximumFrames else {
        throw .ioFailed(
          path: path,
          reason: "\(reader.frameCount) frames is longer than the \(Self.maximumFrames)-frame limit for waveforms")
      }
      let channels = try reader.readAll()
      let frames = channels.first?.count ?? 0
      guard frames == reader.frameCount else {
        throw .ioFailed(
          path: path, reason: "truncated: the header promises \(reader.frameCount) frames, the file holds \(frames)")
      }
      // Mixed down once here, not once per event that plays the file.
      waveforms[path] = SampledAudio(channels: channels, sampleRate: Double(reader.sampleRate)).monoOrStereo()
    }
  }
}
