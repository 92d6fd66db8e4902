/// Constant-power stereo gains for a pan position of −1 (left) … 1 (right):
/// `left = cos((pan + 1)·π/4)`, `right = sin((pan + 1)·π/4)`.
///
/// Invariants: `left² + right² = 1`; pan −1 gives a right gain of exactly 0, pan 1 a left gain
/// of exactly 0, and pan 0 two equal gains (−3.01 dB).
package struct Pan: Sendable {
  package let left: Double
  package let right: Double

  package init(_ pan: Double) {
    let turns = (min(max(pan, -1), 1) + 1) / 8
    left = Sine.of(turns: 0.25 - turns)
    right = Sine.of(turns: turns)
  }
}
