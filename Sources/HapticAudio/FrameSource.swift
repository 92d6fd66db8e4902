/// Anything that delivers frames block by block: an audio file being read, a pattern being
/// rendered.
public protocol FrameSource {
  var sampleRate: Int { get }
  var channelCount: Int { get }
  /// Frames the source will deliver in all (for files: as the header says).
  var frameCount: Int { get }
  /// Fills `block` (planar, `channelCount` channels) with the next frames.
  ///
  /// - Returns: `false` when there are no more frames; `block` is then untouched.
  mutating func read(into block: inout AudioBlock) throws -> Bool
}
