/// `e^(−iω0·k/fs)` at the frames `k = n·s` that begin the control steps `n` of `s` frames:
/// the frame of reference in which the actuator's envelopes are complex numbers that stand
/// still at f0.
///
/// It is advanced by one complex product per step and set to its exact value every 1,024
/// steps, so its value at a step depends on the step only (not on where blocks begin), and its
/// error stays below 1e-13.
package struct ResonancePhasor: Sendable {
  private let turnsPerFrame: Double
  private let framesPerStep: Int
  private let rotation: ComplexSample
  /// The phasor at the beginning of step ``step``.
  package private(set) var value: ComplexSample
  /// The index of the current step.
  package private(set) var step: Int

  /// - Parameters:
  ///   - frequency: f0 in Hz.
  ///   - sampleRate: fs in Hz.
  ///   - framesPerStep: `s`, ≥ 1.
  ///   - firstStep: The step to begin at; negative for steps before the first frame.
  package init(frequency: Double, sampleRate: Int, framesPerStep: Int, firstStep: Int = 0) {
    turnsPerFrame = -frequency / Double(sampleRate)
    self.framesPerStep = framesPerStep
    rotation = ComplexSample.unit(turns: turnsPerFrame * Double(framesPerStep))
    step = firstStep
    value = ComplexSample.unit(turns: turnsPerFrame * Double(firstStep * framesPerStep))
  }

  /// Moves on to the next step.
  @inline(__always)
  package mutating func advance() {
    step += 1
    if step & 1_023 == 0 {
      value = ComplexSample.unit(turns: turnsPerFrame * Double(step * framesPerStep))
    } else {
      value = value * rotation
    }
  }

  /// Moves on `count` steps (≥ 0) to the value that `count` calls of ``advance()`` give, bit
  /// for bit: from the last exact value at or after the current step, at most 1,023 products.
  package mutating func advance(by count: Int) {
    let target = step + count
    let exact = target & ~1_023
    if exact > step {
      step = exact
      value = ComplexSample.unit(turns: turnsPerFrame * Double(step * framesPerStep))
    }
    while step < target { advance() }
  }
}
