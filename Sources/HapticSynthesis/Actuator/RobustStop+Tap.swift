/// A tap's drive for a band of resonances: the drive of each control step from the tap's onset
/// to where its ring is measured that makes the smallest peak over the band's units as large as
/// it can be, each unit's ring within what the figures allow and each step's envelope within
/// the drive's bound (docs/actuators.md §2.1). A linear program: each unit's mode is linear in
/// the steps' envelopes (smoothed as ``SmoothModulator`` writes them); a peak is held above the
/// level `t` in the direction the mode points there, the rings and the envelopes within
/// polygons inside their circles; the peaks' steps and directions are taken again from the
/// solution, ``tapSolves`` times in all.
extension RobustStop {
  /// The share of its peak that each unit (nominal, half the tolerance, the whole tolerance)
  /// may keep ringing from 5 ms after a tap: below the figures' 15 % and 25 %, a margin for
  /// the rings between control steps and the drive's direct term.
  static let tapRingShares = [0.13, 0.13, 0.13, 0.23, 0.23]
  /// The sides of the polygons that stand for circles: the drive's bound, and the rings.
  static let polygonSides = 12
  static let ringSides = 8
  /// How many times the program is solved.
  static let tapSolves = 2
  /// The share of a tap's top that its reference reaches where its plan begins.
  static let tapOnsetShare = 0.01
  /// Steps by which a stop begins, and a tap's plan, before the reference rises.
  static let leadSteps = 4

