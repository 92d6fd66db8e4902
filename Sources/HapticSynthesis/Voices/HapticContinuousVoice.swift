import HapticModel
import HapticSupport

/// A `HapticContinuous` event: one sine oscillator whose frequency follows the effective
/// sharpness and whose amplitude follows the effective intensity times the envelope.
///
/// Invariants: the phase at frame `n` is the pattern clock's (``CarrierPhase``: what the carrier
/// would have reached from frame 0) plus ``phaseOffset``, which ``PhaseAlignment`` sets so that
/// the voice starts in phase with the strongest continuous voice sounding at its onset; it
/// advances every frame by `f(S(t)) / fs` in Double, so frequency changes never make the
/// waveform jump. At a constant sharpness the sine of frame `n` comes from a ``RotatingSine``
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
  /// The carrier's phase less the pattern clock's, in turns, 0 ..< 1.
  package private(set) var phaseOffset = 0.0

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
      phase = CarrierPhase.phase(at: onsetFrame, of: sharpness, map: frequencyMap, secondsPerFrame: 1 / sampleRate)
    }
  }

  /// How the sharpness gives the carrier frequency.
  private var frequencyMap: CarrierPhase.FrequencyMap {
    .linear(intercept: profile.minimumFrequency, slope: profile.maximumFrequency - profile.minimumFrequency)
  }

  /// The pattern clock's phase at the onset, in turns, 0 ..< 1. Read before the voice renders.
  package var clockPhase: Double {
    guard let oscillator else {
      let clock = phase - phaseOffset
      return clock - clock.rounded(.down)
    }
    return CarrierPhase.phase(at: onsetFrame, increment: oscillator.increment)
  }

  /// Starts the carrier at `turns` at the onset instead of on the pattern clock. Called before
  /// the voice renders.
  package mutating func start(atPhase turns: Double) {
    let offset = turns - clockPhase
    phaseOffset = offset - offset.rounded(.down)
    if let oscillator {
      self.oscillator = RotatingSine(increment: oscillator.increment, startingAt: onsetFrame, offset: phaseOffset)
    } else {
      phase = turns - turns.rounded(.down)
    }
  }

  /// The carrier's phase at `frame` (at or after the onset), in turns, 0 ..< 1: the pattern
  /// clock summed from `clock`, a frame at or before it whose clock is known, plus
  /// ``phaseOffset``. Gives the clock at `frame` too, to sum from there next time.
  package func carrierPhase(atFrame frame: Int, clock: inout (frame: Int, phase: Double)) -> Double {
    if let oscillator {
      clock = (frame, CarrierPhase.phase(at: frame, increment: oscillator.increment))
    } else {
      if clock.frame > frame { clock = (0, 0) }
      clock = (
        frame,
        CarrierPhase.phase(
          at: frame, of: sharpness, map: frequencyMap, secondsPerFrame: 1 / sampleRate, from: clock)
      )
    }
    let turns = clock.phase + phaseOffset
    return turns - turns.rounded(.down)
  }

  /// Whether the voice renders from any frame as it would having rendered the frames before:
  /// at a constant sharpness (its sines by rotation at absolute frames) with an envelope in
  /// closed form.
  package var startsAnywhere: Bool { oscillator != nil && follower == nil }

  /// The largest level the voice reaches: the amplitude of its largest effective intensity.
  package var levelBound: Double { profile.amplitude(intensity: intensity.maximum * intensityScale) }

  /// The amplitude when neither the intensity nor the envelope's times change while the voice
  /// sounds (its level is then this times ``envelope``'s); `nil` otherwise.
  package var constantAmplitude: Double? {
    intensity.isConstant && follower == nil ? profile.amplitude(intensity: intensity.base * intensityScale) : nil
  }

  /// What the voice multiplies its carrier by at `frame` (at or after the frames asked before):
  /// the amplitude of the effective intensity times the envelope.
  package mutating func level(atFrame frame: Int) -> Double {
    let intensity = intensity.value(at: Double(frame) * (1 / sampleRate))
    let envelopeLevel =
      follower?.value.level(atFrame: frame - onsetFrame) ?? envelope.level(atFrame: frame - onsetFrame)
    return profile.amplitude(intensity: intensity * intensityScale) * envelopeLevel
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
          let holding = follower == nil && envelope.holds((first - onsetFrame)...(first + count - 1 - onsetFrame))
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
                * envelope.level(atFrame: first + index - onsetFrame)
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
