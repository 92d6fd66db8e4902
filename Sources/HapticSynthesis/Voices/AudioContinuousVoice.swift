import HapticModel
import HapticSupport

/// An `AudioContinuous` event: a tone of fundamental `440 · 2^pitch` Hz with odd partials
/// weighted by brightness, scaled by volume and the envelope, panned with constant power.
///
/// Waveform: `sin θ + Σ_{k=3,5,7} (B^((k−1)/2) / k) · sin kθ`; partials at or above
/// `0.45 · fs` are left out. The fundamental's phase runs on the pattern clock
/// (``CarrierPhase``), so tones of one pitch are in phase wherever they overlap.
package struct AudioContinuousVoice: Sendable {
  package let onsetFrame: Int
  package let endFrame: Int
  package var volume: ParameterTrack
  package var pitch: ParameterTrack
  package var pan: ParameterTrack
  package var brightness: ParameterTrack
  package let envelope: Envelope
  /// The envelope when a control changes its times while the event sounds (then used instead
  /// of `envelope`); boxed, as most events have none.
  private var follower: CopyOnWrite<EnvelopeFollower>?
  package let sampleRate: Double
  /// Current phase of the fundamental in turns, 0 ..< 1.
  private var phase = 0.0

  package init(onsetFrame: Int, event: Event, envelope: Envelope, controls: Controls, sampleRate: Double) {
    self.onsetFrame = onsetFrame
    volume = ParameterTrack(.audioVolume, of: event, controls: controls)
    pitch = ParameterTrack(.audioPitch, of: event, controls: controls)
    pan = ParameterTrack(.audioPan, of: event, controls: controls)
    brightness = ParameterTrack(.audioBrightness, of: event, controls: controls)
    self.envelope = envelope
    self.sampleRate = sampleRate
    let follower: EnvelopeFollower?
    (follower, endFrame) = EnvelopeFollower.follow(
      event, envelope: envelope, controls: controls, onsetFrame: onsetFrame, sampleRate: sampleRate)
    self.follower = follower.map(CopyOnWrite.init)
    phase = CarrierPhase.phase(
      at: onsetFrame, of: pitch, map: .exponential(scale: Self.a4), secondsPerFrame: 1 / sampleRate)
  }

  /// The fundamental at pitch 0, in Hz.
  private static let a4 = 440.0

  /// Fundamental frequency in Hz for a pitch of −1 … 1.
  package static func fundamental(pitch: Double) -> Double {
    a4 * PortableMath.exp2(pitch)
  }

  package mutating func render(_ frames: Range<Int>, into buses: inout Buses) {
    let nyquistLimit = 0.45 * sampleRate
    // What does not change over time is computed once per block, with the same arithmetic.
    let constantFrequency = pitch.isConstant ? Self.fundamental(pitch: pitch.base) : nil
    let constantGains = pan.isConstant ? Pan(pan.base) : nil
    for frame in frames {
      let time = Double(frame) / sampleRate
      let brightness = brightness.next(at: time)
      let frequency = constantFrequency ?? Self.fundamental(pitch: pitch.next(at: time))
      var tone = Sine.of(turns: phase)
      var weight = 1.0
      for harmonic in stride(from: 3, through: 7, by: 2) {
        weight *= brightness
        guard Double(harmonic) * frequency < nyquistLimit else { break }
        tone += weight / Double(harmonic) * Sine.of(turns: phase * Double(harmonic))
      }
      let envelopeLevel = follower?.value.next() ?? envelope.level(atFrame: frame - onsetFrame)
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
