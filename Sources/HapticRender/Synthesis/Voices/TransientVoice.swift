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

  /// Adds the voice's samples for `frames` (inside its span) to the buses; `sine` is the
  /// voice's oscillator, `RotatingSine(increment: increment)` at the onset.
  func render(_ frames: Range<Int>, with sine: inout RotatingSine, into buses: inout Buses) {
    let start = buses.startFrame
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * Self.chunk) { scratch in
      let sines = scratch.baseAddress!
      let levels = sines + Self.chunk
      levels.initialize(repeating: amplitude, count: min(Self.chunk, frames.count))
      buses.haptic.withUnsafeMutableBufferPointer { output in
        var first = frames.lowerBound
        while first < frames.upperBound {
          let count = min(Self.chunk, frames.upperBound - first)
          sine.fill(sines, from: first - onsetFrame, count: count)
          // Unchecked: `first + count` lies inside the block, so every index is below its capacity.
          Buses.addProducts(levels, sines, count: count, to: output.baseAddress! + (first - start))
          first += count
        }
      }
    }
  }

  /// Frames computed per pass over the scratch buffer of sines.
  private static let chunk = 256
}
