import HapticFiles
import HapticSynthesis

/// Decodes one waveform file for an `AudioCustom` event, refusing files that are damaged or
/// larger than the memory left for waveforms.
package enum WaveformDecoder {
  /// The audio of `file` (opened, and checked, by ``WaveformResolver``), mixed to mono when it has more than two channels.
  ///
  /// - Parameter budget: Bytes of decoded samples still allowed (4 per sample, counted from
  ///   the header before anything is read); reduced by this file's.
  /// - Throws: ``EncodingError`` naming a file libsndfile cannot read, one that is truncated or
  ///   one that would pass the budget.
  package static func decode(_ file: FileSystem.OpenedFile, budget: inout Int) throws(EncodingError) -> SampledAudio {
    let path = file.path
    let reader = try AudioFileReader(file: file)
    if let damage = reader.damage { throw .ioFailed(path: path, reason: damage) }
    let (bytes, overflow) = reader.frameCount.multipliedReportingOverflow(by: 4 * reader.channelCount)
    guard !overflow, bytes <= budget else {
      throw .ioFailed(
        path: path,
        reason:
          "too large: \(reader.frameCount) frames × \(reader.channelCount) channel\(reader.channelCount == 1 ? "" : "s") need \(overflow ? "more than \(Int.max)" : "\(bytes)") bytes decoded, more than the \(budget) bytes left of the memory allowed for waveforms"
      )
    }
    budget -= bytes
    let channels: [[Float]]
    do {
      channels = try reader.readAll()
    } catch {
      // libsndfile's words for a read that failed midway ("Error : flac decoder lost sync.")
      // say what it is, not what the file is: cut short or damaged.
      guard case .ioFailed(_, let reason) = error else { throw error }
      throw .ioFailed(path: path, reason: "truncated or damaged (\(Self.plainWords(reason)))")
    }
    let frames = channels.first?.count ?? 0
    guard frames == reader.frameCount else {
      throw .ioFailed(
        path: path, reason: "truncated: the header promises \(reader.frameCount) frames, the file holds \(frames)")
    }
    // A float file can hold NaN or infinity, which would spread through the mix, the limiter
    // and the encoder: refused here, where the file can be named.
    for (channel, samples) in channels.enumerated() {
      if let frame = samples.firstIndex(where: { !$0.isFinite }) {
        let value = samples[frame].isNaN ? "NaN" : "infinite"
        throw .ioFailed(
          path: path,
          reason:
            "not playable: frame \(frame) of channel \(channel + 1) is \(value); only finite samples can be played")
      }
    }
    // Mixed down once here, not once per event that plays the file.
    return SampledAudio(channels: channels, sampleRate: Double(reader.sampleRate)).monoOrStereo()
  }

  /// libsndfile's message without its `Error : ` and final period.
  private static func plainWords(_ message: String) -> String {
    var words = Substring(message)
    if words.hasPrefix("Error : ") { words = words.dropFirst("Error : ".count) }
    if words.hasSuffix(".") { words = words.dropLast() }
    return String(words)
  }

  /// Highest rate a waveform is played from, in Hz: every common recording rate (44.1 to
  /// 96 kHz) is played as it is; a higher one (176.4, 192, 384 kHz, or a header's claim of
  /// gigahertz) is halved until it is at most this, once per render
  /// (``LoadedPattern/playableWaveforms``). What is read per output frame grows with the
  /// source's rate, so a waveform at any rate then costs no more to play than one at 96 kHz;
  /// nothing audible lies above 48 kHz.
  package static let maximumSampleRate = 96_000.0

  /// `audio` halved in rate (windowed sinc, ``SampledAudio/halved()``) until it is at most
  /// ``maximumSampleRate``.
  package static func playable(_ audio: SampledAudio) -> SampledAudio {
    var audio = audio
    while audio.sampleRate > maximumSampleRate { audio = audio.halved() }
    return audio
  }
}
