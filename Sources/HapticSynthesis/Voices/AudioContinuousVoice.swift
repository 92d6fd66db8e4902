import HapticModel
import HapticSupport

/// An `AudioContinuous` event as scheduled: a tone of fundamental `440 · 2^pitch` Hz with odd
/// partials weighted by brightness, scaled by volume and the envelope, panned with constant
/// power.
///
/// Waveform: `sin θ + Σ_{k=3,5,7} (B^((k−1)/2) / k) · sin kθ`; partials at or above
/// `0.45 · fs` are left out. The fundamental's phase runs on the pattern clock
/// (``CarrierPhase``), so tones of one pitch are in phase wherever they overlap.
///
/// The voice keeps what the event sets (its four values, the envelope, the onset's phase), one
/// schedule entry per event; the parameter tracks it follows while it sounds are made when it
/// starts (``AudioContinuousTone``).
package struct AudioContinuousVoice: Sendable {
  package let onsetFrame: Int
  package let endFrame: Int
  /// The event's own values of the parameters the tone follows.
  package let values: (volume: Double, pitch: Double, pan: Double, brightness: Double)
  package let envelope: Envelope
  /// The envelope when a control changes its times while the event sounds (then used instead
  /// of `envelope`); boxed, as most events have none.
  package let follower: CopyOnWrite<EnvelopeFollower>?
  package let sampleRate: Double
  /// The fundamental's phase at the onset on the pattern clock, in turns, 0 ..< 1.
  package let onsetPhase: Double

  package init(onsetFrame: Int, event: Event, envelope: Envelope, controls: Controls, sampleRate: Double) {
    self.onsetFrame = onsetFrame
    values = (
      event.value(of: .audioVolume), event.value(of: .audioPitch), event.value(of: .audioPan),
      event.value(of: .audioBrightness)
    )
    self.envelope = envelope
    self.sampleRate = sampleRate
    let follower: EnvelopeFollower?
    (follower, endFrame) = EnvelopeFollower.follow(
      event, envelope: envelope, controls: controls, onsetFrame: onsetFrame, sampleRate: sampleRate)
    self.follower = follower.map(CopyOnWrite.init)
    onsetPhase = CarrierPhase.phase(
      at: onsetFrame, of: ParameterTrack(.audioPitch, of: event, controls: controls),
      map: .exponential(scale: Self.a4), secondsPerFrame: 1 / sampleRate)
  }

  /// The fundamental at pitch 0, in Hz.
  package static let a4 = 440.0

  /// Fundamental frequency in Hz for a pitch of −1 … 1.
  package static func fundamental(pitch: Double) -> Double {
    a4 * PortableMath.exp2(pitch)
  }
}
