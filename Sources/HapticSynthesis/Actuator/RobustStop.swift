import HapticSupport

/// Plans the drive that ends a sound on every actuator of a band of resonances, not only the
/// nominal one (docs/actuators.md §2.1).
///
/// An actuator resonating `Δf` away from f0 answers a drive at f0 with a mode that turns
/// against the nominal one (35° at 5 Hz for `lra` on a held level): a brake timed for the
/// nominal actuator leaves it ringing. The stop runs band models (`Δf = ±tolerance/2,
/// ±tolerance`) on the drive beside the nominal one; each moves over a control step as
/// `M ← Λⱼ·M + Kⱼ·U + ρₖ·K̃ⱼ·conj(U)` (``SteppedResonator``). The drive of the steps left in the
/// stop is chosen by least squares: the nominal mode on the target while the sound lasts and
/// near 0 a few steps after it, each band model near 0 from its deadline on, the drive small
/// and smooth, and, by reweighting, within its bound and each model below a tenth of the
/// sound's level by the time the figures allow it (a tap's, by a linear program:
/// `RobustStop+Tap`). This is robust input shaping (zero vibration over a band of frequencies)
/// solved for the stop at hand, for a bounded drive and any state.
struct RobustStop: Sendable {
  /// The share of the sound's top at and above which the nominal mode is held to the target,
  /// with the weight 1; below it, on the sound's way down, with ``trackingWeight``, which leaves
  /// the plan free to shape the end.
  static let topShare = 0.8
  static let trackingWeight = 0.01
  /// The weights of the nominal model (first) and of the band models near 0 from their
  /// deadlines on (the mode and the drive's direct term, the acceleration), and the deadlines,
  /// in steps after the sound's end (a step is a quarter of a period): nominal 2, half the
  /// tolerance 3, the whole tolerance 8.
  static let quietWeights = [30.0, 10, 10, 10, 10]
  static let deadlines = [2, 3, 3, 8, 8]
  /// How long after a sound's end each unit may still move at a tenth of the sound's top, in
  /// seconds (the nominal one first): the figures of docs/actuators.md §2.1 by the unit's
  /// distance from f0 (6, 10 and 20 ms at 0, half the tolerance and the whole), less 1 ms.
  static let lateSeconds = [0.005, 0.009, 0.009, 0.019, 0.019]
  /// The share of the sound's top that each unit's acceleration must stay below from its time
  /// on in the plan (the nominal one first; below the tenth of the figures: the plan's envelopes
  /// at the steps' edges are not the carrier's crests); a unit above it has its weights
  /// multiplied by its excess squared times ``lateGrowth``, up to ``lateScaleLimit`` times its
  /// own.
  static let lateShares = [0.0875, 0.085, 0.085, 0.085, 0.085]
  static let lateGrowth = 1.6
  static let lateScaleLimit = 8.0
  /// The fewest steps planned past the sound's end (``extraSteps``).
  static let leastExtraSteps = 26
  /// Steps over which the planned drive is held: four, a period, over which the drive's image
  /// at −f0 cancels, and which the smoothing of the drive's envelope (``SmoothModulator``, a
  /// quarter of a period on each side) leaves nearly whole (blocks of half a period, smoothed,
  /// left a tap ringing 14 % on the nominal unit instead of 5 %).
  static let blockSteps = 4
  /// Blocks driven from a plan before the next (of a sound that no longer rises).
  static let replanBlocks = 2
  /// The bound on a stop plan's drive, over the level of the sound it ends, below the drive's
  /// own bound: a soft sound's plan, which the drive's bound never reaches, braked with up to
  /// six times the drive its plateau held and kicked the actuator past its level (44 % for a
  /// buzz at intensity 0.4 at the band's top). At 2.7, a sound at intensity 0.7 (level 0.49)
  /// keeps the drive's bound.
  static let levelBound = 2.7
  /// The weights of the drive and of its change from block to block.
  static let driveWeight = 0.000_1
  static let smoothWeight = 0.001
  /// How far ahead the controller reads the target for a plan, in seconds.
  static let horizonSeconds = 0.04
  /// Steps of silence after the target's end that must be in view before a stop is planned.
  static let tailSteps = 3

