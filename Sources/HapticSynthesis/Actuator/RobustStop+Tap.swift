/// A tap's drive for a band of resonances: the drive of each control step from the tap's onset
/// to where its ring is measured that makes the smallest felt peak over the band's units as
/// large as it can be, each unit's ring within what the figures allow and each step's envelope
/// within the drive's bound (docs/actuators.md §2.1). A linear program: each unit's
/// acceleration, at a step's edge and at each frame, is linear in the steps' envelopes
/// (smoothed as ``SmoothModulator`` writes them); the rings and the envelopes are held within
/// polygons inside their circles. The peak is held above the level `t` first as the envelope
/// at a step's edge, in the direction the mode points there (``envelopeSolves`` times, the
/// step and direction taken again from each solution), then, once from each of the nominal
/// unit's crests in that plan, as each unit's own sample at its crest nearest it; the plan
/// whose smallest felt peak is largest is kept.
extension RobustStop {
  /// The share of its peak that each unit (nominal, half the tolerance, the whole tolerance)
  /// may keep ringing from 5 ms after a tap: below the figures' 15 % and 25 %, a margin for
  /// the rings between control steps and the drive's direct term.
  static let tapRingShares = [0.13, 0.13, 0.13, 0.23, 0.23]
  /// The sides of the polygons that stand for circles, the drive's bound and the rings: in the
  /// plans with the envelopes' peaks, and in those at the crests (12 and 8 there peaked
  /// 0.01…0.015 lower).
  static let envelopeSides = (bound: 12, ring: 8)
  static let crestSides = (bound: 24, ring: 16)
  /// How many times the program is solved with the envelopes' peaks before the crests'.
  static let envelopeSolves = 2
  /// The nominal unit's crests that a plan starts from: those at this share of its largest or
  /// more.
  static let crestShare = 0.7
  /// The share of a tap's top that its reference reaches where its plan begins.
  static let tapOnsetShare = 0.01
  /// Steps by which a stop begins, and a tap's plan, before the reference rises.
  static let leadSteps = 4
  /// The most steps a tap's plan drives: its linear program grows with the cube of the steps,
  /// which a resonance far above an LRA's makes many (a tap of `lra`, 170 Hz, is planned over
  /// 23 to 30 steps; at 1,000 Hz one took some 150 and 0.7 s). A tap with more is driven by the
  /// loop.
  static let largestTapPlan = 48

