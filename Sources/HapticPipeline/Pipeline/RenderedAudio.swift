/// Rendered frames held in memory.
public struct RenderedAudio: Sendable {
  /// One array per output channel, all of the same length.
  public var channels: [[Float]]
  public var sampleRate: Int
  public var report: RenderReport
}
