/// One sounding event, ready to render: its frames and its own state (such as phase).
///
/// Continuous and custom voices are boxed, so that a schedule of many transients stays small
/// (40 bytes a voice instead of the largest voice's 600).
enum Voice: Sendable {
  case transient(TransientVoice)
  indirect case hapticContinuous(HapticContinuousVoice)
  indirect case audioContinuous(AudioContinuousVoice)
  indirect case audioCustom(AudioCustomVoice)

  /// First frame the voice writes.
  var onsetFrame: Int {
    switch self {
    case .transient(let voice): voice.onsetFrame
    case .hapticContinuous(let voice): voice.onsetFrame
    case .audioContinuous(let voice): voice.onsetFrame
    case .audioCustom(let voice): voice.onsetFrame
    }
  }

  /// Frame after the last one the voice writes.
  var endFrame: Int {
    switch self {
    case .transient(let voice): voice.endFrame
    case .hapticContinuous(let voice): voice.endFrame
    case .audioContinuous(let voice): voice.endFrame
    case .audioCustom(let voice): voice.endFrame
    }
  }

  /// Adds the voice's samples for `frames` (inside its span) to the buses.
  mutating func render(_ frames: Range<Int>, into buses: inout Buses) {
    switch self {
    case .transient(let voice):
      voice.render(frames, into: &buses)
    case .hapticContinuous(var voice):
      voice.render(frames, into: &buses)
      self = .hapticContinuous(voice)
    case .audioContinuous(var voice):
      voice.render(frames, into: &buses)
      self = .audioContinuous(voice)
    case .audioCustom(var voice):
      voice.render(frames, into: &buses)
      self = .audioCustom(voice)
    }
  }
}
