import HapticSupport

/// The discrete-time ``ActuatorModel``: from the drive, sample by sample, the acceleration.
///
/// The filter is a biquad built so that it matches the continuous model where it matters
/// (docs/actuators.md §1.2):
/// - its poles are those of the continuous resonator mapped exactly, `z = e^(pT)`, so the free
///   ringing has the model's frequency and decay at every rate;
/// - its numerator has a zero at 0 Hz (a constant drive only displaces the mass) and makes the
///   response at f0 exactly the continuous one, `i/ratedDrive`.
///
/// Elsewhere it differs from the continuous response by less than 1 % of full scale for the
/// band 0 … 2·f0 at 1 kHz and by less than 0.2 % over the whole band from 4 kHz on (for `lra`).
///
/// It runs in modal form: a complex mode `q` with `q ← p·q + r·u` and acceleration
/// `b0·u + 2·Re(q)`, which gives the controller the mode's phasor for free.
///
/// Invariants: deterministic (basic IEEE operations and the project's portable sine and exp).
package struct Resonator: Sendable {
  /// The pole `e^(pT)`.
  package let pole: ComplexSample
  /// The residue of the mode: `q ← pole·q + residue·u`.
  package let residue: ComplexSample
  /// The direct term `b0`: the part of the acceleration that follows the drive at once.
  package let direct: Double
  /// The response at f0 of the acceleration to a drive `Re(U·e^(iω0t))`: `i/ratedDrive`.
  package let responseAtResonance: ComplexSample
  /// The mode `q`; the resonant part of the acceleration is `2·Re(q)`.
  package internal(set) var mode = ComplexSample.zero

  /// The pole of `model`'s mode at `sampleRate`, `e^(pT)`: its decay `σ = ω0/(2Q)` and its
  /// damped frequency `f0·√(1 − 1/(4Q²))`.
  static func pole(of model: ActuatorModel, sampleRate: Int) -> ComplexSample {
    let period = 1 / Double(sampleRate)
    let q = model.qualityFactor
    let decay = Double.pi * model.resonance / q  // σ, in 1/s
    let ringing = model.resonance * (1 - 1 / (4 * q * q)).squareRoot()  // Hz
    return ComplexSample.unit(turns: ringing * period) * PortableMath.exp(-decay * period)
  }

  /// - Precondition: `model` is valid at `sampleRate` (``ActuatorModel/validate(sampleRate:isDriven:)``).
  package init(_ model: ActuatorModel, sampleRate: Int) {
    let period = 1 / Double(sampleRate)
    pole = Self.pole(of: model, sampleRate: sampleRate)
    let a1 = -2 * pole.real
    let a2 = pole.magnitudeSquared
    // The continuous response at f0 is i/ratedDrive; the numerator b0 + b1·w + b2·w² (w = e^(−iω0T))
    // must equal it times the denominator there, with b0 + b1 + b2 = 0 (no response at 0 Hz).
    responseAtResonance = ComplexSample(0, 1 / model.ratedDrive)
    let w = ComplexSample.unit(turns: -model.resonance * period)
    let w2 = w * w
    let target = responseAtResonance * (ComplexSample(1, 0) + w * a1 + w2 * a2)
    let a = w - ComplexSample(1, 0)
    let b = w2 - ComplexSample(1, 0)
    let determinant = a.real * b.imaginary - b.real * a.imaginary
    let b1 = (target.real * b.imaginary - b.real * target.imaginary) / determinant
    let b2 = (a.real * target.imaginary - target.real * a.imaginary) / determinant
    let b0 = -b1 - b2
    direct = b0
    // Partial fractions of the rest: (c1·z⁻¹ + c2·z⁻²)/den = r·z⁻¹/(1 − p·z⁻¹) + conjugate.
    let c1 = b1 - b0 * a1
    let c2 = b2 - b0 * a2
    let residueReal = c1 / 2
    residue = ComplexSample(residueReal, (-c2 / 2 - residueReal * pole.real) / pole.imaginary)
  }

  /// The acceleration at this sample for the drive `drive`, and the mode moved on one sample.
  @inline(__always)
  package mutating func step(_ drive: Double) -> Double {
    let acceleration = direct * drive + 2 * mode.real
    mode = pole * mode + residue * drive
    return acceleration
  }

  /// Moves the mode on over several samples at once: `q ← poleStep·q + input`, `poleStep` the
  /// pole to the power of their count and `input` the sum of the drive's contributions (for a
  /// drive known in closed form, such as a sine of constant envelope).
  @inline(__always)
  package mutating func advance(poleStep: ComplexSample, input: ComplexSample) {
    mode = poleStep * mode + input
  }

  /// Sets the mode to rest when it is below `floor` in magnitude (so that a long silence ends in
  /// exact zeros, and the controller can skip it).
  package mutating func settle(below floor: Double) {
    if mode.magnitudeSquared < floor * floor { mode = .zero }
  }
}
