/// A voice while it sounds: the scheduled ``Voice`` unboxed, with the state it changes as it
/// renders (phase, oscillator, control positions).
enum SoundingVoice: Sendable {
  case transient(TransientVoice, RotatingSine)
  case hapticContinuous(HapticContinuousVoice)
  case audioContinuous(AudioContinuousVoice)
  case audioCustom(AudioCustomVoice)

  /// The voice at its onset.
  init(_ voice: Voice) {
    switch voice {
    case .transient(let voice): self = .transient(voice, RotatingSine(increment: voice.increment))
    case .hapticContinuous(let voice): self = .hapticContinuous(voice)
    case .audioContinuous(let voice): self = .audioContinuous(voice)
    case .audioCustom(let voice): self = .audioCustom(voice)
    }
  }

  /// First frame the voice writes.
  var onsetFrame: Int {
    switch self {
    case .transient(let voice, _): voice.onsetFrame
    case .hapticContinuous(let voice): voice.onsetFrame
    case .audioContinuous(let voice): voice.onsetFrame
    case .audioCustom(let voice): voice.onsetFrame
    }
  }

  /// Frame after the last one the voice writes.
  var endFrame: Int {
    switch self {
    case .transient(let voice, _): voice.endFrame
    case .hapticContinuous(let voice): voice.endFrame
    case .audioContinuous(let voice): voice.endFrame
    case .audioCustom(let voice): voice.endFrame
    }
  }

  /// Adds the voice's samples for `frames` (inside its span) to the buses.
  mutating func render(_ frames: Range<Int>, into buses: inout Buses) {
    switch self {
    case .transient(let voice, var sine):
      voice.render(frames, with: &sine, into: &buses)
      self = .transient(voice, sine)
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