  /// `Λⱼ`, `Kⱼ`, `K̃ⱼ` of the nominal model (first) and of the band models.
  let poles: [ComplexSample]
  let gains: [ComplexSample]
  let imageGains: [ComplexSample]
  /// `b0` of each model: the acceleration that follows the drive at once.
  let directs: [Double]
  /// `e^(−2iω0·s/fs)`: how `ρ` turns over a step.
  let imageTurn: ComplexSample
  /// Steps from a tap's end to where its ring is measured, 5 ms (rounded down).
  let ringSteps: Int
  /// Steps from a sound's end from which each model's acceleration must stay below
  /// ``lateShares`` of the sound's top: ``lateSeconds``, rounded down to whole steps, and not
  /// before the model's ``deadlines``, from which it is asked for quiet (an actuator below some
  /// 100 Hz, whose steps are long, reaches its late time first).
  let lateSteps: [Int]
  /// Steps planned past a sound's end: ``leastExtraSteps``, and past every model's
  /// ``lateSteps`` (an actuator above some 340 Hz, whose steps are short).
  let extraSteps: Int
  /// The band models, run on the drive as the nominal one is.
  private var bandModels: BandModels
  var bands: [SteppedResonator] { bandModels.models }
  /// `e^(iω0·j/fs)` for the frames `j` of a control step, and ``SmoothModulator/weights``:
  /// a tap's plan writes its drive frame by frame.
  let carrier: [ComplexSample]
  let smoothing: [Double]

  /// - Parameters:
  ///   - carrier: `(sin, cos)` of `ω0·j/fs` for the frames `j` of a control step.
  ///   - smoothing: ``SmoothModulator/weights``.
  init(_ model: ActuatorModel, sampleRate: Int, carrier: [(sine: Double, cosine: Double)], smoothing: [Double]) {
    let stepSeconds = Double(carrier.count) / Double(sampleRate)
    let tolerance = model.resonanceTolerance
    let offsets = [0, tolerance / 2, -tolerance / 2, tolerance, -tolerance]
    let models = offsets.map {
      var band = model
      band.resonance += $0
      return SteppedResonator(band, sampleRate: sampleRate, carrier: carrier, smoothing: smoothing)
    }
    let stepRotation = ComplexSample.unit(turns: -model.resonance * stepSeconds)
    poles = models.map { $0.poleStep * stepRotation }
    gains = models.map { $0.positiveGain * stepRotation }
    imageGains = models.map { $0.negativeGain * stepRotation }
    directs = models.map(\.resonator.direct)
    imageTurn = stepRotation * stepRotation
    ringSteps = Int(0.005 / stepSeconds)
    lateSteps = zip(Self.lateSeconds, Self.deadlines).map { max(Int($0 / stepSeconds), $1) }
    extraSteps = max(Self.leastExtraSteps, (lateSteps.max() ?? 0) + 1)
    bandModels = BandModels(Array(models.dropFirst()))
    self.carrier = carrier.map { ComplexSample($0.cosine, $0.sine) }
    self.smoothing = smoothing
  }

  /// Moves the band models over the step of the drive whose modulator's bases are `reals` and
  /// `imaginaries`.
  @inline(__always)
  mutating func advance(reals: UnsafeBufferPointer<Double>, imaginaries: UnsafeBufferPointer<Double>) {
    bandModels.advance(reals: reals, imaginaries: imaginaries)
  }

  /// The band models' modes at the beginning of the step being decided
  /// (``SteppedResonator/predicted(over:phasor:rotation:)``).
  func predictedModes(over modulator: SmoothModulator, phasor: ComplexSample, rotation: ComplexSample)
    -> [ComplexSample]
  {
    bands.map { $0.predicted(over: modulator, phasor: phasor, rotation: rotation).mode }
  }

  /// Moves the band models over the frames of a step (the output's first, faded in).
  mutating func step(_ drive: UnsafeBufferPointer<Float>) {
    bandModels.step(drive)
  }

  /// Sets the band models below 1e-4 to rest (a prediction that small changes no plan); whether
  /// they all are.
  mutating func settle() -> Bool {
    bandModels.settle(below: 1e-4)
  }

