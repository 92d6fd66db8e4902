/// A ``Resonator`` moved on a control step at a time by a drive `Re(U·e^(iω0t))` of constant
/// envelope `U` (ω0 the controller's frequency, which need not be the resonator's), or a frame
/// at a time where the drive is clipped.
///
/// Over a step of `s` frames from the phasor `ρ = e^(−iω0·n0)`, `q` moves to
/// `pˢ·q + (r/2)·(U·conj(ρ)·G₊ + conj(U)·ρ·G₋)`, `G± = Σⱼ p^(s−1−j)·e^(±iω0j)`.
///
/// The drive written is the envelopes smoothed across steps (``SmoothModulator``): over a
/// step, each envelope `i` around it weighs `wᵢ(j)` in frame `j`, and `q` moves to
/// `pˢ·q + (r/2)·Σᵢ (Uᵢ·conj(ρ)·G₊ᵢ + conj(Uᵢ)·ρ·G₋ᵢ)`, `G±ᵢ = Σⱼ p^(s−1−j)·wᵢ(j)·e^(±iω0j)`.
struct SteppedResonator: Sendable {
  var resonator: Resonator
  /// `pˢ`, `r·G₊` and `r·G₋`.
  let poleStep: ComplexSample
  let positiveGain: ComplexSample
  let negativeGain: ComplexSample
  /// `r·G₊ᵢ` and `r·G₋ᵢ` of the smoothed envelopes, oldest first.
  let smoothedGains: [(positive: ComplexSample, negative: ComplexSample)]

  /// - Parameters:
  ///   - carrier: `(cos, sin)` of `ω0·j/fs` for the frames `j` of a step.
  ///   - smoothing: ``SmoothModulator/weights``: `wᵢ(j)` at `i·s + j`.
  init(
    _ model: ActuatorModel, sampleRate: Int, carrier: [(sine: Double, cosine: Double)], smoothing: [Double]
  ) {
    resonator = Resonator(model, sampleRate: sampleRate)
    var positive = ComplexSample.zero
    var negative = ComplexSample.zero
    let count = carrier.count
    var smoothed = [(positive: ComplexSample, negative: ComplexSample)](
      repeating: (.zero, .zero), count: smoothing.count / count)
    var power = ComplexSample(1, 0)
    for frame in carrier.indices.reversed() {
      let turn = ComplexSample(carrier[frame].cosine, carrier[frame].sine)
      positive = positive + power * turn
      negative = negative + power * turn.conjugate
      for index in smoothed.indices {
        let weight = smoothing[index * count + frame]
        smoothed[index].positive = smoothed[index].positive + power * turn * weight
        smoothed[index].negative = smoothed[index].negative + power * turn.conjugate * weight
      }
      power = power * resonator.pole
    }
    poleStep = power
    positiveGain = resonator.residue * positive
    negativeGain = resonator.residue * negative
    let residue = resonator.residue
    smoothedGains = smoothed.map { (residue * $0.positive, residue * $0.negative) }
  }

  /// Moves the mode over the step of the drive whose modulator's bases
  /// (``SmoothModulator/withBases(_:)``) are `reals` and `imaginaries`.
  @inline(__always)
  mutating func advance(reals: UnsafeBufferPointer<Double>, imaginaries: UnsafeBufferPointer<Double>) {
    var input = ComplexSample.zero
    for index in smoothedGains.indices {
      let base = ComplexSample(reals[index], imaginaries[index])
      input = input + smoothedGains[index].positive * base + smoothedGains[index].negative * base.conjugate
    }
    resonator.advance(poleStep: poleStep, input: input * 0.5)
  }

  /// What a step of the envelope `drive` from the phasor `phasor` adds to `q`.
  @inline(__always)
  private func input(_ drive: ComplexSample, phasor: ComplexSample) -> ComplexSample {
    (positiveGain * drive * phasor.conjugate + negativeGain * drive.conjugate * phasor) * 0.5
  }

  /// The mode at the beginning of the step that `modulator` writes next but ``SmoothModulator/reach``
  /// (the step being decided), from this one at the beginning of the step it writes next: the
  /// envelopes decided since, held over their steps (their smoothing is not known until the
  /// envelopes after them are). `phasor`: that of the step being decided; `rotation`: how the
  /// phasor turns over a step.
  @inline(__always)
  func predicted(over modulator: SmoothModulator, phasor: ComplexSample, rotation: ComplexSample) -> Resonator {
    var model = resonator
    var stepPhasor = phasor
    for _ in 0..<modulator.reach { stepPhasor = stepPhasor * rotation.conjugate }
    for offset in (modulator.reach + 1)...(2 * modulator.reach) {
      model.advance(poleStep: poleStep, input: input(modulator.envelope(offset), phasor: stepPhasor))
      stepPhasor = stepPhasor * rotation
    }
    return model
  }
}
