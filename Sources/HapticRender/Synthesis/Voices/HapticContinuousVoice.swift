/// A `HapticContinuous` event: one sine oscillator whose frequency follows the effective
/// sharpness and whose amplitude follows the effective intensity times the envelope.
///
/// Invariants: the phase starts at 0 at the onset and advances every frame by `f(S(t)) / fs`
/// in Double, so frequency changes never make the waveform jump. At a constant sharpness the
/// phase of frame `n` is computed directly as `(n − onset) · f / fs` (the same sum, rounded
/// once); under a sharpness control it is accumulated frame by frame.
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

  /// Frames computed per pass: the first pass follows the phase, the envelope and the
  /// controls frame by frame; the second evaluates the sines, which do not depend on each other
  /// and so run at the processor's full throughput.
  private static let chunk = 256

  mutating func render(_ frames: Range<Int>, into buses: inout Buses) {
    let secondsPerFrame = 1 / sampleRate
    let constantIncrement = profile.frequency(sharpness: sharpness.base) * secondsPerFrame
    let start = buses.startFrame
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * Self.chunk) { scratch in
      let phases = scratch.baseAddress!
      let levels = phases + Self.chunk
      buses.haptic.withUnsafeMutableBufferPointer { output in
        var first = frames.lowerBound
        while first < frames.upperBound {
          let count = min(Self.chunk, frames.upperBound - first)
          intensity.fill(levels, from: first, count: count, secondsPerFrame: secondsPerFrame)
          let holding = envelope.holds(
            from: Double(first - onsetFrame) * secondsPerFrame,
            to: Double(first + count - 1 - onsetFrame) * secondsPerFrame)
          if holding, profile.amplitudeExponent == 2 {
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
          if sharpness.isConstant {
            // Frame n sounds phase (n − onset) · f / fs: the sum of the per-frame advances,
            // computed in one rounding and without a chain from frame to frame.
            let lanes = SIMD4<Double>(0, 1, 2, 3)
            var index = 0
            while index + 4 <= count {
              let elapsed = SIMD4<Double>(repeating: Double(first + index - onsetFrame)) + lanes
              let turns = Sine.fraction(elapsed * constantIncrement)
              UnsafeMutableRawPointer(phases + index).storeBytes(of: turns, as: SIMD4<Double>.self)
              index += 4
            }
            while index < count {
              let elapsed = SIMD4<Double>(repeating: Double(first + index - onsetFrame)) + lanes
              phases[index] = Sine.fraction(elapsed * constantIncrement)[0]
              index += 1
            }
          } else {
            for index in 0..<count {
              phases[index] = phase
              let time = Double(first + index) * secondsPerFrame
              phase += profile.frequency(sharpness: sharpness.next(at: time)) * secondsPerFrame
              if phase >= 1 { phase -= 1 }
            }
          }
          // Unchecked: `index + 3 < count ≤ chunk` and the output holds every frame of the block.
          let out = UnsafeMutableRawPointer(output.baseAddress! + (first - start))
          var index = 0
          while index + 4 <= count {
            let phase4 = UnsafeRawPointer(phases + index).loadUnaligned(as: SIMD4<Double>.self)
            let level4 = UnsafeRawPointer(levels + index).loadUnaligned(as: SIMD4<Double>.self)
            let sum =
              out.loadUnaligned(fromByteOffset: index * 4, as: SIMD4<Float>.self)
              + SIMD4<Float>(level4 * Sine.of(unitTurns: phase4))
            out.storeBytes(of: sum, toByteOffset: index * 4, as: SIMD4<Float>.self)
            index += 4
          }
          while index < count {
            output[first - start + index] += Float(levels[index] * Sine.of(unitTurns: phases[index]))
            index += 1
          }
          first += count
        }
      }
    }
  }
}
