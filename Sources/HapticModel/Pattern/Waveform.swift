/// The audio file an `AudioCustom` event plays, as the pattern names it. Its decoded audio is
/// not part of the pattern: the loader hands it to the renderer beside the pattern.
public struct Waveform: Sendable {
  /// `EventWaveformPath`: absolute, or relative to the pattern's folder or a resources folder.
  public var path: String
  /// `EventWaveformUseVolumeEnvelope`: fade in and out to avoid clicks. Default `true`.
  public var usesVolumeEnvelope: Bool
  /// `EventWaveformLoopEnabled`: repeat the file to fill `EventDuration`. Default `false`.
  public var isLoopEnabled: Bool

  public init(path: String, usesVolumeEnvelope: Bool = true, isLoopEnabled: Bool = false) {
    self.path = path
    self.usesVolumeEnvelope = usesVolumeEnvelope
    self.isLoopEnabled = isLoopEnabled
  }
}