  /// The envelopes of the `driven` steps from the one being decided, or nil where none is
  /// found.
  ///
  /// - Parameters:
  ///   - nominal: The nominal model at the beginning of the step that the modulator writes
  ///     next (``SmoothModulator/reach`` before the one being decided), as the band's.
  ///   - modulator: The envelopes decided before this step.
  ///   - phasor: `e^(−iω0t)` at the step being decided; `rotation`: its turn over a step;
  ///     `step`: its index from the output's first frame (the fade-in there scales the steps'
  ///     drive by its mean over each).
  ///   - targets: The references from this step on; `end`: the steps to the tap's end.
  func planTap(
    nominal: SteppedResonator, modulator: SmoothModulator, phasor: ComplexSample, rotation: ComplexSample,
    step first: Int,
    targets: [ComplexSample], end: Int, bound: Double
  ) -> [ComplexSample]? {
    let reach = modulator.reach
    let driven = end + ringSteps
    let horizon = driven + reach
    guard driven > 0 else { return nil }
    let models = [nominal] + bands
    // `responses[model][k]`: the mode at the beginning of step `k − reach` from the step being
    // decided, as its part without the unknown envelopes (first) and per unit of each
    // envelope's real and imaginary part.
    let unknowns = 2 * driven
    var responses = [[[ComplexSample]]]()
    for model in models {
      var rows = [[ComplexSample]](repeating: [], count: horizon + reach + 1)
      for unknown in -1..<unknowns {
        // The envelopes from `2·reach` steps before the step being decided on.
        var envelopes = [ComplexSample](repeating: .zero, count: horizon + 3 * reach)
        if unknown < 0 {
          for offset in 1...(2 * reach) { envelopes[offset - 1] = modulator.envelope(offset) }
        } else {
          envelopes[2 * reach + unknown / 2] = unknown % 2 == 0 ? ComplexSample(1, 0) : ComplexSample(0, 1)
        }
        var mode = unknown < 0 ? model.resonator.mode : .zero
        var stepPhasor = phasor
        for _ in 0..<reach { stepPhasor = stepPhasor * rotation.conjugate }
        rows[0].append(mode * 2)
        for step in 0..<(horizon + reach) {
          var input = ComplexSample.zero
          for (index, gains) in model.smoothedGains.enumerated() {
            let base = envelopes[step + index] * stepPhasor.conjugate
            input = input + gains.positive * base + gains.negative * base.conjugate
          }
          mode = model.poleStep * mode + input * (0.5 * modulator.fadeShare(step: first + step - reach))
          stepPhasor = stepPhasor * rotation
          // The acceleration: the mode and the drive's direct term, the envelope at the edge.
          let edge = (envelopes[step + reach] + envelopes[step + reach + 1]) * 0.5
          rows[step + 1].append(mode * 2 + edge * stepPhasor.conjugate * model.resonator.direct)
        }
      }
      responses.append(rows)
    }
    func mode(_ model: Int, _ step: Int, _ drive: [Double]) -> ComplexSample {
      let row = responses[model][step + reach]
      var sum = row[0]
      for index in 0..<unknowns { sum = sum + row[index + 1] * drive[index] }
      return sum
    }
    // The first peaks: those of the drive at the bound in the target's phase until the tap's end.
    var drive = (0..<driven).flatMap { step -> [Double] in
      let target = step < min(end, targets.count) ? targets[step] : .zero
      let size = target.magnitude
      return size > 0 ? [target.real * bound / size, target.imaginary * bound / size] : [0, 0]
    }
    let sides = (0..<Self.polygonSides).map { ComplexSample.unit(turns: -Double($0) / Double(Self.polygonSides)) }
    let ringSides = (0..<Self.ringSides).map { ComplexSample.unit(turns: -Double($0) / Double(Self.ringSides)) }
    let ringInner = ComplexSample.unit(turns: 0.5 / Double(Self.ringSides)).real
    // Within a polygon of sides at `inner` of the radius, a value is within the circle.
    let inner = ComplexSample.unit(turns: 0.5 / Double(Self.polygonSides)).real
    let width = 2 * unknowns + 1
    // A tap is felt at its peak: in the second half of the steps where its reference is at its
    // top (80 % of it or more), as the nominal drive's.
    let level = targets.prefix(end).reduce(0) { max($0, $1.magnitude) }
    let atTop = targets.prefix(end).indices.filter { targets[$0].magnitude >= Self.topShare * level }
    let earliest = max(1, min(driven, ((atTop.first ?? 0) + (atTop.last ?? 0) + 1) / 2))
    let rows = models.count * (1 + (horizon - driven + 1) * Self.ringSides) + driven * Self.polygonSides + 1
    var program = LinearProgram(columns: width, rows: rows)
    for _ in 0..<Self.tapSolves {
      program.removeAll()
      func add(_ free: ComplexSample, _ direction: ComplexSample, model: Int, step: Int, level: Double, sign: Double) {
        // `sign·Re(direction·2·mode) + level·t ≤ −sign·Re(direction·2·free)`.
        let row = responses[model][step + reach]
        var coefficients = [Double](repeating: 0, count: width)
        for index in 0..<unknowns {
          let value = sign * (direction * row[index + 1]).real
          coefficients[index] = value
          coefficients[unknowns + index] = -value
        }
        coefficients[width - 1] = level
        program.add(coefficients, atMost: -sign * (direction * free).real)
      }
      for model in models.indices {
        var top = earliest
        for step in earliest...max(earliest, min(driven, end - 1))
        where mode(model, step, drive).magnitude > mode(model, top, drive).magnitude {
          top = step
        }
        let peak = mode(model, top, drive)
        let direction = peak.magnitude > 0 ? peak.conjugate * (1 / peak.magnitude) : ComplexSample(1, 0)
        add(responses[model][top + reach][0], direction, model: model, step: top, level: 1, sign: -1)
        for step in driven...horizon {
          for side in ringSides {
            add(
              responses[model][step + reach][0], side, model: model, step: step,
              level: -Self.tapRingShares[model] * ringInner, sign: 1)
          }
        }
      }
      for step in 0..<driven {
        for side in sides {
          var coefficients = [Double](repeating: 0, count: width)
          coefficients[2 * step] = side.real
          coefficients[2 * step + 1] = -side.imaginary
          coefficients[unknowns + 2 * step] = -side.real
          coefficients[unknowns + 2 * step + 1] = side.imaginary
          program.add(coefficients, atMost: bound * inner)
        }
      }
      // Not above the tap's own level.
      var highest = [Double](repeating: 0, count: width)
      highest[width - 1] = 1
      program.add(highest, atMost: level)
      var objective = [Double](repeating: -1e-6, count: width)
      objective[width - 1] = 1
      guard let solution = program.maximise(objective) else { return nil }
      drive = (0..<unknowns).map { solution[$0] - solution[unknowns + $0] }
    }
    return (0..<driven).map { ComplexSample(drive[2 * $0], drive[2 * $0 + 1]) }
  }
}
