/// A `HapticTransient`: whole cycles of a sine at a fixed frequency and amplitude, faded in
/// and out over a quarter period so that its first sample is 0 and no step is heard; a
/// `HapticDecayTimeControl` above 0 at the onset lengthens the fade-out by the law of every
/// envelope time, `2^(8d)` (docs/signal-model.md §3.5). Its phase at the onset is set by
/// ``PhaseAlignment``: the strongest continuous haptic voice's, or the pattern clock's.
package struct TransientVoice: Sendable {
  package let onsetFrame: Int
  package let endFrame: Int
  /// Linear amplitude: the peak, reached in the unfaded middle.
  package let amplitude: Double
  /// Carrier frequency divided by the sample rate, in turns per frame.
  package let increment: Double
  /// The carrier's phase at frame 0, in turns: its phase is `n · increment + phaseOffset` at
  /// frame `n` (0 on the pattern clock).
  package var phaseOffset = 0.0
  /// A fade-out that a decay control lengthens to `F = q · 2^(8d)`: `w = cos²((π/2) · (k −
  /// stretchedFadeOrigin) / stretchedFadeFrames)` at frame `k` after the onset. The origin is
  /// `L − q · fs`, where the fade starts; the length `F · fs` is 0 for the quarter-period fade.
  private let stretchedFadeOrigin: Double
  private let stretchedFadeFrames: Double

  /// The frames after the onset that fade in: those less than a quarter period in,
  /// `0 ..< fadeInEnd`.
  private let fadeInEnd: Int32
  /// The first frame after the onset that fades out: the first more than `length − ¼ period`.
  private let fadeOutStart: Int32

  /// - Parameter fadeStretch: How many times longer than a quarter period the fade-out lasts,
  ///   `2^(8d)` for a decay control `d` (1 for none), ≥ 1.
  package init(
    onsetFrame: Int, amplitude: Double, frequency: Double, cycles: Int, fadeStretch: Double = 1, sampleRate: Double
  ) {
    self.onsetFrame = onsetFrame
    self.amplitude = amplitude
    increment = frequency / sampleRate
    let length = max(Int((Double(cycles) * sampleRate / frequency).rounded()), 1)
    let quarter = 0.25 / increment
    let fadeInEnd = min(Int(quarter.rounded(.up)), length)
    self.fadeInEnd = Int32(fadeInEnd)
    fadeOutStart = Int32(max(Int((Double(length) - quarter).rounded(.down)) + 1, fadeInEnd))
    stretchedFadeOrigin = Double(length) - quarter
    stretchedFadeFrames = fadeStretch > 1 ? quarter * fadeStretch : 0
    endFrame = onsetFrame + length + (fadeStretch > 1 ? Int((quarter * (fadeStretch - 1)).rounded()) : 0)
  }

  /// Starts the carrier at `turns` at the onset instead of on the pattern clock.
  package mutating func start(atPhase turns: Double) {
    let offset = turns - CarrierPhase.phase(at: onsetFrame, increment: increment)
    phaseOffset = offset - offset.rounded(.down)
  }

  /// Adds the voice's samples for `frames` (inside its span) to the buses; `sine` is the
  /// voice's oscillator, `RotatingSine(increment: increment, startingAt: onsetFrame, offset:
  /// phaseOffset)`, read at absolute frames, in order.
  package func render(_ frames: Range<Int>, with sine: inout RotatingSine, into buses: inout Buses) {
    let start = buses.startFrame
    let (fadeIn, fadeOut) = (onsetFrame + Int(fadeInEnd), onsetFrame + Int(fadeOutStart))
    let fadingIn = frames.clamped(to: onsetFrame..<fadeIn)
    let fadingOut = frames.clamped(to: fadeOut..<endFrame)
    // Distances from the nearer end: below `fadeInEnd` in the fade-in, at most `endFrame −
    // fadeOut` in a quarter-period fade-out (a lengthened one has windows of its own).
    let windows = buses.fadeWindows.squares(
      increment: increment, count: max(Int(fadeInEnd), stretchedFadeFrames > 0 ? 0 : endFrame - fadeOut + 1))
    buses.withHapticBus(scratch: 2 * max(fadingIn.count, fadingOut.count)) { output, scratch in
      // Unchecked: `frames` lies inside the block, so every index is below its capacity.
      assert(frames.lowerBound >= start && frames.upperBound - start <= output.count)
      let base = output.baseAddress! - start
      let middle = frames.clamped(to: fadeIn..<fadeOut)
      windows.withUnsafeBufferPointer { windows in
        addFaded(fadingIn, with: &sine, to: base, windows: windows.baseAddress!, scratch: scratch)
      }
      if !middle.isEmpty {
        sine.add(amplitude, to: base + middle.lowerBound, from: middle.lowerBound, count: middle.count)
      }
      if stretchedFadeFrames > 0 {
        addStretched(fadingOut, with: &sine, to: base, scratch: scratch)
      } else {
        windows.withUnsafeBufferPointer { windows in
          addFaded(fadingOut, with: &sine, to: base, windows: windows.baseAddress!, scratch: scratch)
        }
      }
    }
  }

  /// Adds the frames of a lengthened fade-out: the sine times `amplitude · w`, the window's
  /// cosines from a ``RotatingSine`` of their own.
  ///
  /// - Parameter scratch: Room for `2 · frames.count` values.
  private func addStretched(
    _ frames: Range<Int>, with sine: inout RotatingSine, to output: UnsafeMutablePointer<Float>,
    scratch: UnsafeMutablePointer<Double>
  ) {
    guard !frames.isEmpty else { return }
    let sines = scratch
    let windows = sines + frames.count
    sine.fill(sines, from: frames.lowerBound, count: frames.count)
    // cos(2π · x) = sin(2π · (x + ¼)), x = (k − origin) / (4 · frames) for frame k after the onset.
    let step = 1 / (4 * stretchedFadeFrames)
    var window = RotatingSine(
      increment: step, startingAt: frames.lowerBound - onsetFrame, offset: 0.25 - stretchedFadeOrigin * step)
    window.fill(windows, from: frames.lowerBound - onsetFrame, count: frames.count)
    for index in 0..<frames.count {
      let w = windows[index]
      output[frames.lowerBound + index] += Float(amplitude * (w * w) * sines[index])
    }
  }

  /// Adds the frames of a fade: the sine times `amplitude · w²`, `w = sin(2π · d · increment)`
  /// where `d` is the frame's distance in frames from the nearer end of the transient (from the
  /// onset in a fade-in, back from `endFrame` in a fade-out).
  ///
  /// - Parameters:
  ///   - windows: `w²` by distance (``FadeWindows``), for every distance of `frames`.
  ///   - scratch: Room for `frames.count` values.
  private func addFaded(
    _ frames: Range<Int>, with sine: inout RotatingSine, to output: UnsafeMutablePointer<Float>,
    windows: UnsafePointer<Double>, scratch: UnsafeMutablePointer<Double>
  ) {
    guard !frames.isEmpty else { return }
    let sines = scratch
    sine.fill(sines, from: frames.lowerBound, count: frames.count)
    let out = output + frames.lowerBound
    if frames.lowerBound < onsetFrame + Int(fadeInEnd) {
      let first = windows + (frames.lowerBound - onsetFrame)
      for index in 0..<frames.count { out[index] += Float(amplitude * first[index] * sines[index]) }
    } else {
      let first = windows + (endFrame - frames.lowerBound)
      for index in 0..<frames.count { out[index] += Float(amplitude * first[-index] * sines[index]) }
    }
  }
}
