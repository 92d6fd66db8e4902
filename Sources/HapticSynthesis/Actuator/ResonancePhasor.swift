/// `e^(−iω0·k/fs)` for the frame index `k = 0, 1, 2, …`: the frame of reference in which the
/// actuator's envelopes are complex numbers that stand still at f0.
///
/// It is advanced by one complex product per frame and set to its exact value every 1,024
/// frames, so its value at a frame depends on the frame only (not on where blocks begin), and
/// its error stays below 1e-13.
package struct ResonancePhasor: Sendable {
  private let turnsPerFrame: Double
  private let rotation: ComplexSample
  /// The phasor at ``frame``.
  package private(set) var value = ComplexSample(1, 0)
  /// The frame index of ``value``.
  package private(set) var frame = 0

  /// - Parameters:
  ///   - frequency: f0 in Hz.
  ///   - sampleRate: fs in Hz.
  package init(frequency: Double, sampleRate: Int) {
    turnsPerFrame = -frequency / Double(sampleRate)
    rotation = ComplexSample.unit(turns: turnsPerFrame)
  }

  /// Moves on to the next frame.
  @inline(__always)
  package mutating func advance() {
    frame += 1
    if frame & 1_023 == 0 {
      value = ComplexSample.unit(turns: turnsPerFrame * Double(frame))
    } else {
      value = value * rotation
    }
  }

  /// Moves on `count` frames (≥ 0) to the value that `count` calls of ``advance()`` give, bit
  /// for bit: from the last exact value at or after the current frame, at most 1,023 products.
  package mutating func advance(by count: Int) {
    let target = frame + count
    let exact = target & ~1_023
    if exact > frame {
      frame = exact
      value = ComplexSample.unit(turns: turnsPerFrame * Double(frame))
    }
    while frame < target { advance() }
  }
}
