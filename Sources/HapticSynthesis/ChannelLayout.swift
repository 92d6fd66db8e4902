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

  /// The layout `auto` stands for with `pattern`; other layouts are returned as they are.
  public func resolved(for pattern: Pattern) -> ChannelLayout {
    resolved(for: [pattern])
  }

  /// The layout for patterns rendered side by side: `auto` is stereo when any has audio events.
  public func resolved(for patterns: [Pattern]) -> ChannelLayout {
    guard self == .auto else { return self }
    return patterns.contains(where: \.hasAudioEvents) ? .stereo : .haptic
  }

  /// Number of output channels (`auto` must be resolved first).
  public var channelCount: Int {
    switch self {
    case .haptic, .mono: 1
    case .audio, .stereo, .auto: 2
    case .quad: 4
    }
  }
}
