import HapticModel

/// An ``AudioContinuousVoice`` while it sounds: its parameter tracks, made from the pattern's
/// controls at its onset, and the fundamental's phase.
package struct AudioContinuousTone: Sendable {
  private let voice: AudioContinuousVoice
  private var volume: ParameterTrack
  private var pitch: ParameterTrack
  private var pan: ParameterTrack
  private var brightness: ParameterTrack
  private var follower: EnvelopeFollower?
  /// Current phase of the fundamental in turns, 0 ..< 1.
  private var phase: Double

  package init(_ voice: AudioContinuousVoice, controls: Controls) {
    self.voice = voice
    func track(_ parameter: ParameterID, _ base: Double) -> ParameterTrack {
      ParameterTrack(parameter, base: base, of: .audioContinuous, controls: controls)
    }
    volume = track(.audioVolume, voice.values.volume)
    pitch = track(.audioPitch, voice.values.pitch)
    pan = track(.audioPan, voice.values.pan)
    brightness = track(.audioBrightness, voice.values.brightness)
    follower = voice.follower?.value
    phase = voice.onsetPhase
  }

  package mutating func render(_ frames: Range<Int>, into buses: inout Buses) {
    let (sampleRate, onsetFrame, envelope) = (voice.sampleRate, voice.onsetFrame, voice.envelope)
    let nyquistLimit = 0.45 * sampleRate
    // What does not change over time is computed once per block, with the same arithmetic.
    let constantFrequency = pitch.isConstant ? AudioContinuousVoice.fundamental(pitch: pitch.base) : nil
    let constantGains = pan.isConstant ? Pan(pan.base) : nil
    for frame in frames {
      let time = Double(frame) / sampleRate
      let brightness = brightness.next(at: time)
      let frequency = constantFrequency ?? AudioContinuousVoice.fundamental(pitch: pitch.next(at: time))
      // The fundamental and the 3rd, 5th and 7th harmonics' sines at once; the harmonics at or
      // above 0.45·fs are left out.
      let sines = Sine.of(turns: SIMD4(phase, phase * 3, phase * 5, phase * 7))
      var tone = sines[0]
      var weight = 1.0
      for lane in 1...3 {
        let harmonic = Double(2 * lane + 1)
        weight *= brightness
        guard harmonic * frequency < nyquistLimit else { break }
        tone += weight / harmonic * sines[lane]
      }
      let envelopeLevel = follower?.next() ?? envelope.level(atFrame: frame - onsetFrame)
      let level = volume.next(at: time) * envelopeLevel
      let gains = constantGains ?? Pan(pan.next(at: time))
      let index = frame - buses.startFrame
      buses.left[index] += Float(level * tone * gains.left)
      buses.right[index] += Float(level * tone * gains.right)
      phase += frequency / sampleRate
      if phase >= 1 { phase -= 1 }
    }
  }
}
