/// A `HapticTransient`: whole cycles of a sine at a fixed frequency and amplitude, with its
/// phase on the pattern clock (``CarrierPhase``), faded in and out over a quarter period so
/// that its first sample is 0 and no step is heard (docs/signal-model.md §3.5).
package struct TransientVoice: Sendable {
  package let onsetFrame: Int
  package let endFrame: Int
  /// Linear amplitude: the peak, reached in the unfaded middle.
  package let amplitude: Double
  /// Carrier frequency divided by the sample rate, in turns per frame.
  package let increment: Double

  /// The frames after the onset that fade in: those less than a quarter period in,
  /// `0 ..< fadeInEnd`.
  private let fadeInEnd: Int32
  /// The first frame after the onset that fades out: the first more than `length − ¼ period`.
  private let fadeOutStart: Int32

  package init(onsetFrame: Int, amplitude: Double, frequency: Double, cycles: Int, sampleRate: Double) {
    self.onsetFrame = onsetFrame
    self.amplitude = amplitude
    increment = frequency / sampleRate
    let length = max(Int((Double(cycles) * sampleRate / frequency).rounded()), 1)
    endFrame = onsetFrame + length
    let quarter = 0.25 / increment
    let fadeInEnd = min(Int(quarter.rounded(.up)), length)
    self.fadeInEnd = Int32(fadeInEnd)
    fadeOutStart = Int32(max(Int((Double(length) - quarter).rounded(.down)) + 1, fadeInEnd))
  }

  /// Adds the voice's samples for `frames` (inside its span) to the buses; `sine` is the
  /// voice's oscillator, `RotatingSine(increment: increment, startingAt: onsetFrame)`, read at
  /// absolute frames, in order.
  package func render(_ frames: Range<Int>, with sine: inout RotatingSine, into buses: inout Buses) {
    let start = buses.startFrame
    let (fadeIn, fadeOut) = (onsetFrame + Int(fadeInEnd), onsetFrame + Int(fadeOutStart))
    let fadingIn = frames.clamped(to: onsetFrame..<fadeIn)
    let fadingOut = frames.clamped(to: fadeOut..<endFrame)
    buses.withHapticBus(scratch: 2 * max(fadingIn.count, fadingOut.count)) { output, scratch in
      // Unchecked: `frames` lies inside the block, so every index is below its capacity.
      assert(frames.lowerBound >= start && frames.upperBound - start <= output.count)
      let base = output.baseAddress! - start
      let middle = frames.clamped(to: fadeIn..<fadeOut)
      addFaded(fadingIn, with: &sine, to: base, scratch: scratch)
      if !middle.isEmpty {
        sine.add(amplitude, to: base + middle.lowerBound, from: middle.lowerBound, count: middle.count)
      }
      addFaded(fadingOut, with: &sine, to: base, scratch: scratch)
    }
  }

  /// Adds the frames of a fade: the sine times `amplitude · w`, `w = sin²(2π · d · increment)`
  /// where `d` is the frame's distance in frames from the nearer end of the transient. The
  /// window's sines follow `s(d + 1) = 2·cos(2π·increment)·s(d) − s(d − 1)` from `s(0) = 0`:
  /// one exact sine and cosine per fade instead of one per frame.
  ///
  /// - Parameter scratch: Room for `2 · frames.count` values.
  private func addFaded(
    _ frames: Range<Int>, with sine: inout RotatingSine, to output: UnsafeMutablePointer<Float>,
    scratch: UnsafeMutablePointer<Double>
  ) {
    guard !frames.isEmpty else { return }
    let isFadeIn = frames.lowerBound < onsetFrame + Int(fadeInEnd)
    // Distances in increasing order: from the onset in a fade-in, back from the end in a fade-out.
    let nearest = isFadeIn ? frames.lowerBound - onsetFrame : endFrame - (frames.upperBound - 1)
    let sines = scratch
    let windows = sines + frames.count
    sine.fill(sines, from: frames.lowerBound, count: frames.count)
    let (first, cosine) = Sine.precise(turns: increment)
    var (previous, current) = (-first, 0.0)  // s(−1), s(0)
    for distance in 0..<nearest + frames.count {
      if distance >= nearest { windows[distance - nearest] = current }
      (previous, current) = (current, 2 * cosine * current - previous)
    }
    for index in 0..<frames.count {
      let w = windows[isFadeIn ? index : frames.count - 1 - index]
      output[frames.lowerBound + index] += Float(amplitude * (w * w) * sines[index])
    }
  }
}
