internal import CVorbis
import HapticAudio

/// An Ogg Vorbis encoder (libvorbis and libogg) whose comment header holds the tags it is given:
/// what libsndfile cannot write, since its Vorbis header takes only a fixed set of fields.
///
/// Invariants:
/// - The same frames, tags and settings give the same bytes: the stream's serial number is
///   fixed (``serialNumber``) and libvorbis' encoder draws no random numbers.
/// - Memory stays independent of the length: each block's pages are handed out before the
///   next block is taken.
final class VorbisStream: OggEncoder {
  /// The Ogg serial number of every stream (libsndfile picks a random one per file).
  static let serialNumber: Int32 = 0x4148_4150
  /// libvorbis' variable-bit-rate quality, -0.1 to 1: libsndfile's default for Ogg Vorbis.
  static let quality: Float = 0.4

  let channelCount: Int
  private let info = UnsafeMutablePointer<vorbis_info>.allocate(capacity: 1)
  private let comment = UnsafeMutablePointer<vorbis_comment>.allocate(capacity: 1)
  private let dsp = UnsafeMutablePointer<vorbis_dsp_state>.allocate(capacity: 1)
  private let block = UnsafeMutablePointer<vorbis_block>.allocate(capacity: 1)
  private let stream = UnsafeMutablePointer<ogg_stream_state>.allocate(capacity: 1)
  private var hasStarted = false

  /// Sets the encoder up; nothing is written until ``start(_:)``.
  ///
  /// - Parameters:
  ///   - channelCount: 1 to 255.
  ///   - sampleRate: In Hz; libvorbis' modes cover 1 kHz to 200 kHz (``AudioFileFormat/check(sampleRate:)``).
  ///   - tags: Comment fields, in order, as `NAME=value` lines of the comment header.
  /// - Throws: ``EncodingError/unsupportedFormat(_:)`` when libvorbis has no mode for the
  ///   channels and rate.
  init(channelCount: Int, sampleRate: Int, tags: [(name: String, value: String)]) throws(EncodingError) {
    self.channelCount = channelCount
    vorbis_info_init(info)
    vorbis_comment_init(comment)
    guard vorbis_encode_init_vbr(info, channelCount, sampleRate, Self.quality) == 0 else {
      vorbis_comment_clear(comment)
      vorbis_info_clear(info)
      Self.deallocate(info, comment, dsp, block, stream)
      throw .unsupportedFormat("libvorbis cannot encode \(channelCount) channels at \(sampleRate) Hz")
    }
    vorbis_comment_add_tag(comment, "ENCODER", "render")
    for tag in tags { vorbis_comment_add_tag(comment, tag.name, tag.value) }
    vorbis_analysis_init(dsp, info)
    vorbis_block_init(dsp, block)
    ogg_stream_init(stream, Self.serialNumber)
  }

  deinit {
    ogg_stream_clear(stream)
    vorbis_block_clear(block)
    vorbis_dsp_clear(dsp)
    vorbis_comment_clear(comment)
    vorbis_info_clear(info)
    Self.deallocate(info, comment, dsp, block, stream)
  }

  private static func deallocate(_ pointers: UnsafeMutableRawPointer...) {
    for pointer in pointers { pointer.deallocate() }
  }

  /// Hands the three header packets to `emit`, each on pages of its own (the Vorbis
  /// specification puts the audio on the pages after them).
  ///
  /// - Returns: `false` when `emit` refused a page.
  func start(_ emit: (UnsafeRawBufferPointer) -> Bool) -> Bool {
    hasStarted = true
    var identification = ogg_packet()
    var comments = ogg_packet()
    var codebooks = ogg_packet()
    vorbis_analysis_headerout(dsp, comment, &identification, &comments, &codebooks)
    ogg_stream_packetin(stream, &identification)
    ogg_stream_packetin(stream, &comments)
    ogg_stream_packetin(stream, &codebooks)
    var page = ogg_page()
    while ogg_stream_flush(stream, &page) != 0 {
      guard Self.emit(page, emit) else { return false }
    }
    return true
  }

  /// Encodes the valid frames of `frames` (one channel each, clamped to ±1) and hands the
  /// pages completed so far to `emit`.
  ///
  /// - Returns: `false` when `emit` refused a page.
  func encode(_ frames: AudioBlock, _ emit: (UnsafeRawBufferPointer) -> Bool) -> Bool {
    precondition(hasStarted && frames.channels.count == channelCount, "start first, with the stream's channels")
    let count = frames.frameCount
    guard count > 0 else { return true }
    guard let buffer = vorbis_analysis_buffer(dsp, Int32(count)) else { return false }
    for channel in 0..<channelCount {
      // libvorbis' buffer holds `count` frames per channel: asked for just above.
      guard let output = buffer[channel] else { return false }
      frames.channels[channel].withUnsafeBufferPointer { input in
        for frame in 0..<count { output[frame] = min(max(input[frame], -1), 1) }
      }
    }
    vorbis_analysis_wrote(dsp, Int32(count))
    return drain(emit)
  }

  /// Ends the stream: encodes what libvorbis still holds and hands out the last pages.
  ///
  /// - Returns: `false` when `emit` refused a page.
  func finish(_ emit: (UnsafeRawBufferPointer) -> Bool) -> Bool {
    precondition(hasStarted, "start first")
    vorbis_analysis_wrote(dsp, 0)
    return drain(emit)
  }

  /// Moves every block libvorbis has ready into packets and every full page to `emit`.
  private func drain(_ emit: (UnsafeRawBufferPointer) -> Bool) -> Bool {
    var packet = ogg_packet()
    var page = ogg_page()
    while vorbis_analysis_blockout(dsp, block) == 1 {
      vorbis_analysis(block, nil)
      vorbis_bitrate_addblock(block)
      while vorbis_bitrate_flushpacket(dsp, &packet) == 1 {
        ogg_stream_packetin(stream, &packet)
        while ogg_stream_pageout(stream, &page) != 0 {
          guard Self.emit(page, emit) else { return false }
        }
      }
    }
    return true
  }

  private static func emit(_ page: ogg_page, _ emit: (UnsafeRawBufferPointer) -> Bool) -> Bool {
    emit(UnsafeRawBufferPointer(start: page.header, count: page.header_len))
      && emit(UnsafeRawBufferPointer(start: page.body, count: page.body_len))
  }
}
