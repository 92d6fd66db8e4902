/// A ``Resonator`` moved on a control step at a time by a drive `Re(U·e^(iω0t))` of constant
/// envelope `U` (ω0 the controller's frequency, which need not be the resonator's), or a frame
/// at a time where the drive is clipped.
///
/// Over a step of `s` frames from the phasor `ρ = e^(−iω0·n0)`, `q` moves to
/// `pˢ·q + (r/2)·(U·conj(ρ)·G₊ + conj(U)·ρ·G₋)`, `G± = Σⱼ p^(s−1−j)·e^(±iω0j)`.
struct SteppedResonator: Sendable {
  var resonator: Resonator
  /// `pˢ`, `r·G₊` and `r·G₋`.
  let poleStep: ComplexSample
  let positiveGain: ComplexSample
  let negativeGain: ComplexSample

  /// - Parameter carrier: `(cos, sin)` of `ω0·j/fs` for the frames `j` of a step.
  init(_ model: ActuatorModel, sampleRate: Int, carrier: [(sine: Double, cosine: Double)]) {
    resonator = Resonator(model, sampleRate: sampleRate)
    var positive = ComplexSample.zero
    var negative = ComplexSample.zero
    var power = ComplexSample(1, 0)
    for frame in carrier.indices.reversed() {
      let turn = ComplexSample(carrier[frame].cosine, carrier[frame].sine)
      positive = positive + power * turn
      negative = negative + power * turn.conjugate
      power = power * resonator.pole
    }
    poleStep = power
    positiveGain = resonator.residue * positive
    negativeGain = resonator.residue * negative
  }

  /// Moves the mode over a step of the envelope `drive` that begins at the phasor `phasor`.
  @inline(__always)
  mutating func advance(_ drive: ComplexSample, phasor: ComplexSample) {
    resonator.advance(
      poleStep: poleStep,
      input: (positiveGain * drive * phasor.conjugate + negativeGain * drive.conjugate * phasor) * 0.5)
  }
}
