import HapticSupport

/// Writes the drive of a control step from the drive envelopes of the steps around it, each held
/// over its step and then smoothed by a raised cosine (a Hann window) a quarter of a period of f0
/// on each side: the drive is `Re(V(t)·e^(iω0t))`, `V` the envelopes so smoothed
/// (docs/actuators.md §2.2).
///
/// Held envelopes switch at the steps' edges: a push that turns to braking jumps by up to twice
/// the drive in one sample and spreads energy far above f0, which the actuator passes on as a
/// tick. Smoothed, a change of the envelope takes half a period, so the drive's energy stays
/// near f0 and its steps between samples stay far below those of a sine at 3·f0 (the figures
/// are in the docs). The smoothing weights are a partition of unity and never negative:
/// `|V(t)|` is at most the largest envelope, so the drive's true peak (between samples too) is
/// within the envelopes' bound.
///
/// The output fades in from 0 over a raised cosine of half a period: a drive that the pattern
/// asks for at its first frame starts from 0.
///
/// Invariants: deterministic; a step's frames depend on the envelopes of the ``reach`` steps
/// before it and after it only, so the drive is ``reach`` steps later than the envelopes.
struct SmoothModulator: Sendable {
  /// Steps on each side of a step whose envelopes it mixes: 1 or 2 (the window's half-width,
  /// a quarter of a period, is at most a step and 3 frames).
  let reach: Int
  private let stepFrames: Int
  /// `weights[i·stepFrames + j]`: the weight of the envelope `i − reach` steps away in frame `j`.
  let weights: [Double]
  /// The last `2·reach + 1` envelopes, the oldest at `index`.
  private var envelopes: [ComplexSample]
  private var index = 0
  /// The phasor of the step being written.
  private var phasor: ResonancePhasor
  /// The raised cosine of the output's fade-in, over half a period.
  private let fadeIn: [Float]

  /// - Parameters:
  ///   - stepFrames: Frames in a control step.
  ///   - periodFrames: Frames in a period of f0; the window spans half of one.
  ///   - frequency, sampleRate: f0 and fs, in Hz.
  ///   - firstStep: The step of the first envelope pushed (negative before the first frame).
  init(stepFrames: Int, periodFrames: Double, frequency: Double, sampleRate: Int, firstStep: Int) {
    self.stepFrames = stepFrames
    let half = max(1, Int((periodFrames / 4).rounded()))
    reach = (half + stepFrames - 1) / stepFrames
    // A discrete Hann window over `±half` frames, normalised to a sum of 1.
    let window = (-half...half).map { 0.5 + 0.5 * Sine.precise(turns: Double($0) / Double(2 * half)).cosine }
    let total = window.reduce(0, +)
    var weights = [Double](repeating: 0, count: (2 * reach + 1) * stepFrames)
    for frame in 0..<stepFrames {
      for (offset, value) in window.enumerated() {
        // The held envelope at `frame − shift` belongs to the step `floor((frame − shift)/s)`.
        let shift = offset - half
        let difference = frame - shift
        let step = difference >= 0 ? difference / stepFrames : -((-difference + stepFrames - 1) / stepFrames)
        weights[(step + reach) * stepFrames + frame] += value / total
      }
    }
    self.weights = weights
    envelopes = Array(repeating: .zero, count: 2 * reach + 1)
    phasor = ResonancePhasor(
      frequency: frequency, sampleRate: sampleRate, framesPerStep: stepFrames, firstStep: firstStep - reach)
    fadeIn = (0..<(2 * half)).map { Float(0.5 - 0.5 * Sine.precise(turns: Double($0) / Double(4 * half)).cosine) }
  }

  /// The envelope `offset − reach` steps from the step last written (`offset` in
  /// `0...2·reach`), or, before ``push(_:carrier:into:)`` writes it, the `offset`-th oldest.
  @inline(__always)
  func envelope(_ offset: Int) -> ComplexSample { envelopes[(index + offset) % envelopes.count] }

  /// Whether every envelope it holds is 0: the steps it writes are 0 until one that is not is
  /// pushed.
  var isSilent: Bool { envelopes.allSatisfy { $0 == .zero } }

  /// Takes the envelope of the newest step and writes the drive of the step ``reach`` before it;
  /// `carrier` holds `cos(ω0·j/fs)` and `sin(ω0·j/fs)` for the frames `j` of a step. Returns
  /// the phasor of the step written, its index (a step before the first frame, never played,
  /// is written as zeros) and whether the fade-in changed it.
  @inline(__always)
  mutating func push(
    _ envelope: ComplexSample, carrier: (cosines: UnsafePointer<Double>, sines: UnsafePointer<Double>),
    into drive: UnsafeMutablePointer<Float>
  ) -> (phasor: ComplexSample, step: Int, isFaded: Bool) {
    let written = (phasor: phasor.value, step: phasor.step, isFaded: phasor.step * stepFrames < fadeIn.count)
    envelopes[index] = envelope
    index = index + 1 == envelopes.count ? 0 : index + 1
    let rotation = phasor.value.conjugate
    phasor.advance()
    guard written.step >= 0 else {
      drive.update(repeating: 0, count: stepFrames)
      return written
    }
    // The envelopes in the frame of the step's first frame, oldest first.
    var bases = SIMD8<Double>()  // `2·reach + 1` ≤ 5 of them
    var imaginaries = SIMD8<Double>()
    for offset in 0..<envelopes.count {
      let base = envelopes[(index + offset) % envelopes.count] * rotation
      bases[offset] = base.real
      imaginaries[offset] = base.imaginary
    }
    weights.withUnsafeBufferPointer { weights in
      for frame in 0..<stepFrames {
        var real = 0.0
        var imaginary = 0.0
        for offset in 0..<envelopes.count {
          let weight = weights[offset * stepFrames + frame]
          real += weight * bases[offset]
          imaginary += weight * imaginaries[offset]
        }
        drive[frame] = Float(real * carrier.cosines[frame] - imaginary * carrier.sines[frame])
      }
    }
    let start = written.step * stepFrames
    for frame in 0..<max(0, min(stepFrames, fadeIn.count - start)) { drive[frame] *= fadeIn[start + frame] }
    return written
  }

  /// Takes `count` envelopes of 0 while ``isSilent``: what pushing them does.
  mutating func skipSilence(_ count: Int) {
    index = (index + count) % envelopes.count
    phasor.advance(by: count)
  }
}
