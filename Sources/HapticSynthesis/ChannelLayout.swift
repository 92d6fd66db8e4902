import HapticModel

/// How the haptic bus `H` and the audio buses `L`, `R` become output channels.
public enum ChannelLayout: String, Sendable, CaseIterable, Codable {
  /// `haptic` when the pattern has no audio events, else `stereo`.
  case auto
  /// One channel: `H`, for a voice-coil or LRA amplifier.
  case haptic
  /// Two channels: `L`, `R`.
  case audio
  /// Two channels: `L + H`, `R + H`.
  case stereo
  /// One channel: `H + (L + R) / 2`.
  case mono
  /// Four channels: `L`, `R`, `H`, `H`, as audio-driven game-controller haptics expect.
  case quad
  /// Sony's DualSense over USB: the `quad` channels (`L`, `R`, `H`, `H`) its audio interface
  /// takes at 48 kHz, the rear pair driving the two voice-coil actuators (docs/android.md §5).
  case dualsense
  /// Android's audio-coupled haptics: `android-mono` when the pattern has no audio events, else
  /// `android-stereo`; the haptic channel comes last, where Android's Ogg reader takes it.
  case android
  /// Two channels: `(L + R) / 2`, `H` (silence then the haptic bus for a haptic-only pattern).
  case androidMono = "android-mono"
  /// Three channels: `L`, `R`, `H`.
  case androidStereo = "android-stereo"

  /// The layout `auto` stands for with `pattern`; other layouts are returned as they are.
  public func resolved(for pattern: Pattern) -> ChannelLayout {
    resolved(for: [pattern])
  }

  /// The layout for patterns rendered side by side: `auto` is stereo when any has audio events.
  public func resolved(for patterns: [Pattern]) -> ChannelLayout {
    resolved(hasAudioEvents: patterns.contains(where: \.hasAudioEvents))
  }

  /// The layout `auto` and `android` stand for with patterns that have audio events or not.
  package func resolved(hasAudioEvents: Bool) -> ChannelLayout {
    switch self {
    case .auto: return hasAudioEvents ? .stereo : .haptic
    case .android: return hasAudioEvents ? .androidStereo : .androidMono
    default: return self
    }
  }

  /// Number of output channels (`auto` and `android` must be resolved first).
  public var channelCount: Int {
    switch self {
    case .haptic, .mono: 1
    case .audio, .stereo, .auto, .androidMono, .android: 2
    case .androidStereo: 3
    case .quad, .dualsense: 4
    }
  }
}
