import HapticSupport

/// A voice while it sounds: the scheduled ``Voice`` unboxed, with the state it changes as it
/// renders (phase, oscillator, control positions).
package struct SoundingVoice: Sendable {
  /// First frame the voice writes.
  package let onsetFrame: Int
  /// Frame after the last one the voice writes.
  package let endFrame: Int
  private var sound: Sound

  /// What the voice plays. A transient, by far the commonest and the shortest, is held in
  /// place (240 bytes); the other kinds by reference, so that a sounding voice takes 256 bytes,
  /// not the 1,152 of a tone, wherever the renderer makes, moves or drops one.
  private enum Sound: Sendable {
    case transient(TransientVoice, RotatingSine)
    case hapticContinuous(CopyOnWrite<HapticContinuousVoice>)
    case audioContinuous(CopyOnWrite<AudioContinuousTone>)
    case audioCustom(CopyOnWrite<AudioCustomVoice>)
    /// Held while a voice held by reference renders: its box then has no other reference, and
    /// changes in place instead of being copied.
    case rendering
  }

  /// The voice at its onset, following `controls` (the pattern's, ``Schedule/controls``).
  package init(_ voice: borrowing Voice, controls: borrowing Controls) {
    onsetFrame = voice.onsetFrame
    endFrame = voice.endFrame
    sound =
      switch voice {
      case .transient(let voice):
        .transient(
          voice, RotatingSine(increment: voice.increment, startingAt: voice.onsetFrame, offset: voice.phaseOffset))
      case .hapticContinuous(let voice): .hapticContinuous(CopyOnWrite(voice))
      case .audioContinuous(let voice):
        .audioContinuous(CopyOnWrite(AudioContinuousTone(voice, controls: copy controls)))
      case .audioCustom(let voice): .audioCustom(CopyOnWrite(voice))
      }
  }

  /// Whether the voice's samples from any frame on are the same whether or not it rendered the
  /// frames before (its sines read at absolute frames, its levels computed in closed form):
  /// ``Renderer/skip(to:)`` then starts it there.
  package var startsAnywhere: Bool {
    switch sound {
    case .transient: true
    case .hapticContinuous(let voice): voice.value.startsAnywhere
    case .audioContinuous, .audioCustom, .rendering: false
    }
  }

  /// Adds the voice's samples for `frames` (inside its span) to the buses.
  package mutating func render(_ frames: Range<Int>, into buses: inout Buses) {
    switch sound {
    case .transient(let voice, var sine):
      voice.render(frames, with: &sine, into: &buses)
      sound = .transient(voice, sine)
    case .hapticContinuous(var voice):
      sound = .rendering
      voice.value.render(frames, into: &buses)
      sound = .hapticContinuous(voice)
    case .audioContinuous(var voice):
      sound = .rendering
      voice.value.render(frames, into: &buses)
      sound = .audioContinuous(voice)
    case .audioCustom(var voice):
      sound = .rendering
      voice.value.render(frames, into: &buses)
      sound = .audioCustom(voice)
    case .rendering:
      preconditionFailure("a voice rendered while it renders")
    }
  }
}
