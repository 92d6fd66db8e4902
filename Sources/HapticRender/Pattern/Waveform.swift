/// The audio file an `AudioCustom` event plays, as the pattern names it.
public struct Waveform: Sendable {
  /// `EventWaveformPath`: absolute, or relative to the pattern's folder or a resources folder.
  public var path: String
  /// `EventWaveformUseVolumeEnvelope`: fade in and out to avoid clicks. Default `true`.
  public var usesVolumeEnvelope: Bool
  /// `EventWaveformLoopEnabled`: repeat the file to fill `EventDuration`. Default `false`.
  public var isLoopEnabled: Bool
  /// The file's decoded audio, filled in by ``PatternLoader``; `nil` in a pattern only parsed.
  public var audio: SampledAudio?

  public init(path: String, usesVolumeEnvelope: Bool = true, isLoopEnabled: Bool = false, audio: SampledAudio? = nil) {
    self.path = path
    self.usesVolumeEnvelope = usesVolumeEnvelope
    self.isLoopEnabled = isLoopEnabled
    self.audio = audio
  }
}
