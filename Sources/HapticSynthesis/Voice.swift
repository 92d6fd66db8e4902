/// One event as scheduled, ready to sound: its frames and what it plays.
///
/// Continuous and custom voices are boxed, so that a schedule of many transients stays small
/// (40 bytes a voice instead of the largest voice's 600); a voice that starts sounding becomes
/// a ``SoundingVoice``, unboxed and with its oscillator.
package enum Voice: Sendable {
  case transient(TransientVoice)
  indirect case hapticContinuous(HapticContinuousVoice)
  indirect case audioContinuous(AudioContinuousVoice)
  indirect case audioCustom(AudioCustomVoice)

  /// First frame the voice writes.
  package var onsetFrame: Int {
    switch self {
    case .transient(let voice): voice.onsetFrame
    case .hapticContinuous(let voice): voice.onsetFrame
    case .audioContinuous(let voice): voice.onsetFrame
    case .audioCustom(let voice): voice.onsetFrame
    }
  }

  /// Frame after the last one the voice writes.
  package var endFrame: Int {
    switch self {
    case .transient(let voice): voice.endFrame
    case .hapticContinuous(let voice): voice.endFrame
    case .audioContinuous(let voice): voice.endFrame
    case .audioCustom(let voice): voice.endFrame
    }
  }

  /// Starts a haptic voice's carrier at `turns` at its onset instead of on the pattern clock
  /// (``PhaseAlignment``); an audio voice is left as it is.
  package mutating func start(atPhase turns: Double) {
    switch self {
    case .transient(var voice):
      voice.start(atPhase: turns)
      self = .transient(voice)
    case .hapticContinuous(var voice):
      voice.start(atPhase: turns)
      self = .hapticContinuous(voice)
    case .audioContinuous, .audioCustom:
      break
    }
  }

  /// Puts a haptic voice's carrier back on the pattern clock (undoes ``start(atPhase:)``).
  package mutating func startOnPatternClock() {
    switch self {
    case .transient(var voice) where voice.phaseOffset != 0:
      voice.phaseOffset = 0
      self = .transient(voice)
    case .hapticContinuous(var voice) where voice.phaseOffset != 0:
      voice.start(atPhase: voice.clockPhase)
      self = .hapticContinuous(voice)
    default:
      break
    }
  }
}