  /// Whether a tap that ends `end` steps from the step being decided is planned
  /// (``planTap(nominal:modulator:phasor:rotation:step:targets:end:bound:)``), rather than
  /// driven by the loop.
  func plansTap(end: Int) -> Bool {
    end + ringSteps <= Self.largestTapPlan
  }

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
    // `starts[model][k]`: the mode alone at the beginning of step `k − reach`, as `responses`.
    var starts = [[[ComplexSample]]]()
    // `e^(iω0t)` at the first frame of step `k − reach`, times the fade-in's share there.
    var carriers = [ComplexSample]()
    // The envelopes from `2·reach` steps before the step being decided on, the unknown ones 0.
    var known = [ComplexSample](repeating: .zero, count: horizon + 3 * reach)
    for offset in 1...(2 * reach) { known[offset - 1] = modulator.envelope(offset) }
    for (index, model) in models.enumerated() {
      var rows = [[ComplexSample]](repeating: [], count: horizon + reach + 1)
      var modes = rows
      for unknown in -1..<unknowns {
        var envelopes = [ComplexSample](repeating: .zero, count: horizon + 3 * reach)
        if unknown < 0 {
          envelopes = known
        } else {
          envelopes[2 * reach + unknown / 2] = unknown % 2 == 0 ? ComplexSample(1, 0) : ComplexSample(0, 1)
        }
        var mode = unknown < 0 ? model.resonator.mode : .zero
        var stepPhasor = phasor
        for _ in 0..<reach { stepPhasor = stepPhasor * rotation.conjugate }
        rows[0].append(mode * 2)
        modes[0].append(mode)
        for step in 0..<(horizon + reach) {
          let fade = modulator.fadeShare(step: first + step - reach)
          if index == 0, unknown < 0 { carriers.append(stepPhasor.conjugate * fade) }
          var input = ComplexSample.zero
          for (index, gains) in model.smoothedGains.enumerated() {
            let base = envelopes[step + index] * stepPhasor.conjugate
            input = input + gains.positive * base + gains.negative * base.conjugate
          }
          mode = model.poleStep * mode + input * (0.5 * fade)
          stepPhasor = stepPhasor * rotation
          // The acceleration: the mode and the drive's direct term, the envelope at the edge.
          let edge = (envelopes[step + reach] + envelopes[step + reach + 1]) * 0.5
          rows[step + 1].append(mode * 2 + edge * stepPhasor.conjugate * model.resonator.direct)
          modes[step + 1].append(mode)
        }
      }
      responses.append(rows)
      starts.append(modes)
    }
    let frameCount = carrier.count
    // The acceleration at each frame of step `step` (from the step being decided), as its
    // part without the unknown envelopes (first) and per unit of each envelope's part.
    func feltRows(_ model: Int, _ step: Int) -> [[Double]] {
      let resonator = models[model].resonator
      let loop = step + reach
      var modes = starts[model][loop]
      var rows = [[Double]]()
      for frame in 0..<frameCount {
        let turn = carriers[loop] * carrier[frame]
        // The drive of the frame for each envelope around the step, weighted by the smoothing.
        var drive = [Double](repeating: 0, count: unknowns + 1)
        for offset in 0...(2 * reach) {
          let weight = smoothing[offset * frameCount + frame]
          guard weight != 0 else { continue }
          let envelope = loop + offset - 2 * reach
          drive[0] += weight * (known[loop + offset] * turn).real
          if envelope >= 0, envelope < driven {
            drive[1 + 2 * envelope] += weight * turn.real
            drive[2 + 2 * envelope] -= weight * turn.imaginary
          }
        }
        rows.append((0...unknowns).map { 2 * modes[$0].real + resonator.direct * drive[$0] })
        for index in modes.indices { modes[index] = resonator.pole * modes[index] + resonator.residue * drive[index] }
      }
      return rows
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
    // A polygon's sides' directions, and the share of the radius they are at so that the polygon
    // is within the circle.
    func polygon(_ count: Int) -> (sides: [ComplexSample], inner: Double) {
      let sides = (0..<count).map { ComplexSample.unit(turns: -Double($0) / Double(count)) }
      return (sides, ComplexSample.unit(turns: 0.5 / Double(count)).real)
    }
    let envelopePolygons = (polygon(Self.envelopeSides.bound), polygon(Self.envelopeSides.ring))
    let crestPolygons = (polygon(Self.crestSides.bound), polygon(Self.crestSides.ring))
    let width = 2 * unknowns + 1
    // A tap is felt at its peak: in the second half of the steps where its reference is at its
    // top (80 % of it or more), as the nominal drive's.
    let level = targets.prefix(end).reduce(0) { max($0, $1.magnitude) }
    let atTop = targets.prefix(end).indices.filter { targets[$0].magnitude >= Self.topShare * level }
    let earliest = max(1, min(driven, ((atTop.first ?? 0) + (atTop.last ?? 0) + 1) / 2))
    let rows = models.count * (1 + (horizon - driven + 1) * Self.crestSides.ring) + driven * Self.crestSides.bound + 1
    var program = LinearProgram(columns: width, rows: rows)
    let window = Array(earliest...max(earliest, min(driven, end - 1)))
    let felt = models.indices.map { model in window.flatMap { feltRows(model, $0) } }
    // The felt acceleration of `model` over the window's frames.
    func feltValues(_ model: Int, _ drive: [Double]) -> [Double] {
      felt[model].map { row in
        var sum = row[0]
        for index in 0..<unknowns { sum += row[index + 1] * drive[index] }
        return sum
      }
    }
    // Each unit's crest of the sign `sign` nearest the frame `frame` (within a step).
    func crests(near frame: Int, sign: Double, _ drive: [Double]) -> [Int] {
      models.indices.map { model in
        let values = feltValues(model, drive)
        let range = max(0, frame - frameCount)...min(values.count - 1, frame + frameCount)
        return range.max { sign * values[$0] < sign * values[$1] } ?? frame
      }
    }
    // The plan with each unit's peak held at `crests` (the sign `sign`), or else as the envelope
    // at the step's edge where it is largest in `drive`.
    func solveProgram(crests: [Int]?, sign: Double, from drive: [Double]) -> [Double]? {
      program.removeAll()
      let (circle, ring) = crests == nil ? envelopePolygons : crestPolygons
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
        if let crests {
          // `−sign·felt + t ≤ sign·free` at the unit's crest.
          let row = felt[model][crests[model]]
          var coefficients = [Double](repeating: 0, count: width)
          for index in 0..<unknowns {
            coefficients[index] = -sign * row[index + 1]
            coefficients[unknowns + index] = sign * row[index + 1]
          }
          coefficients[width - 1] = 1
          program.add(coefficients, atMost: sign * row[0])
        } else {
          var top = earliest
          for step in earliest...max(earliest, min(driven, end - 1))
          where mode(model, step, drive).magnitude > mode(model, top, drive).magnitude {
            top = step
          }
          let peak = mode(model, top, drive)
          let direction = peak.magnitude > 0 ? peak.conjugate * (1 / peak.magnitude) : ComplexSample(1, 0)
          add(responses[model][top + reach][0], direction, model: model, step: top, level: 1, sign: -1)
        }
        for step in driven...horizon {
          for side in ring.sides {
            add(
              responses[model][step + reach][0], side, model: model, step: step,
              level: -Self.tapRingShares[model] * ring.inner, sign: 1)
          }
        }
      }
      for step in 0..<driven {
        for side in circle.sides {
          var coefficients = [Double](repeating: 0, count: width)
          coefficients[2 * step] = side.real
          coefficients[2 * step + 1] = -side.imaginary
          coefficients[unknowns + 2 * step] = -side.real
          coefficients[unknowns + 2 * step + 1] = side.imaginary
          program.add(coefficients, atMost: bound * circle.inner)
        }
      }
      // Not above the tap's own level.
      var highest = [Double](repeating: 0, count: width)
      highest[width - 1] = 1
      program.add(highest, atMost: level)
      var objective = [Double](repeating: -1e-6, count: width)
      objective[width - 1] = 1
      guard let solution = program.maximise(objective) else { return nil }
      return (0..<unknowns).map { solution[$0] - solution[unknowns + $0] }
    }
    var best = (drive: drive, peak: -1.0)
    func keep(_ drive: [Double]) {
      let peak = models.indices.map { feltValues($0, drive).reduce(0) { max($0, abs($1)) } }.min() ?? 0
      if peak > best.peak { best = (drive, peak) }
    }
    for _ in 0..<Self.envelopeSolves {
      guard let solved = solveProgram(crests: nil, sign: 1, from: drive) else { return nil }
      drive = solved
      keep(drive)
    }
    let nominal = feltValues(0, drive)
    let largest = nominal.reduce(0) { max($0, abs($1)) }
    let candidates = nominal.indices.filter { frame in
      abs(nominal[frame]) >= Self.crestShare * largest
        && (frame == 0 || abs(nominal[frame - 1]) < abs(nominal[frame]))
        && (frame + 1 == nominal.count || abs(nominal[frame + 1]) <= abs(nominal[frame]))
    }
    for candidate in candidates {
      let sign: Double = nominal[candidate] < 0 ? -1 : 1
      let crests = crests(near: candidate, sign: sign, drive)
      if let solved = solveProgram(crests: crests, sign: sign, from: drive) { keep(solved) }
    }
    return (0..<driven).map { ComplexSample(best.drive[2 * $0], best.drive[2 * $0 + 1]) }
  }
}
