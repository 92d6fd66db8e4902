/// A `HapticTransient`: whole cycles of a sine at a fixed frequency and amplitude, from phase 0.
package struct TransientVoice: Sendable {
  package let onsetFrame: Int
  package let endFrame: Int
  /// Linear amplitude.
  package let amplitude: Double
  /// Carrier frequency divided by the sample rate, in turns per frame.
  package let increment: Double

  package init(onsetFrame: Int, amplitude: Double, frequency: Double, cycles: Int, sampleRate: Double) {
    self.onsetFrame = onsetFrame
    self.amplitude = amplitude
    increment = frequency / sampleRate
    endFrame = onsetFrame + max(Int((Double(cycles) * sampleRate / frequency).rounded()), 1)
  }

  /// Adds the voice's samples for `frames` (inside its span) to the buses; `sine` is the
  /// voice's oscillator, `RotatingSine(increment: increment)` at the onset.
  package func render(_ frames: Range<Int>, with sine: inout RotatingSine, into buses: inout Buses) {
    let start = buses.startFrame
    buses.haptic.withUnsafeMutableBufferPointer { output in
      // Unchecked: `frames` lies inside the block, so every index is below its capacity.
      assert(frames.lowerBound >= start && frames.upperBound - start <= output.count, "frames outside the block")
      sine.add(
        amplitude, to: output.baseAddress! + (frames.lowerBound - start), from: frames.lowerBound - onsetFrame,
        count: frames.count)
    }
  }
}
