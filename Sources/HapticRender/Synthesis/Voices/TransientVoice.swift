/// A `HapticTransient`: whole cycles of a sine at a fixed frequency and amplitude, from phase 0.
struct TransientVoice: Sendable {
  let onsetFrame: Int
  let endFrame: Int
  /// Linear amplitude.
  let amplitude: Double
  /// Carrier frequency divided by the sample rate, in turns per frame.
  let increment: Double

  init(onsetFrame: Int, amplitude: Double, frequency: Double, cycles: Int, sampleRate: Double) {
    self.onsetFrame = onsetFrame
    self.amplitude = amplitude
    increment = frequency / sampleRate
    endFrame = onsetFrame + max(Int((Double(cycles) * sampleRate / frequency).rounded()), 1)
  }

  func render(_ frames: Range<Int>, into buses: inout Buses) {
    let start = buses.startFrame
    let lanes = SIMD4<Double>(0, 1, 2, 3)
    buses.haptic.withUnsafeMutableBufferPointer { output in
      // Unchecked: `frames` lies inside the block, so every index is below its capacity.
      let out = UnsafeMutableRawPointer(output.baseAddress! + (frames.lowerBound - start))
      var frame = frames.lowerBound
      while frame + 4 <= frames.upperBound {
        let turns = (SIMD4<Double>(repeating: Double(frame - onsetFrame)) + lanes) * increment
        let offset = (frame - frames.lowerBound) * 4
        let sum =
          out.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
          + SIMD4<Float>(amplitude * Sine.of(unitTurns: Sine.fraction(turns)))
        out.storeBytes(of: sum, toByteOffset: offset, as: SIMD4<Float>.self)
        frame += 4
      }
      while frame < frames.upperBound {
        output[frame - start] += Float(amplitude * Sine.of(turns: Double(frame - onsetFrame) * increment))
        frame += 1
      }
    }
  }
}
