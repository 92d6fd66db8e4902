/// A `HapticContinuous` event: one sine oscillator whose frequency follows the effective
/// sharpness and whose amplitude follows the effective intensity times the envelope.
///
/// Invariants: the phase starts at 0 at the onset and is advanced every frame by
/// `f(S(t)) / fs` in Double, so frequency changes never make the waveform jump.
struct HapticContinuousVoice: Sendable {
  let onsetFrame: Int
  let endFrame: Int
  let intensity: Double
  let sharpness: Double
  /// Applied to the effective intensity before the amplitude law.
  let intensityScale: Double
  let intensityControl: ControlTimeline
  let sharpnessControl: ControlTimeline
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
    intensity = event.value(of: .hapticIntensity)
    sharpness = event.value(of: .hapticSharpness)
    intensityScale = options.intensityScale
    intensityControl = controls[.hapticIntensityControl]
    sharpnessControl = controls[.hapticSharpnessControl]
    self.envelope = envelope
    profile = options.profile
  }

  mutating func render(_ frames: Range<Int>, into buses: inout Buses) {
    for frame in frames {
      let time = Double(frame) / sampleRate
      let effectiveIntensity = DynamicParameterID.hapticIntensityControl.combine(
        event: intensity, control: intensityControl.value(at: time))
      let effectiveSharpness = DynamicParameterID.hapticSharpnessControl.combine(
        event: sharpness, control: sharpnessControl.value(at: time))
      let level = profile.amplitude(intensity: effectiveIntensity * intensityScale)
        * envelope.level(at: Double(frame - onsetFrame) / sampleRate)
      buses.haptic[frame - buses.startFrame] += Float(level * Sine.of(turns: phase))
      phase += profile.frequency(sharpness: effectiveSharpness) / sampleRate
      if phase >= 1 { phase -= 1 }
    }
  }
}
