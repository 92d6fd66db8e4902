import HapticModel
import HapticSupport

/// An `AudioContinuous` event: a tone of fundamental `440 · 2^pitch` Hz with odd partials
/// weighted by brightness, scaled by volume and the envelope, panned with constant power.
///
/// Waveform: `sin θ + Σ_{k=3,5,7} (B^((k−1)/2) / k) · sin kθ`; partials at or above
/// `0.45 · fs` are left out.
package struct AudioContinuousVoice: Sendable {
  package let onsetFrame: Int
  package let endFrame: Int
  package var volume: ParameterTrack
  package var pitch: ParameterTrack
  package var pan: ParameterTrack
  package var brightness: ParameterTrack
  package let envelope: Envelope
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
    endFrame = onsetFrame + Int((envelope.end * sampleRate).rounded(.up))
  }

  /// Fundamental frequency in Hz for a pitch of −1 … 1.
  package static func fundamental(pitch: Double) -> Double {
    440 * PortableMath.exp2(pitch)
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
      let level = volume.next(at: time) * envelope.level(at: Double(frame - onsetFrame) / sampleRate)
      let gains = constantGains ?? Pan(pan.next(at: time))
      let index = frame - buses.startFrame
      buses.left[index] += Float(level * tone * gains.left)
      buses.right[index] += Float(level * tone * gains.right)
      phase += frequency / sampleRate
      if phase >= 1 { phase -= 1 }
    }
  }
}
