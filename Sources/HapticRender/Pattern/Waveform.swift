/// The audio file an `AudioCustom` event plays, as the pattern names it.
public struct Waveform: Sendable, Hashable {
  /// `EventWaveformPath`: absolute, or relative to the pattern's folder or a resources folder.
  public var path: String
  /// `EventWaveformUseVolumeEnvelope`: fade in and out to avoid clicks. Default `true`.
  public var usesVolumeEnvelope: Bool
  /// `EventWaveformLoopEnabled`: repeat the file to fill `EventDuration`. Default `false`.
  public var isLoopEnabled: Bool
}
