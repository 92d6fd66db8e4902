/// The rows of a ``RobustStop`` plan's least squares, model by model, and what a planned drive
/// leaves on each model: the plan's own linear model of the steps ahead.
///
/// Over the plan's steps, each model's mode moves as `M ← Λ·M + K·v + ρₖ·K̃·conj(v)`, `v` the
/// envelope of the step's block; a row asks for the nominal mode on the target while the sound
/// lasts, or for a model's acceleration (its mode and the drive's direct term) near 0 from its
/// deadline on.
struct StopRows {
  let stop: RobustStop
  /// The models' modes `q` at the plan's first frame; `phasor`: `e^(−iω0t)` there.
  let modes: [ComplexSample]
  let phasor: ComplexSample
  /// The nominal mode wanted at the end of each step while the sound lasts; the steps until
  /// the sound's end.
  let targets: [ComplexSample]
  let end: Int

  /// Adds the rows of `model` to `equations`, but those that ask for quiet from the model's
  /// time on (``RobustStop/lateSteps`` after the sound's end) to `late`, so that they can be
  /// weighted again.
  func accumulate(_ model: Int, into equations: inout NormalEquations, late: inout NormalEquations) {
    let count = targets.count
    let unknowns = equations.right.count
    var real = [Double](repeating: 0, count: unknowns)
    var imaginary = [Double](repeating: 0, count: unknowns)
    // The target's top, which only the nominal model's tracking rows read.
    let peak = model == 0 ? targets.reduce(0) { max($0, $1.magnitude) } : 0
    let (pole, gain, imageGain) = (stop.poles[model], stop.gains[model], stop.imageGains[model])
    let inverseTurn = stop.imageTurn.conjugate
    let state = modes[model] * phasor * 2
    let deadline = end + RobustStop.deadlines[model]
    let lateStep = end + stop.lateSteps[model]
    var power = ComplexSample(1, 0)
    var lastTurn = phasor * phasor
    // For each weight a row has (at most three), `scale·Λ^k` and `scale·Λ^k·K`, `k` steps back:
    // the same for every row of that weight, so made once.
    var reaches: [(weight: Double, steps: [(reach: ComplexSample, direct: ComplexSample)])] = []
    func reachTable(_ weight: Double) -> Int {
      if let index = reaches.firstIndex(where: { $0.weight == weight }) { return index }
      var reach = ComplexSample(weight.squareRoot(), 0)
      let steps = (0..<count).map { _ -> (reach: ComplexSample, direct: ComplexSample) in
        defer { reach = reach * pole }
        return (reach, reach * gain)
      }
      reaches.append((weight: weight, steps: steps))
      return reaches.count - 1
    }
    for step in 0..<count {
      power = power * pole
      defer { lastTurn = lastTurn * stop.imageTurn }
      let isTracking = model == 0 && step < end
      let isLate = !isTracking && step >= lateStep
      let weight: Double =
        if isTracking {
          targets[step].magnitude >= RobustStop.topShare * peak ? 1 : RobustStop.trackingWeight
        } else if step >= deadline { RobustStop.quietWeights[model] } else { 0 }
      guard weight > 0 else { continue }
      let scale = weight.squareRoot()
      let length = 2 * (step / RobustStop.blockSteps + 1)
      for index in 0..<length {
        real[index] = 0
        imaginary[index] = 0
      }
      // `v_k` reaches the end of step `step` through `Λ^(step−k)·(K·v_k + ρ_k·K̃·conj v_k)`.
      let table = reaches[reachTable(weight)].steps
      var turn = lastTurn
      real.withUnsafeMutableBufferPointer { real in
        imaginary.withUnsafeMutableBufferPointer { imaginary in
          for (back, (reach, direct)) in table[0...step].enumerated() {
            let earlier = step - back
            let mirrored = reach * turn * imageGain
            let column = 2 * (earlier / RobustStop.blockSteps)
            real[column] += direct.real + mirrored.real
            real[column + 1] += mirrored.imaginary - direct.imaginary
            imaginary[column] += direct.imaginary + mirrored.imaginary
            imaginary[column + 1] += direct.real - mirrored.real
            turn = turn * inverseTurn
          }
        }
      }
      if !isTracking {
        // Quiet: the acceleration is the mode and the drive's direct term.
        let column = 2 * (step / RobustStop.blockSteps)
        real[column] += stop.directs[model] * scale
        imaginary[column + 1] += stop.directs[model] * scale
      }
      let wanted = isTracking ? targets[step] : .zero
      let value = (wanted - power * state) * scale
      if isLate {
        late.add(real, length: length, value: value.real)
        late.add(imaginary, length: length, value: value.imaginary)
      } else {
        equations.add(real, length: length, value: value.real)
        equations.add(imaginary, length: length, value: value.imaginary)
      }
    }
  }

  /// The model whose acceleration under the planned `drive` (`(Re v₀, Im v₀, Re v₁, …)`)
  /// exceeds its floor (``RobustStop/lateShares`` of `level`) by the most, at a step from its
  /// time on (``RobustStop/lateSteps`` after the sound's end), of those whose weight `scales`
  /// has not reached ``RobustStop/lateScaleLimit``; and that largest acceleration over its
  /// floor.
  func latest(_ drive: [Double], level: Double, scales: [Double]) -> (model: Int, excess: Double)? {
    guard level > 0 else { return nil }
    var latest: (model: Int, excess: Double)?
    for model in stop.poles.indices where scales[model] < RobustStop.lateScaleLimit {
      let floor = RobustStop.lateShares[model] * level
      let (pole, gain, imageGain) = (stop.poles[model], stop.gains[model], stop.imageGains[model])
      var mode = modes[model] * phasor * 2
      var turn = phasor * phasor
      var largest = 0.0
      let from = end + stop.lateSteps[model]
      for step in targets.indices {
        let block = 2 * (step / RobustStop.blockSteps)
        let drive = ComplexSample(drive[block], drive[block + 1])
        mode = pole * mode + gain * drive + turn * imageGain * drive.conjugate
        turn = turn * stop.imageTurn
        if step >= from { largest = max(largest, (mode + drive * stop.directs[model]).magnitude) }
      }
      if largest > floor, largest / floor > latest?.excess ?? 1 { latest = (model, largest / floor) }
    }
    return latest
  }
}
