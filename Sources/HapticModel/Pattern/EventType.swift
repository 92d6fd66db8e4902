/// The kind of an AHAP event; raw values are the JSON spellings.
public enum EventType: String, Sendable, CaseIterable {
  /// A brief impulse, like a tap. Its length is set by the signal model, not by the pattern.
  case hapticTransient = "HapticTransient"
  /// A sustained vibration with an envelope; needs `EventDuration` when sustained.
  case hapticContinuous = "HapticContinuous"
  /// A generated tone with the same envelope rules as `hapticContinuous`.
  case audioContinuous = "AudioContinuous"
  /// A waveform file, named by `EventWaveformPath`, played as it is.
  case audioCustom = "AudioCustom"

  /// `true` for the two haptic types, which sound on the haptic bus.
  @inlinable
  public var isHaptic: Bool { self == .hapticTransient || self == .hapticContinuous }

  /// `true` for the two audio types, which sound on the audio bus: every type not haptic.
  @inlinable
  package var isAudio: Bool { !isHaptic }

  /// `true` for the types that have an attack/decay/release envelope and a duration.
  @inlinable
  public var isContinuous: Bool { self == .hapticContinuous || self == .audioContinuous }
}
