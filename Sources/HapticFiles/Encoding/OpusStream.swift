internal import COpusEnc
import HapticAudio

/// An Ogg Opus encoder (libopusenc, pulled page by page) whose comment header holds the tags it
/// is given. Channels 1 and 2 use Opus' mapping family 0, more use family 1, which keeps them
/// in the order given.
///
/// Invariants: the stream's serial number is fixed (``VorbisStream/serialNumber``), so the same
/// frames and tags give the same bytes with the same libopus; memory stays independent of the
/// length.
final class OpusStream: OggEncoder {
  let channelCount: Int
  private let encoder: OpaquePointer
  private var interleaved: [Float] = []
  /// Whether any frame has been written: libopusenc aborts (an assertion) when a stream with
  /// none is drained.
  private var hasFrames = false

  /// - Parameters:
  ///   - sampleRate: In Hz, one of Opus' rates (``AudioFileFormat/Container/sampleRates``).
  ///   - tags: Comment fields, in order, after libopusenc's vendor string.
  /// - Throws: ``EncodingError/unsupportedFormat(_:)`` when libopusenc refuses the channels or
  ///   the rate.
  init(channelCount: Int, sampleRate: Int, tags: [(name: String, value: String)]) throws(EncodingError) {
    self.channelCount = channelCount
    guard let comments = ope_comments_create() else {
      throw .unsupportedFormat("libopusenc could not make the comment header")
    }
    defer { ope_comments_destroy(comments) }
    ope_comments_add(comments, "ENCODER", "render")
    for tag in tags { ope_comments_add(comments, tag.name, tag.value) }
    var status: Int32 = 0
    guard
      let encoder = ope_encoder_create_pull(
        comments, Int32(sampleRate), Int32(channelCount), channelCount <= 2 ? 0 : 1, &status)
    else {
      throw .unsupportedFormat(
        "libopusenc cannot encode \(channelCount) channels at \(sampleRate) Hz: \(String(cString: ope_strerror(status)))"
      )
    }
    render_ope_set_serialno(encoder, VorbisStream.serialNumber)
    self.encoder = encoder
  }

  deinit {
    ope_encoder_destroy(encoder)
  }

  func start(_ emit: (UnsafeRawBufferPointer) -> Bool) -> Bool { true }

  func encode(_ frames: AudioBlock, _ emit: (UnsafeRawBufferPointer) -> Bool) -> Bool {
    precondition(frames.channels.count == channelCount, "a block of the stream's channels")
    let count = frames.frameCount
    guard count > 0 else { return true }
    if interleaved.count < count * channelCount { interleaved = Array(repeating: 0, count: count * channelCount) }
    frames.interleave(into: &interleaved)
    let status = interleaved.withUnsafeMutableBufferPointer { samples in
      for index in 0..<count * channelCount { samples[index] = min(max(samples[index], -1), 1) }
      return ope_encoder_write_float(encoder, samples.baseAddress, Int32(count))
    }
    hasFrames = true
    return status == OPE_OK && drain(emit, flush: false)
  }

  /// Ends the stream. A stream of no frames gets one frame of silence, the shortest that
  /// libopusenc can end (an Opus packet holds at least 2.5 ms; the stream's end trims it to that
  /// frame).
  func finish(_ emit: (UnsafeRawBufferPointer) -> Bool) -> Bool {
    if !hasFrames {
      let silence = [Float](repeating: 0, count: channelCount)
      guard ope_encoder_write_float(encoder, silence, 1) == OPE_OK else { return false }
    }
    return ope_encoder_drain(encoder) == OPE_OK && drain(emit, flush: true)
  }

  /// Hands out every page libopusenc has ready.
  private func drain(_ emit: (UnsafeRawBufferPointer) -> Bool, flush: Bool) -> Bool {
    var page: UnsafeMutablePointer<UInt8>?
    var length: Int32 = 0
    while ope_encoder_get_page(encoder, &page, &length, flush ? 1 : 0) == 1 {
      guard emit(UnsafeRawBufferPointer(start: page, count: Int(length))) else { return false }
    }
    return true
  }
}
