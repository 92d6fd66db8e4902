import HapticAudio

/// An encoder of one Ogg stream whose pages go to a caller's `emit`, which returns `false` to
/// refuse a page (a failed write): ``VorbisStream`` and ``OpusStream``.
protocol OggEncoder: AnyObject {
  var channelCount: Int { get }
  /// Hands out the header pages (or nothing, when the encoder writes them with the audio).
  func start(_ emit: (UnsafeRawBufferPointer) -> Bool) -> Bool
  /// Encodes the valid frames of `frames`, clamped to ±1, and hands out the pages completed.
  func encode(_ frames: AudioBlock, _ emit: (UnsafeRawBufferPointer) -> Bool) -> Bool
  /// Ends the stream and hands out the last pages.
  func finish(_ emit: (UnsafeRawBufferPointer) -> Bool) -> Bool
}