  /// The drive envelopes of the blocks (``blockSteps`` steps each) of a stop whose sound ends
  /// `end` steps on, planned over `targets.count` steps: `targets[k]` is the nominal mode wanted at the end of step `k`
  /// while the sound lasts; each block's envelope stays within `bound`.
  ///
  /// - Parameters:
  ///   - modes: The models' modes `q` (``Resonator/mode``), the nominal one first, at the step's
  ///     first frame; `phasor`: `e^(−iω0t)` there.
  ///   - level: The sound's level: each model's acceleration should be below ``lateShares`` of it
  ///     from ``lateSteps`` after the sound's end on.
  ///   - scales: How many times its own weight each model's quiet has from there on, 1 at a
  ///     stop's first plan; raised where a plan leaves the model above that share.
  func plan(
    modes: [ComplexSample], phasor: ComplexSample, targets: [ComplexSample], end: Int, level: Double, bound: Double,
    scales: inout [Double]
  ) -> [ComplexSample] {
    let count = targets.count
    guard count > 0 else { return [] }
    let blocks = (count + Self.blockSteps - 1) / Self.blockSteps
    let unknowns = 2 * blocks
    // The normal equations over `(Re v₀, Im v₀, Re v₁, …)`, one block's drive held over
    // `blockSteps` steps; each model's rows from its time on apart, weighted by `scales`.
    var equations = NormalEquations(unknowns: unknowns)
    var late = [NormalEquations](repeating: NormalEquations(unknowns: unknowns), count: poles.count)
    let rows = StopRows(stop: self, modes: modes, phasor: phasor, targets: targets, end: end)
    for model in poles.indices {
      rows.accumulate(model, into: &equations, late: &late[model])
      equations.add(late[model], times: scales[model])
    }
    for column in stride(from: 2, to: unknowns, by: 1) {
      equations.normal[column * unknowns + column] += Self.smoothWeight
      equations.normal[(column - 2) * unknowns + column - 2] += Self.smoothWeight
      equations.normal[(column - 2) * unknowns + column] -= Self.smoothWeight
    }
    // Reweighted until every block's drive is within the bound, and every unit quiet from its
    // time on (``lateSteps``) or weighted there ``lateScaleLimit`` times its own (`scales`,
    // kept from plan to plan of a stop).
    var weights = [Double](repeating: Self.driveWeight, count: blocks)
    var drive = [Double](repeating: 0, count: unknowns)
    for _ in 0..<12 {
      drive = Self.solve(equations.normal, equations.right, weights: weights)
      var isDone = true
      for block in 0..<blocks {
        let size = (drive[2 * block] * drive[2 * block] + drive[2 * block + 1] * drive[2 * block + 1]).squareRoot()
        if size > 1.001 * bound {
          weights[block] *= (size / bound) * (size / bound) * 1.5
          isDone = false
        }
      }
      if isDone, let (model, excess) = rows.latest(drive, level: level, scales: scales) {
        let scale = min(Self.lateScaleLimit, scales[model] * excess * excess * Self.lateGrowth)
        equations.add(late[model], times: scale - scales[model])
        scales[model] = scale
        isDone = false
      }
      if isDone { break }
    }
    return (0..<blocks).map { block in
      let planned = ComplexSample(drive[2 * block], drive[2 * block + 1])
      return planned.magnitude > bound ? planned * (bound / planned.magnitude) : planned
    }
  }

  /// Solves `(N + diag(weights, each twice))·v = right`, `N` symmetric positive semidefinite
  /// given by its upper triangle, by Cholesky factorisation.
  private static func solve(_ normal: [Double], _ right: [Double], weights: [Double]) -> [Double] {
    let size = right.count
    var factor = [Double](repeating: 0, count: size * size)
    var solution = right
    // Through pointers: the indices are within the arrays by construction, and their checks
    // doubled the loops' work.
    normal.withUnsafeBufferPointer { normal in
      factor.withUnsafeMutableBufferPointer { factor in
        solution.withUnsafeMutableBufferPointer { solution in
          for i in 0..<size {
            for j in 0...i {
              var sum = normal[j * size + i] + (i == j ? weights[i / 2] : 0)
              for k in 0..<j { sum -= factor[i * size + k] * factor[j * size + k] }
              factor[i * size + j] = i == j ? max(sum, 1e-300).squareRoot() : sum / factor[j * size + j]
            }
          }
          for i in 0..<size {
            var sum = solution[i]
            for k in 0..<i { sum -= factor[i * size + k] * solution[k] }
            solution[i] = sum / factor[i * size + i]
          }
          for i in stride(from: size - 1, through: 0, by: -1) {
            var sum = solution[i]
            for k in (i + 1)..<size { sum -= factor[k * size + i] * solution[k] }
            solution[i] = sum / factor[i * size + i]
          }
        }
      }
    }
    return solution
  }
}
