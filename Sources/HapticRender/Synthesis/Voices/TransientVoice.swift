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
    for frame in frames {
      let sample = amplitude * Sine.of(turns: Double(frame - onsetFrame) * increment)
      buses.haptic[frame - buses.startFrame] += Float(sample)
    }
  }
}
