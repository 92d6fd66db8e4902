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
/// It runs in double precision as the state-space form of a biquad in transposed direct form
/// II, four frames at a step (the state moved on by the fourth power of its matrix, so that the
/// chain from one step to the next is one multiply and two adds for four frames).
///
/// Invariants: deterministic (basic IEEE operations and the project's portable sine and exp);
/// stable (its poles lie inside the unit circle for every valid band and rate); a target of
/// zeros after the state has settled gives exact zeros. The frames depend on how they are
/// grouped in fours: a caller that wants frames independent of its blocks hands over whole
/// fours from the first frame on (``EqualizedTarget`` does).
package struct EqualizingDrive: Sendable {
  /// The high-pass's corner as a share of the band's lower edge.
  package static let cornerShare = 0.5

  /// Four frames at a step from the state `(s1, s2)`: the outputs are `s1·toOutput1 +
  /// s2·toOutput2 + Σ impulse·x` (`direct` and the shifted `impulse1…3` the response to each
  /// input frame), and the state moves to `(next11·s1 + next12·s2 + Σ input1·x, next21·s1 +
  /// next22·s2 + Σ input2·x)`.
  private let toOutput1: SIMD4<Double>
  private let toOutput2: SIMD4<Double>
  private let direct: Double
  private let impulse1: Double
  private let impulse2: Double
  private let impulse3: Double
  private let next: SIMD4<Double>
  private let input1: SIMD4<Double>
  private let input2: SIMD4<Double>
  /// One frame at a step, for the last frames of all when they are fewer than four: `y = b0·x
  /// + s1`, `s1 ← b1·x − a1·y + s2`, `s2 ← b2·x − a2·y`.
  private let a1: Double
  private let a2: Double
  private let b1: Double
  private let b2: Double
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
    let (a1, a2) = (-2 * pole.real, pole.magnitudeSquared)
    (self.a1, self.a2) = (a1, a2)
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
    let (b0, b1, b2) = (gain, gain * c1, gain * c2)
    (self.b1, self.b2) = (b1, b2)
    direct = b0
    // The state space: s ← A·s + B·x, y = C·s + b0·x, A = [[−a1, 1], [−a2, 0]], C = (1, 0).
    typealias Vector = (Double, Double)
    let apply = { (v: Vector) -> Vector in (-a1 * v.0 + v.1, -a2 * v.0) }
    let input: Vector = (b1 - a1 * b0, b2 - a2 * b0)
    // C·A^k for k = 0…3 (rows), A^k·B for k = 0…3, and A⁴ by columns.
    var rows: [Vector] = [(1, 0)]
    for _ in 1...3 {
      let (r1, r2) = rows[rows.count - 1]
      rows.append((-a1 * r1 - a2 * r2, r1))  // (C·A^k)·A
    }
    var powers: [Vector] = [input]
    for _ in 1...3 { powers.append(apply(powers[powers.count - 1])) }
    let column1 = apply(apply(apply(apply((1, 0)))))
    let column2 = apply(apply(apply(apply((0, 1)))))
    toOutput1 = SIMD4(rows[0].0, rows[1].0, rows[2].0, rows[3].0)
    toOutput2 = SIMD4(rows[0].1, rows[1].1, rows[2].1, rows[3].1)
    // C·A^(m−1)·B: the response m frames after an input frame.
    impulse1 = powers[0].0
    impulse2 = powers[1].0
    impulse3 = powers[2].0
    next = SIMD4(column1.0, column2.0, column1.1, column2.1)
    input1 = SIMD4(powers[3].0, powers[2].0, powers[1].0, powers[0].0)
    input2 = SIMD4(powers[3].1, powers[2].1, powers[1].1, powers[0].1)
  }

  /// The time constant of the high-pass's ringing, `√2/ωl`, in seconds, for `band`.
  package static func timeConstantSeconds(_ band: FrequencyBand) -> Double {
    2.squareRoot() / (2 * Double.pi * cornerShare * band.minimumFrequency)
  }

  /// Replaces the target in `samples` with its drive, four frames at a step (the last ones of
  /// `samples` one at a time when they are fewer). While the state is at rest, fours of frames
  /// of exactly 0 are skipped (their drive is 0); the state is set to rest after a four of
  /// zeros that leaves it below ``restFloor``, so that a silence ends in exact zeros (and no
  /// subnormal arithmetic).
  package mutating func equalize(_ samples: UnsafeMutableBufferPointer<Float>) {
    guard let base = samples.baseAddress else { return }
    // The state and coefficients in locals, so that they stay in registers through the loop.
    var (state1, state2) = (state1, state2)
    let (toOutput1, toOutput2, next, input1, input2) = (toOutput1, toOutput2, next, input1, input2)
    let (direct, impulse1, impulse2, impulse3, floor) = (direct, impulse1, impulse2, impulse3, Self.restFloor)
    let raw = UnsafeMutableRawPointer(base)
    let fours = samples.count - samples.count % 4
    var index = 0
    while index < fours {
      if state1 == 0, state2 == 0 {
        let zeros = Self.zeros(UnsafeBufferPointer(rebasing: samples[index..<fours]))
        index += zeros - zeros % 4
        guard index < fours else { break }
      }
      // Unchecked: `index + 4 ≤ fours ≤ samples.count`, so the four frames lie in the buffer.
      assert(index + 4 <= samples.count, "a four of frames past the end of the buffer")
      let x = SIMD4<Double>(raw.loadUnaligned(fromByteOffset: index * 4, as: SIMD4<Float>.self))
      if x == .zero, abs(state1) < floor, abs(state2) < floor {
        (state1, state2) = (0, 0)
        index += 4
        continue
      }
      var y = toOutput1 * state1 + toOutput2 * state2 + direct * x
      y += impulse1 * SIMD4(0, x[0], x[1], x[2])
      y += impulse2 * SIMD4(0, 0, x[0], x[1])
      y += impulse3 * SIMD4(0, 0, 0, x[0])
      raw.storeBytes(of: SIMD4<Float>(y), toByteOffset: index * 4, as: SIMD4<Float>.self)
      (state1, state2) = (
        next[0] * state1 + next[1] * state2 + (input1 * x).sum(),
        next[2] * state1 + next[3] * state2 + (input2 * x).sum()
      )
      index += 4
    }
    while index < samples.count {
      let x = Double(samples[index])
      let y = direct * x + state1
      (state1, state2) = (b1 * x - a1 * y + state2, b2 * x - a2 * y)
      samples[index] = Float(y)
      index += 1
    }
    (self.state1, self.state2) = (state1, state2)
  }

  /// The state below which a zero target sets it to rest: far below a 24-bit step.
  package static let restFloor = 1e-12

  /// How many of `samples` come before the first that is not 0, comparing eight at a time.
  private static func zeros(_ samples: UnsafeBufferPointer<Float>) -> Int {
    guard let base = samples.baseAddress else { return 0 }
    let source = UnsafeRawPointer(base)
    var index = 0
    // Unchecked: each load reads eight frames that lie in the buffer.
    while index + 8 <= samples.count {
      let group = source.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<Float>.self)
      if !all(group .== 0) { break }
      index += 8
    }
    while index < samples.count, samples[index] == 0 { index += 1 }
    return index
  }
}
