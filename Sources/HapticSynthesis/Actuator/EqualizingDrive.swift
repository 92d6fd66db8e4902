import HapticSupport

/// The drive of a wideband voice coil (docs/actuators.md §8.1): the target through a stable,
/// regularised inverse of the actuator's acceleration response, with no gain at 0 Hz.
///
/// The model's acceleration per drive is `k·s²/(s² + (ω0/Q)·s + ω0²)`, `k = 1/(Q·ratedDrive)`
/// (``ActuatorModel``). Its exact inverse grows as `1/ω²` below the resonance without bound; the
/// drive replaces that with a fourth-order Butterworth high-pass `B4` at `ωl`, half the usable
/// band's lower edge:
///
///     drive = target · Q·ratedDrive · (s² + (ω0/Q)·s + ω0²) · s² / B4(s)
///
/// so that the acceleration is the target through `s⁴/B4(s)`: flat within 0.2 % from the band's
/// lower edge up, and the drive has a double zero at 0 Hz: a constant or a ramp in the target
/// gives no drive at all, so the drive holds no DC push however low the band. Above the resonance
/// the drive's gain tends to `Q·ratedDrive`.
///
/// Discretised by matched pole–zero mapping: the actuator's poles mapped with `z = e^(pT)`, as
/// ``Resonator`` maps them (they cancel its poles), and a double zero at `z = 1`, over the two
/// Butterworth pairs. The gain is the continuous one at the band's geometric centre. It runs in
/// parallel form, `H(z) = d + Σ 2·Re(r/(1 − p·z⁻¹))` over one pole `p` of each pair: two complex
/// modes, each scaled by its residue `r` so that the output is `d·x` plus twice their real
/// parts. Four frames at a step: each mode moves on by `p⁴`, one complex multiplication, so that
/// the chain from one step to the next is one multiply and add per state; the modes in double
/// precision and the outputs they give in single.
///
/// Invariants: deterministic (basic IEEE operations and the project's portable sine and exp);
/// stable (its poles lie inside the unit circle for every valid band and rate); a target of
/// zeros after the state has settled gives exact zeros. The frames depend on how they are
/// grouped in fours: a caller that wants frames independent of its blocks hands over whole
/// fours from the first frame on (``EqualizedTarget`` does).
package struct EqualizingDrive: Sendable {
  /// The high-pass's corner as a share of the band's lower edge.
  package static let cornerShare = 0.5
  /// The Butterworth pairs' angles from the negative real axis, in turns: 1/16 and 3/16.
  private static let pairTurns = [1.0 / 16, 3.0 / 16]

  /// Four frames `x` at a step from the state `s`, the modes' real and imaginary parts: the
  /// outputs are `toOutput·s + impulses·x` (`impulses` lower triangular: the response to each
  /// input frame), and each mode moves on by `p⁴` (`fourth`, as the lanes `(Re, Re)` and
  /// `(−Im, Im)` of each pole) plus `input·x`. The modes are in double precision; the outputs,
  /// which feed nothing back, in single: their error grows with the modes' size against the
  /// output, so with Q (6e-7 of full scale on the samples with ``ActuatorModel/voiceCoil``, 1.1e-6
  /// with Q 10: below a 16-bit step).
  private let toOutput: Matrix4<Float>
  private let impulses: Matrix4<Float>
  private let fourth: (real: SIMD4<Double>, imaginary: SIMD4<Double>)
  private let input: Matrix4<Double>
  /// One frame at a step, for the last frames of all when they are fewer than four: each mode
  /// moves on by `p` plus `residues·x`, and `y = direct·x + 2·Re` of the modes.
  private let direct: Double
  private let first: (real: SIMD4<Double>, imaginary: SIMD4<Double>)
  private let residues: SIMD4<Double>
  private var state = SIMD4<Double>.zero

  /// - Precondition: `model` has a usable band and is valid at `sampleRate`
  ///   (``ActuatorModel/validate(sampleRate:isDriven:)``).
  package init(_ model: ActuatorModel, sampleRate: Int) {
    let band = model.usableBand!
    let period = 1 / Double(sampleRate)
    let q = model.qualityFactor
    // The actuator's poles, as the resonator maps them: they become zeros.
    let zero = Resonator.pole(of: model, sampleRate: sampleRate)
    // The high-pass's poles: two Butterworth pairs at the corner.
    let corner = Self.cornerShare * band.minimumFrequency
    let omegaL = 2 * Double.pi * corner
    let pairs = Self.pairTurns.map { turns in
      let angle = ComplexSample.unit(turns: turns)
      return ComplexSample.unit(turns: corner * angle.imaginary * period)
        * PortableMath.exp(-omegaL * angle.real * period)
    }
    let numerators = [(-2 * zero.real, zero.magnitudeSquared), (-2.0, 1.0)]
    let denominators = pairs.map { (-2 * $0.real, $0.magnitudeSquared) }
    // The gain: the continuous response's magnitude at the band's geometric centre over the
    // discrete one's.
    let centre = (band.minimumFrequency * band.maximumFrequency).squareRoot()
    let s = ComplexSample(0, 2 * Double.pi * centre)
    let omega0 = 2 * Double.pi * model.resonance
    var continuous = (s * s + s * (omega0 / q) + ComplexSample(omega0 * omega0, 0)) * s * s
    for turns in Self.pairTurns {
      let pole = ComplexSample(0, 0) - ComplexSample.unit(turns: turns).conjugate * omegaL
      continuous = continuous / ((s - pole) * (s - pole.conjugate))
    }
    let w = ComplexSample.unit(turns: -centre * period)
    var discrete = ComplexSample(1, 0)
    for ((c1, c2), (a1, a2)) in zip(numerators, denominators) {
      discrete = discrete * (ComplexSample(1, 0) + w * c1 + w * w * c2) / (ComplexSample(1, 0) + w * a1 + w * w * a2)
    }
    let gain = q * model.ratedDrive * (continuous.magnitudeSquared / discrete.magnitudeSquared).squareRoot()
    // Partial fractions of gain·Π(1 − q/z)/Π(1 − p/z): the direct term, the ratio of the
    // products, and one residue for each pair.
    let one = ComplexSample(1, 0)
    let zeros = [zero, zero.conjugate, one, one]
    let poles = pairs.flatMap { [$0, $0.conjugate] }
    let direct = (zeros.reduce(one, *) / poles.reduce(one, *)).real * gain
    self.direct = direct
    let residueOfMode = [0, 2].map { index in
      let pole = poles[index]
      let others = poles.indices.filter { $0 != index }.map { poles[$0] }
      return zeros.reduce(one) { $0 * (one - $1 / pole) } / others.reduce(one) { $0 * (one - $1 / pole) } * gain
    }
    // p^k of each mode (one pole of each pair), k = 0…4.
    let powers = [poles[0], poles[2]].map { mode in
      (0...4).map { k in (0..<k).reduce(one) { product, _ in product * mode } }
    }
    first = Self.rotation(by: powers.map { $0[1] })
    fourth = Self.rotation(by: powers.map { $0[4] })
    residues = Self.lanes(residueOfMode)
    // Output j of a step reads 2·Re(p^(j+1)·u) from each mode u: 2·Re(p^(j+1)) from its real
    // lane, −2·Im(p^(j+1)) from its imaginary one.
    toOutput = Matrix4(
      (0..<4).map { lane in
        SIMD4<Float>(
          (1...4).map { k in
            let power = powers[lane / 2][k]
            return Float(2 * (lane % 2 == 0 ? power.real : -power.imaginary))
          })
      })
    // Input frame i of a step reaches each mode as p^(3−i)·r.
    input = Matrix4((0..<4).map { i in Self.lanes((0..<2).map { powers[$0][3 - i] * residueOfMode[$0] }) })
    // The response k frames after an input frame: d + 2·Re Σ r, then 2·Re Σ r·p^k.
    let response = (0..<4).map { k in
      2 * (0..<2).reduce(0.0) { $0 + (powers[$1][k] * residueOfMode[$1]).real } + (k == 0 ? direct : 0)
    }
    impulses = Matrix4(
      (0..<4).map { j in SIMD4<Float>((0..<4).map { k in k < j ? 0 : Float(response[k - j]) }) })
  }

  /// The time constant of the high-pass's slowest ringing, `1/(ωl·cos(3π/8))`, in seconds, for
  /// `band`.
  package static func timeConstantSeconds(_ band: FrequencyBand) -> Double {
    1 / (2 * Double.pi * cornerShare * band.minimumFrequency * ComplexSample.unit(turns: pairTurns[1]).real)
  }

  /// Replaces the target in `samples` with its drive, four frames at a step (the last ones of
  /// `samples` one at a time when they are fewer). While the state is at rest, fours of frames
  /// of exactly 0 are skipped (their drive is 0); the state is set to rest after a four of
  /// zeros that leaves it below ``restFloor``, so that a silence ends in exact zeros (and no
  /// subnormal arithmetic).
  package mutating func equalize(_ samples: UnsafeMutableBufferPointer<Float>) {
    guard let base = samples.baseAddress else { return }
    // The state and coefficients in locals, so that they stay in registers through the loop;
    // each mode in a pair of lanes of its own, so that no step moves a value across the halves
    // of a wider register (on a processor with four-double vectors the compiler would otherwise
    // put the chain from one step to the next through lane-crossing shuffles).
    var (mode0, mode1) = (state.lowHalf, state.highHalf)
    let (toOutput, impulses, input, floor) = (toOutput, impulses, input, Self.restFloor)
    let fourth0 = (real: fourth.real.lowHalf, imaginary: fourth.imaginary.lowHalf)
    let fourth1 = (real: fourth.real.highHalf, imaginary: fourth.imaginary.highHalf)
    let raw = UnsafeMutableRawPointer(base)
    let fours = samples.count - samples.count % 4
    var index = 0
    while index < fours {
      if mode0 == .zero, mode1 == .zero {
        let zeros = UnsafeBufferPointer(rebasing: samples[index..<fours]).leadingZeroCount
        index += zeros - zeros % 4
        guard index < fours else { break }
      }
      // Unchecked: `index + 4 ≤ fours ≤ samples.count`, so the four frames lie in the buffer.
      assert(index + 4 <= samples.count, "a four of frames past the end of the buffer")
      let single = raw.loadUnaligned(fromByteOffset: index * 4, as: SIMD4<Float>.self)
      let x = SIMD4<Double>(single)
      if x == .zero, max((mode0 * mode0).max(), (mode1 * mode1).max()) < floor * floor {
        (mode0, mode1) = (.zero, .zero)
        index += 4
        continue
      }
      let modes = SIMD4<Float>(lowHalf: SIMD2<Float>(mode0), highHalf: SIMD2<Float>(mode1))
      let y = toOutput(modes) + impulses(single)
      raw.storeBytes(of: y, toByteOffset: index * 4, as: SIMD4<Float>.self)
      let inputs = input(x)
      mode0 = Self.rotate(mode0, by: fourth0) + inputs.lowHalf
      mode1 = Self.rotate(mode1, by: fourth1) + inputs.highHalf
      index += 4
    }
    var state = SIMD4(lowHalf: mode0, highHalf: mode1)
    while index < samples.count {
      let x = Double(samples[index])
      state = Self.rotate(state, by: first) + residues * x
      samples[index] = Float(direct * x + 2 * (state[0] + state[2]))
      index += 1
    }
    self.state = state
  }

  /// The multiplication of the two modes by `powers`, one for each, as ``rotate(_:by:)`` takes
  /// it: their real parts, and their imaginary parts signed for the `(Re, Im)` lanes swapped.
  private static func rotation(by powers: [ComplexSample]) -> (real: SIMD4<Double>, imaginary: SIMD4<Double>) {
    (
      SIMD4(powers[0].real, powers[0].real, powers[1].real, powers[1].real),
      SIMD4(-powers[0].imaginary, powers[0].imaginary, -powers[1].imaginary, powers[1].imaginary)
    )
  }

  /// Two complex numbers as the `(Re, Im, Re, Im)` lanes of a state.
  private static func lanes(_ samples: [ComplexSample]) -> SIMD4<Double> {
    SIMD4(samples[0].real, samples[0].imaginary, samples[1].real, samples[1].imaginary)
  }

  /// The two modes in `state`, `(Re, Im)` lanes, each times its power in `power`.
  @inline(__always)
  private static func rotate(
    _ state: SIMD4<Double>, by power: (real: SIMD4<Double>, imaginary: SIMD4<Double>)
  ) -> SIMD4<Double> {
    state * power.real + SIMD4(state[1], state[0], state[3], state[2]) * power.imaginary
  }

  /// The mode in `mode`, `(Re, Im)` lanes, times its power in `power`: a half of
  /// ``rotate(_:by:)``, the same operations on each lane.
  @inline(__always)
  private static func rotate(
    _ mode: SIMD2<Double>, by power: (real: SIMD2<Double>, imaginary: SIMD2<Double>)
  ) -> SIMD2<Double> {
    mode * power.real + SIMD2(mode[1], mode[0]) * power.imaginary
  }

  /// The state below which a zero target sets it to rest: far below a 24-bit step.
  package static let restFloor = 1e-12
}
