/// The stop for a band of resonances (``RobustStop``): when a sound's end is in view, the steps
/// from there to some 37 ms past it (``RobustStop/extraSteps``) are planned for every actuator
/// of the band, again every two blocks of steps; a tap's steps once, as it begins
/// (``RobustStop/planTap``).
extension DriveController {
  /// The drive envelope of the step being driven while the controller stops a band: a plan's
  /// first step during a stop (one begins when the target's end, and a tail of silence, comes
  /// within the references ahead), otherwise the loop's.
  ///
  /// - Parameter step: The step being driven, from the output's first frame.
  mutating func robustDrive(
    mode: ComplexSample, reference: ComplexSample, phasor: ComplexSample, step: Int
  ) -> ComplexSample {
    let count = pending.count
    // The newest reference (the last one entered) is not silent against the current level:
    // no sound's end is in view, and the loop drives (the common case, kept cheap: the stop,
    // a large value, is not even copied).
    let newest = pending[pendingIndex == 0 ? count - 1 : pendingIndex - 1].reference.magnitude
    // The larger magnitude as the root of the larger square: the same value (the root is
    // monotonic and correctly rounded), for one root instead of two.
    let current = max(mode.magnitudeSquared, reference.magnitudeSquared).squareRoot()
    if stopStepsLeft == 0, newest > 1e-4, newest > 0.01 * current {
      return loopDrive(mode: mode, goal: reference).drives
    }
    guard let robustStop else { return .zero }
    // `targets[k]`: the reference at the end of step `k` from the one being driven.
    stopTargets.removeAll(keepingCapacity: true)
    stopTargets.append(reference)
    var centre = pending[pendingIndex].reference
    for offset in 1..<count {
      let next = pending[(pendingIndex + offset) % count].reference
      stopTargets.append((centre + next) * 0.5)
      centre = next
    }
    let targets = stopTargets
    if stopStepsLeft == 0 {
      let level = max(mode.magnitude, targets.reduce(0) { max($0, $1.magnitude) })
      let floor = 0.01 * level
      if level > 1e-4, let last = targets.lastIndex(where: { $0.magnitude > floor }),
        last + 1 + RobustStop.tailSteps < count,
        targets[RobustStop.leadSteps].magnitude > floor || mode.magnitude > floor,
        let end = targets.lastIndex(where: { $0.magnitude > 0.1 * level })
      {
        stopStepsLeft = end + 1 + robustStop.extraSteps
        stopLevel = level
        for model in stopScales.indices { stopScales[model] = 1 }
        stopRises = level > 1.1 * mode.magnitude
        stopPlansTap = robustStop.plansTap(end: end + 1)
        stopStep = 0
        // A tap's plan may begin steps later: until then its steps count from the stop's start.
        planStart = 0
        plannedBlocks = []
      }
    }
    guard stopStepsLeft > 0 else {
      // Past a stop the band's actuators ring down on their own: braking what is left of the
      // nominal one would set them going again.
      return reference == .zero ? .zero : loopDrive(mode: mode, goal: reference).drives
    }
    defer {
      stopStepsLeft -= 1
      stopStep += 1
    }
    if stopRises {
      // A tap too long to plan (``RobustStop/largestTapPlan``) is the loop's.
      guard stopPlansTap else {
        return reference == .zero ? .zero : loopDrive(mode: mode, goal: reference).drives
      }
      // A tap: planned once, ``RobustStop/leadSteps`` before its reference exceeds a hundredth
      // of its top.
      if plannedBlocks.isEmpty,
        targets[RobustStop.leadSteps].magnitude > RobustStop.tapOnsetShare
          * targets.reduce(0, { max($0, $1.magnitude) })
      {
        plannedBlocks =
          robustStop.planTap(
            nominal: writtenModel, modulator: modulator, phasor: phasor, rotation: stepRotation, step: step,
            targets: targets, end: stopEnd, bound: driveBound) ?? []
        planStart = stopStep
      }
      let planned = stopStep - planStart
      return planned < plannedBlocks.count ? plannedBlocks[planned] : .zero
    }
    // Planned again every two blocks from the models' own states.
    if stopStep % (RobustStop.blockSteps * RobustStop.replanBlocks) == 0 {
      // The nominal mode's share of the target at the carrier, over the share at f0 that the
      // plan assumes.
      let share = modeShare.offResonance
      let planned = (0..<stopStepsLeft).map { $0 < targets.count ? targets[$0] * share : .zero }
      let modes = [resonator.mode] + robustStop.predictedModes(over: modulator, phasor: phasor, rotation: stepRotation)
      plannedBlocks = robustStop.plan(
        modes: modes, phasor: phasor, targets: planned, end: stopEnd, level: stopLevel,
        bound: min(driveBound, RobustStop.levelBound * stopLevel),
        scales: &stopScales)
      planStart = stopStep
    }
    let block = (stopStep - planStart) / RobustStop.blockSteps
    return block < plannedBlocks.count ? plannedBlocks[block] : .zero
  }
}
