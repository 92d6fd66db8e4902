/// A `HapticContinuous` event: one sine oscillator whose frequency follows the effective
/// sharpness and whose amplitude follows the effective intensity times the envelope.
///
/// Invariants: the phase starts at 0 at the onset and is advanced every frame by
/// `f(S(t)) / fs` in Double, so frequency changes never make the waveform jump.
struct HapticContinuousVoice: Sendable {
  let onsetFrame: Int
  let endFrame: Int
  var intensity: ParameterTrack
  var sharpness: ParameterTrack
  /// Applied to the effective intensity before the amplitude law.
  let intensityScale: Double
  let envelope: Envelope
  let profile: SignalProfile
  let sampleRate: Double
  /// Current phase in turns, 0 ..< 1.
  private var phase = 0.0

  init(
    onsetFrame: Int, event: Event, envelope: Envelope, controls: Controls, options: RenderOptions
  ) {
    self.onsetFrame = onsetFrame
    sampleRate = Double(options.sampleRate)
    endFrame = onsetFrame + Int((envelope.end * sampleRate).rounded(.up))
    intensity = ParameterTrack(.hapticIntensity, of: event, controls: controls)
    sharpness = ParameterTrack(.hapticSharpness, of: event, controls: controls)
    intensityScale = options.intensityScale
    self.envelope = envelope
    profile = options.profile
  }

  mutating func render(_ frames: Range<Int>, into buses: inout Buses) {
    let secondsPerFrame = 1 / sampleRate
    let constantIncrement = profile.frequency(sharpness: sharpness.base) * secondsPerFrame
    let start = buses.startFrame
    buses.haptic.withUnsafeMutableBufferPointer { output in
      for frame in frames {
        let time = Double(frame) * secondsPerFrame
        let level = profile.amplitude(intensity: intensity.next(at: time) * intensityScale)
          * envelope.level(at: Double(frame - onsetFrame) * secondsPerFrame)
        output[frame - start] += Float(level * Sine.of(unitTurns: phase))
        phase += sharpness.isConstant
          ? constantIncrement : profile.frequency(sharpness: sharpness.next(at: time)) * secondsPerFrame
        if phase >= 1 { phase -= 1 }
      }
    }
  }
}
