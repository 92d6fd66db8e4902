/// Decodes one waveform file for an `AudioCustom` event, refusing files that are damaged or
/// too long.
enum WaveformDecoder {
  /// Longest waveform decoded, in frames (an hour at 48 kHz).
  static let maximumFrames = 3_600 * 48_000

  /// The file's audio, mixed to mono when it has more than two channels.
  ///
  /// - Throws: ``EncodingError`` naming a file libsndfile cannot read, one that is truncated or
  ///   one that is too long.
  static func decode(_ path: String) throws(EncodingError) -> SampledAudio {
    let reader = try AudioFileReader(path: path)
    if let damage = reader.damage { throw .ioFailed(path: path, reason: damage) }
    guard reader.frameCount <= maximumFrames else {
      throw .ioFailed(
        path: path, reason: "longer than the \(maximumFrames)-frame limit for waveforms (\(reader.frameCount) frames)")
    }
    let channels = try reader.readAll()
    let frames = channels.first?.count ?? 0
    guard frames == reader.frameCount else {
      throw .ioFailed(
        path: path, reason: "truncated: the header promises \(reader.frameCount) frames, the file holds \(frames)")
    }
    // Mixed down once here, not once per event that plays the file.
    return SampledAudio(channels: channels, sampleRate: Double(reader.sampleRate)).monoOrStereo()
  }
}
