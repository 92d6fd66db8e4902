import HapticSupport

/// The drive of a wideband voice coil (docs/actuators.md §8.1): the target through a stable,
/// regularised inverse of the actuator's acceleration response.
///
/// The model's acceleration per drive is `k·s²/(s² + (ω0/Q)·s + ω0²)`, `k = 1/(Q·ratedDrive)`
/// (``ActuatorModel``). Its exact inverse grows as `1/ω²` below the resonance without bound; the
/// drive replaces the inverse's double pole at 0 Hz with a Butterworth pair at `ωl`, half the
/// usable band's lower edge:
///
///     drive = target · Q·ratedDrive · (s² + (ω0/Q)·s + ω0²) / (s² + √2·ωl·s + ωl²)
///
/// so that the acceleration is the target through a second-order Butterworth high-pass at `ωl`:
/// flat within 3 % from the band's lower edge up (−0.26 dB at the edge), bounded below it (the
/// drive's gain at 0 Hz is `Q·ratedDrive·(ω0/ωl)²`). Above the resonance the drive's gain tends
/// to `Q·ratedDrive`.
///
/// Discretised by matched pole–zero mapping: the zeros are the actuator's poles mapped with
/// `z = e^(pT)`, as ``Resonator`` maps them (they cancel its poles), the poles are the
/// high-pass's mapped alike, and the gain is the continuous one at the band's geometric centre.
/// It runs as a biquad in transposed direct form II, in double precision.
///
/// Invariants: deterministic (basic IEEE operations and the project's portable sine and exp);
/// stable (its poles lie inside the unit circle for every valid band and rate); a target of
/// zeros after the state has settled gives exact zeros.
package struct EqualizingDrive: Sendable {
  /// The high-pass's corner as a share of the band's lower edge.
  package static let cornerShare = 0.5

  private let b0: Double
  private let b1: Double
  private let b2: Double
  private let a1: Double
  private let a2: Double
  private var state1 = 0.0
  private var state2 = 0.0

  /// - Precondition: `model` has a usable band and is valid at `sampleRate`
  ///   (``ActuatorModel/validate(sampleRate:)``).
  package init(_ model: ActuatorModel, sampleRate: Int) {
    let band = model.usableBand!
    let period = 1 / Double(sampleRate)
    let q = model.qualityFactor
    // The actuator's poles, as the resonator maps them: they become the drive's zeros.
    let decay = Double.pi * model.resonance / q
    let ringing = model.resonance * (1 - 1 / (4 * q * q)).squareRoot()
    let zero = ComplexSample.unit(turns: ringing * period) * PortableMath.exp(-decay * period)
    // The high-pass's poles: a Butterworth pair at the corner, σ = ωd = ωl/√2.
    let corner = Self.cornerShare * band.minimumFrequency
    let pole =
      ComplexSample.unit(turns: corner * 0.5.squareRoot() * period)
      * PortableMath.exp(-2 * Double.pi * corner * 0.5.squareRoot() * period)
    let (c1, c2) = (-2 * zero.real, zero.magnitudeSquared)
    (a1, a2) = (-2 * pole.real, pole.magnitudeSquared)
    // The gain: the continuous response's magnitude at the band's geometric centre.
    let centre = (band.minimumFrequency * band.maximumFrequency).squareRoot()
    let omega = 2 * Double.pi * centre
    let omega0 = 2 * Double.pi * model.resonance
    let omegaL = 2 * Double.pi * corner
    let continuous =
      ComplexSample(omega0 * omega0 - omega * omega, omega0 / q * omega)
      / ComplexSample(omegaL * omegaL - omega * omega, 2.squareRoot() * omegaL * omega)
    let w = ComplexSample.unit(turns: -centre * period)
    let one = ComplexSample(1, 0)
    let discrete = (one + w * c1 + w * w * c2) / (one + w * a1 + w * w * a2)
    let gain =
      q * model.ratedDrive * (continuous.magnitudeSquared / discrete.magnitudeSquared).squareRoot()
    (b0, b1, b2) = (gain, gain * c1, gain * c2)
  }

  /// The time constant of the high-pass's ringing, `√2/ωl`, in seconds, for `band`.
  package static func timeConstantSeconds(_ band: FrequencyBand) -> Double {
    2.squareRoot() / (2 * Double.pi * cornerShare * band.minimumFrequency)
  }

  /// Writes the drive for `target` to `drive` (of the same count), frame by frame. The state
  /// is set to rest where the target is 0 and the state has fallen below ``restFloor``, so that
  /// a silence ends in exact zeros (and no subnormal arithmetic), whatever the blocks.
  package mutating func drive(_ target: UnsafeBufferPointer<Float>, into drive: UnsafeMutableBufferPointer<Float>) {
    // The state in locals, so that it stays in registers through the loop.
    var (state1, state2) = (state1, state2)
    let (b0, b1, b2, a1, a2, floor) = (b0, b1, b2, a1, a2, Self.restFloor)
    for index in target.indices {
      let x = Double(target[index])
      if x == 0, abs(state1) < floor, abs(state2) < floor {
        (state1, state2) = (0, 0)
        drive[index] = 0
        continue
      }
      let y = b0 * x + state1
      state1 = b1 * x - a1 * y + state2
      state2 = b2 * x - a2 * y
      drive[index] = Float(y)
    }
    (self.state1, self.state2) = (state1, state2)
  }

  /// The state below which a zero target sets it to rest: far below a 24-bit step.
  package static let restFloor = 1e-12
}
