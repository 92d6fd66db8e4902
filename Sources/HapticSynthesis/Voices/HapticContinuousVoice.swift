import HapticModel
import HapticSupport

/// A `HapticContinuous` event: one sine oscillator whose frequency follows the effective
/// sharpness and whose amplitude follows the effective intensity times the envelope.
///
/// Invariants: the phase runs on the pattern clock (``CarrierPhase``): at the onset it is what
/// the carrier would have reached from frame 0, and it advances every frame by `f(S(t)) / fs`
/// in Double, so frequency changes never make the waveform jump and voices of one sharpness
/// are in phase. At a constant sharpness the sine of frame `n` comes from a ``RotatingSine``
/// at `f / fs` turns per frame; under a sharpness control the phase is accumulated frame by
/// frame from its closed-form value at the onset.
package struct HapticContinuousVoice: Sendable {
  package let onsetFrame: Int
  package let endFrame: Int
  package var intensity: ParameterTrack
  package var sharpness: ParameterTrack
  /// Applied to the effective intensity before the amplitude law.
  package let intensityScale: Double
  package let envelope: Envelope
  /// The envelope when a control changes its times while the event sounds (then used instead
  /// of `envelope`); boxed, as most events have none.
  private var follower: CopyOnWrite<EnvelopeFollower>?
  package let profile: SignalProfile
  package let sampleRate: Double
  /// Current phase in turns, 0 ..< 1 (under a sharpness control).
  private var phase = 0.0
  /// The oscillator at a constant sharpness.
  private var oscillator: RotatingSine?

  package init(
    onsetFrame: Int, event: Event, envelope: Envelope, controls: Controls, options: RenderOptions
  ) {
    self.onsetFrame = onsetFrame
    sampleRate = Double(options.sampleRate)
    intensity = ParameterTrack(.hapticIntensity, of: event, controls: controls)
    sharpness = ParameterTrack(.hapticSharpness, of: event, controls: controls)
    intensityScale = options.intensityScale
    self.envelope = envelope
    let follower: EnvelopeFollower?
    (follower, endFrame) = EnvelopeFollower.follow(
      event, envelope: envelope, controls: controls, onsetFrame: onsetFrame, sampleRate: sampleRate)
    self.follower = follower.map(CopyOnWrite.init)
    profile = options.profile
    if sharpness.isConstant {
      oscillator = RotatingSine(
        increment: profile.frequency(sharpness: sharpness.base) * (1 / sampleRate), startingAt: onsetFrame)
    } else {
      let map = CarrierPhase.FrequencyMap.linear(
        intercept: profile.minimumFrequency, slope: profile.maximumFrequency - profile.minimumFrequency)
      phase = CarrierPhase.phase(at: onsetFrame, of: sharpness, map: map, secondsPerFrame: 1 / sampleRate)
    }
  }

  /// Frames computed per pass: the first passes follow the envelope and the controls frame by
  /// frame and fill the sines (by rotation, or from the accumulated phase four at a time); the
  /// last adds their products to the bus.
  private static let chunk = 256

  package mutating func render(_ frames: Range<Int>, into buses: inout Buses) {
    let secondsPerFrame = 1 / sampleRate
    let start = buses.startFrame
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * Self.chunk) { scratch in
      let sines = scratch.baseAddress!
      let levels = sines + Self.chunk
      buses.haptic.withUnsafeMutableBufferPointer { output in
        var first = frames.lowerBound
        while first < frames.upperBound {
          let count = min(Self.chunk, frames.upperBound - first)
          intensity.fill(levels, from: first, count: count, secondsPerFrame: secondsPerFrame)
          let holding =
            follower == nil
            && envelope.holds(
              from: Double(first - onsetFrame) * secondsPerFrame,
              to: Double(first + count - 1 - onsetFrame) * secondsPerFrame)
          if var follower = follower?.value {
            for index in 0..<count {
              levels[index] = profile.amplitude(intensity: levels[index] * intensityScale) * follower.next()
            }
            self.follower?.value = follower
          } else if holding, profile.amplitudeExponent == 2 {
            // The level is amplitude × 1: the same bits as the general path below.
            var index = 0
            while index + 4 <= count {
              let scaled = UnsafeRawPointer(levels + index).loadUnaligned(as: SIMD4<Double>.self) * intensityScale
              UnsafeMutableRawPointer(levels + index).storeBytes(of: scaled * scaled, as: SIMD4<Double>.self)
              index += 4
            }
            while index < count {
              let scaled = levels[index] * intensityScale
              levels[index] = scaled * scaled
              index += 1
            }
          } else {
            for index in 0..<count {
              levels[index] =
                profile.amplitude(intensity: levels[index] * intensityScale)
                * envelope.level(at: Double(first + index - onsetFrame) * secondsPerFrame)
            }
          }
          if oscillator != nil {
            oscillator?.fill(sines, from: first, count: count)
          } else {
            for index in 0..<count {
              sines[index] = phase
              let time = Double(first + index) * secondsPerFrame
              phase += profile.frequency(sharpness: sharpness.next(at: time)) * secondsPerFrame
              if phase >= 1 { phase -= 1 }
            }
            var index = 0
            while index + 4 <= count {
              let phase4 = UnsafeRawPointer(sines + index).loadUnaligned(as: SIMD4<Double>.self)
              UnsafeMutableRawPointer(sines + index).storeBytes(of: Sine.of(unitTurns: phase4), as: SIMD4<Double>.self)
              index += 4
            }
            while index < count {
              sines[index] = Sine.of(unitTurns: sines[index])
              index += 1
            }
          }
          // Unchecked: the output holds every frame of the block.
          assert(first >= start && first - start + count <= output.count, "frames outside the block")
          Buses.addProducts(levels, sines, count: count, to: output.baseAddress! + (first - start))
          first += count
        }
      }
    }
  }
}
