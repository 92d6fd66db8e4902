import HapticSupport

/// Finds a drive within the actuator's ceiling whose acceleration on the actuator follows a
/// target signal: overdrive at onsets, braking at ends, the target's level and phase in between
/// (docs/actuators.md §2).
///
/// The controller works on complex envelopes at f0, one value per control step of
/// ``stepFrames`` frames (a quarter of a period of f0 or less), and touches single frames to
/// demodulate the target, to modulate the drive, and where the drive switches within a step:
/// 1. the target's envelope `R` (``EnvelopeDemodulator``), read `lookAhead` steps ahead;
/// 2. limited by ``BrakeGovernor`` to what braking (``governorShare``) can still stop by
///    the end of the target's sound (found where the envelope, the spread of the demodulator's
///    averages later, has fallen);
/// 3. the actuator's mode `M` (the resonant part of the model's acceleration as a complex
///    envelope; over a step with the drive envelope `U` held, `M ← Λ·M + K·U + ρₖ·K̃·conj(U)`,
///    the last term from the drive's image at −f0, `ρₖ = e^(−2iω0·t)` at the step's start) less
///    the image's forced response `ρₖ·F` is steered to the reference at the step's end:
///    `M ← μ·M + (1 − μ)·Rₘ` (`μ = e^(−step/0.25 ms)`, a step of 1.4 ms at 170 Hz reaches the
///    reference within 0.4 %), which asks for `U = ((μ − Λ)·M + (1 − μ)·Rₘ)/K`. Over a step `K̃`
///    is as large as `K` (a real drive cannot tell +f0 from −f0 over a quarter of a period), so
///    the image is not solved for step by step: `F` follows `conj(U)·K̃/(e^(−2iω0s/fs) − Λ)`
///    with a lag of ``imageSeconds``, and the loop, which reads the model's own mode, takes up
///    what the estimate misses;
/// 4. `|U|` is bounded by the actuator's ceiling (``ActuatorModel/ceilingAmplitude``), pushing
///    and braking alike;
/// 5. at the top of a rise that the braking plan ends, the level is held until the
///    acceleration's next crest and the stop begins there at full strength and goes on to rest
///    ahead of the plan;
/// 6. the model is moved over `Re(U·e^(iω0t))`, `U` held over the step (frame by frame over a
///    step that switches at a crest), predicted from the model on the drive written: the
///    steps' envelopes smoothed over half a period (``SmoothModulator``), a step or two later;
/// 7. for an actuator with a resonance tolerance, steps 4 and 5 give way, from where a sound's
///    end comes into view, to a plan that stops every unit of the band (``RobustStop``), read
///    40 ms further ahead.
///
/// Invariants: the drive's true peak is within the ceiling; deterministic; each step depends
/// on the steps before it only, and steps begin at whole multiples of ``stepFrames`` from the
/// first frame, so the output does not depend on how the input is split into blocks. The mode
/// is the ``Resonator``'s for the drive written, up to rounding. After a silence of ``delay``
/// frames with the model at rest, the drive is exactly 0.
///
/// - Complexity: O(1) per step for the envelopes, and a pass over the step's frames to
///   demodulate and to write; buffers of about 20 ms of complex values at the step rate.
package struct DriveController: Sendable {
  /// The strength that the governor plans with, over that of the strongest braking within the
  /// ceiling: a fall a little faster than braking can make. The stop from a crest starts
  /// braking at the top, ahead of the plan, and ends within a tap's figures; planned at 0.85 of
  /// the braking, a tap peaked at 0.53 instead of 0.60 (docs/actuators.md §2.2).
  package static let governorShare = 1.2
  /// The lag of the image's estimate, in seconds.
  package static let imageSeconds = 0.000_5
  /// The closed loop's time constant, in seconds.
  package static let loopSeconds = 0.000_25
  /// How far ahead of the step being driven the reference is read, in seconds.
  package static let lookAheadSeconds = 0.004_5
  /// The fewest control steps in a period of f0.
  package static let stepsPerPeriod = 4

  /// Frames in each control step, ≥ 1: a period of f0 over ``stepsPerPeriod``, rounded down to
  /// a multiple of 4 from 4 frames on.
  package let stepFrames: Int
  /// Frames between a target frame entering and the drive for that frame leaving: whole steps.
  package let delay: Int

  /// `cos(ω0·j/fs)` and `sin(ω0·j/fs)` for the frames `j` of a step.
  private let cosines: [Double]
  private let sines: [Double]
  /// `2/stepFrames`: the mean of `2·a·e^(−iω0t)` over a step.
  let meanScale: Double
  /// Phasors of the newest input step and of the step being driven.
  var inputPhasor: ResonancePhasor
  private var drivePhasor: ResonancePhasor
  private var demodulator: EnvelopeDemodulator
  /// Envelopes waiting `spread` steps, so that the governor sees the level `spread` steps later
  /// beside each: the level it must reach at a step is the smaller of the two, which moves a
  /// falling edge back by the spread of the demodulator's averages (its rising edges stay), so
  /// that braking ends where the target's own sound does, not where its smoothed envelope does.
  private var spreading: [ComplexSample]
  private var spreadingIndex = 0
  private var governor: BrakeGovernor
  /// References between the governor and the step being driven (`lookAhead` of them), and
  /// whether the governor lowered each.
  var pending: [(reference: ComplexSample, isLimited: Bool)]
  var pendingIndex = 0
  /// The model's mode `q` (``Resonator/mode``) at the beginning of the step being driven, and
  /// the resonator for the frames of clipped steps.
  var resonator: Resonator
  /// `Λ` and `K`: the mode's own step, and its step for a drive envelope of 1 held over a step.
  private let modeStep: ComplexSample
  private let driveGain: ComplexSample
  private let inverseDriveGain: ComplexSample
  /// The image's forced response for `conj(U)` = 1, `K̃/(e^(−2iω0s/fs) − Λ)`; its estimate `F`
  /// and the estimate's smoothing per step.
  let imageResponse: ComplexSample
  var imageEstimate = ComplexSample.zero
  let imageSmoothing: Double
  /// `μ`.
  private let closedLoop: Double
  /// The mode's level at the beginning of the last step, whether a stop at full strength is
  /// under way, and the last step's reference.
  private var lastModeLevel = 0.0
  private var isStopping = false
  private var lastReference = ComplexSample.zero
  /// The part of the response at the target's carrier that goes through the mode (in steady
  /// state `M` is that part of `R`); the loop weighs the reference with it times `(1 − μ)`.
  var modeShare: ModeShare
  /// The largest drive envelope, pushing or braking: the ceiling, less 0.01 dB (0.1 %), room
  /// for a true-peak meter's interpolation and the rounding to the output's samples.
  let driveBound: Double
  /// The envelope of the step just driven; the drive written from the envelopes and the model
  /// on it, at the beginning of the step the modulator writes next (``resonator`` is predicted
  /// from it at each step); how the phasor turns over a step.
  var envelope = ComplexSample.zero
  var modulator: SmoothModulator
  var writtenModel: SteppedResonator
  let stepRotation: ComplexSample
  private var quietSteps = 0
  /// The stop for a band of resonances (``ActuatorModel/resonanceTolerance`` > 0), and the
  /// steps left in the stop under way (0 when none is).
  var robustStop: RobustStop?
  var stopStepsLeft = 0
  /// The level of the sound that the stop under way ends: its top, or the mode's if higher.
  var stopLevel = 0.0
  /// How many times its own weight each model's quiet has in the stop under way's plans.
  var stopScales = [Double](repeating: 1, count: RobustStop.quietWeights.count)
  /// Steps until the end of the sound that the stop under way ends.
  var stopEnd: Int { stopStepsLeft - (robustStop?.extraSteps ?? 0) }
  /// Whether the sound that the stop under way ends was still rising to its top when it began
  /// (a tap), and whether that tap is planned (``RobustStop/plansTap(end:)``) or the loop's.
  var stopRises = false
  var stopPlansTap = false
  /// Steps since the stop under way began, the drive envelopes of its plan's blocks, and the
  /// step the plan began at.
  var stopStep = 0
  var plannedBlocks: [ComplexSample] = []
  var planStart = 0
  /// The references ahead of the step being driven, refilled at each step of a band's drive
  /// (kept so that its storage is reused, not made again).
  var stopTargets: [ComplexSample] = []

  /// - Precondition: `model` is valid at `sampleRate`.
  package init(_ model: ActuatorModel, sampleRate: Int) {
    let rate = Double(sampleRate)
    let periodSteps = Int(rate / (model.resonance * Double(Self.stepsPerPeriod)))
    stepFrames = periodSteps >= 4 ? periodSteps & ~3 : max(1, periodSteps)
    let stepSeconds = Double(stepFrames) / rate
    demodulator = EnvelopeDemodulator(frequency: model.resonance, stepSeconds: stepSeconds)
    driveBound = model.ceilingAmplitude * 0.999
    governor = BrakeGovernor(
      strength: Self.governorShare * driveBound / model.ratedDrive,
      timeConstant: model.timeConstantSeconds / stepSeconds, highestLevel: 2)
    spreading = Array(repeating: .zero, count: max(1, demodulator.half - 1))
    var lookAhead = max(1, Int((Self.lookAheadSeconds / stepSeconds).rounded()))
    if model.resonanceTolerance > 0 { lookAhead += max(4, Int((RobustStop.horizonSeconds / stepSeconds).rounded())) }
    pending = Array(repeating: (.zero, false), count: lookAhead)
    let delaySteps = demodulator.delay + spreading.count + governor.window + lookAhead
    let carrier = (0..<stepFrames).map { Sine.precise(turns: model.resonance * Double($0) / rate) }
    modulator = SmoothModulator(
      stepFrames: stepFrames, periodFrames: rate / model.resonance, frequency: model.resonance,
      sampleRate: sampleRate, firstStep: -delaySteps, carrier: carrier)
    delay = (delaySteps + modulator.reach) * stepFrames
    inputPhasor = ResonancePhasor(frequency: model.resonance, sampleRate: sampleRate, framesPerStep: stepFrames)
    drivePhasor = ResonancePhasor(
      frequency: model.resonance, sampleRate: sampleRate, framesPerStep: stepFrames, firstStep: -delaySteps)
    cosines = carrier.map(\.cosine)
    sines = carrier.map(\.sine)
    meanScale = 2 / Double(stepFrames)
    // Over a step, in `M = 2·q·e^(−iω0t)`, the model's step (`SteppedResonator`) is
    // `Λ·M + K·U + ρ·K̃·conj(U)`.
    let stepped = SteppedResonator(model, sampleRate: sampleRate, carrier: carrier, smoothing: modulator.weights)
    writtenModel = stepped
    resonator = stepped.resonator
    stepRotation = ComplexSample.unit(turns: -model.resonance * stepSeconds)
    modeStep = stepped.poleStep * stepRotation
    driveGain = stepped.positiveGain * stepRotation
    // `K̃`, the mode's step for the image of a drive envelope of 1 (`ρₖ = e^(−2iω0·t)` at the
    // step's first frame).
    let imageGain = stepped.negativeGain * stepRotation
    inverseDriveGain = ComplexSample(1, 0) / driveGain
    imageResponse = imageGain / (ComplexSample.unit(turns: -2 * model.resonance * stepSeconds) - modeStep)
    imageSmoothing = PortableMath.exp(-stepSeconds / Self.imageSeconds)
    closedLoop = PortableMath.exp(-stepSeconds / Self.loopSeconds)
    modeShare = ModeShare(resonator: resonator, model: model, sampleRate: sampleRate, stepFrames: stepFrames)
    if model.resonanceTolerance > 0 {
      robustStop = RobustStop(model, sampleRate: sampleRate, carrier: carrier, smoothing: modulator.weights)
    }
  }

  /// Whether the target has been silent and the model at rest for long enough that every
  /// buffer holds exact zeros: from here on, each step of target frames of 0 gives a drive of
  /// exactly 0 and changes nothing but the step counters (``skipRest(_:)``). Stored rather
  /// than computed, so that reading it from another module does not copy the controller.
  package private(set) var isAtRest = false

  /// Takes `count` steps of target frames of 0 while ``isAtRest``: what driving them does (they
  /// write zeros), at a cost that does not grow with `count` beyond the governor's window.
  package mutating func skipRest(_ count: Int) {
    precondition(isAtRest, "the controller skips only while at rest")
    demodulator.skipSilence(count)
    inputPhasor.advance(by: count)
    drivePhasor.advance(by: count)
    spreadingIndex = (spreadingIndex + count) % spreading.count
    governor.skipRest(count)
    pendingIndex = (pendingIndex + count) % pending.count
    modulator.skipSilence(count)
    quietSteps += count
  }

  /// Takes the target frames of whole steps, `k` on, and writes the drive of as many frames,
  /// those of the steps `k − delay/stepFrames` on, until the buffers end or the controller comes
  /// to rest (from where the caller may skip a silence); returns the frames taken.
  ///
  /// - Precondition: both buffers hold the same whole number of steps.
  package mutating func drive(_ target: UnsafeBufferPointer<Float>, into drive: UnsafeMutableBufferPointer<Float>)
    -> Int
  {
    precondition(
      target.count == drive.count && target.count % stepFrames == 0, "the buffers hold the same whole steps")
    let cosines = self.cosines
    let sines = self.sines
    return cosines.withUnsafeBufferPointer { cosines in
      sines.withUnsafeBufferPointer { sines in
        var frame = 0
        while frame < target.count {
          let carrier = (cosines.baseAddress!, sines.baseAddress!)
          step(target.baseAddress! + frame, drive.baseAddress! + frame, carrier: carrier)
          frame += stepFrames
          if isAtRest { break }
        }
        return frame
      }
    }
  }

  /// One step: takes ``stepFrames`` target frames and writes as many frames of drive;
  /// `carrier` holds `cos(ω0·j/fs)` and `sin(ω0·j/fs)` for the frames `j` of a step.
  @inline(__always)
  private mutating func step(
    _ target: UnsafePointer<Float>, _ drive: UnsafeMutablePointer<Float>,
    carrier: (cosines: UnsafePointer<Double>, sines: UnsafePointer<Double>)
  ) {
    envelope = .zero
    controlStep(target, carrier: carrier)
    write(into: drive)
    if isAtRest, !modulator.isSilent { isAtRest = false }
  }

  /// The control step of ``step(_:_:carrier:)``: sets ``envelope``.
  @inline(__always)
  private mutating func controlStep(
    _ target: UnsafePointer<Float>, carrier: (cosines: UnsafePointer<Double>, sines: UnsafePointer<Double>)
  ) {
    let (limited, reference, isPlanned) = nextReference(demodulate(target, carrier: carrier))
    let phasor = drivePhasor.value
    let step = drivePhasor.step
    drivePhasor.advance()
    // A step before the output's first frame is never played: it drives nothing.
    if step < 0 { return }
    if demodulator.isSilent, limited == .zero, reference == .zero {
      quietSteps += 1
      if quietSteps > pending.count {
        // Below 1e-4 (−80 dB) the mode rings down: braking it would set a band's other units
        // going (docs/actuators.md §2.1), and the loop, reading it ahead, brakes it slowly.
        writtenModel.resonator.settle(below: 1e-4)
        if writtenModel.resonator.mode == .zero, robustStop?.settle() ?? true {
          imageEstimate = .zero
          isAtRest = quietSteps > spreading.count + pending.count + governor.window
          if isAtRest { modeShare.rest() }
          return
        }
      }
    } else {
      quietSteps = 0
      isAtRest = false
    }
    // A stop at full strength, once begun at a crest, goes on to rest, ahead of the braking
    // plan, until the plan ends or the reference rises again.
    if isStopping, !isPlanned || reference.magnitudeSquared > lastReference.magnitudeSquared { isStopping = false }
    defer { lastReference = reference }
    // The mode at the step's first frame over its phasor, less the image's forced response.
    resonator = writtenModel.predicted(over: modulator, phasor: phasor, rotation: stepRotation)
    let image = phasor * phasor
    let mode = resonator.mode * phasor * 2 - image * imageEstimate
    if robustStop != nil {
      hold(robustDrive(mode: mode, reference: reference, phasor: phasor, step: step))
      return
    }
    let (drives, brakes) = loopDrive(mode: mode, goal: isStopping ? .zero : reference)
    defer { lastModeLevel = mode.magnitude }
    // The top of a rise (the mode rose over the last step) that the braking plan ends: the loop
    // turns to braking, or its drive falls below full strength where the mode has met a
    // falling plan.
    let isPlanFalling = reference.magnitudeSquared < lastReference.magnitudeSquared
    let meetsPlan = drives.magnitude < driveBound && mode.magnitudeSquared >= 0.95 * 0.95 * reference.magnitudeSquared
    let hasRisen = mode.magnitude - lastModeLevel > 0.02 * mode.magnitude
    if hasRisen, isPlanned, brakes || (isPlanFalling && meetsPlan),
      mode.magnitudeSquared > 0.01 * reference.magnitudeSquared
    {
      // The top of a rise that the braking plan ends: the level is held until the
      // acceleration's next crest and the stop begins there at full strength, so that the
      // highest crest is the last one of the rise and the braking starts from it.
      let hold = mode * (ComplexSample(1, 0) - modeStep) * inverseDriveGain
      let stop = loopDrive(mode: mode, goal: .zero)
      let braked = brakeFromCrest(hold: hold, brake: stop.drives, phasor: phasor, carrier: carrier)
      isStopping = braked
      moveImageEstimate(toward: braked ? stop.drives : hold)
      return
    }
    hold(drives)
  }

  /// The loop's drive envelope for a step that begins at the mode `mode` and should end at
  /// `goal`, within ``driveBound``; and whether it brakes.
  @inline(__always)
  func loopDrive(mode: ComplexSample, goal: ComplexSample) -> (drives: ComplexSample, brakes: Bool) {
    var drives = (mode * closedLoop + goal * modeShare.share * (1 - closedLoop) - modeStep * mode) * inverseDriveGain
    let size = drives.magnitude
    let brakes = (driveGain * drives * mode.conjugate).real < 0
    if size > driveBound { drives = drives * (driveBound / size) }
    return (drives, brakes)
  }

  /// Moves a step's mean through the demodulator, the spread, the governor and the look-ahead;
  /// returns the reference that entered the look-ahead, the one for the step being driven, and
  /// whether the braking plan lowered the latter.
  @inline(__always)
  private mutating func nextReference(
    _ mean: ComplexSample
  ) -> (limited: ComplexSample, reference: ComplexSample, isPlanned: Bool) {
    let envelope = demodulator.next(mean)
    let earlier = spreading[spreadingIndex]
    spreading[spreadingIndex] = envelope
    spreadingIndex = spreadingIndex + 1 == spreading.count ? 0 : spreadingIndex + 1
    // The smaller magnitude, as the root of the smaller square (the root is monotonic and
    // correctly rounded: the same value, for one root instead of two).
    let level = min(earlier.magnitudeSquared, envelope.magnitudeSquared).squareRoot()
    let (limited, isLimited) = governor.next(earlier, level: level)
    let (current, isPlanned) = pending[pendingIndex]
    pending[pendingIndex] = (limited, isLimited)
    pendingIndex = pendingIndex + 1 == pending.count ? 0 : pendingIndex + 1
    // The reference at the end of the step: between its centre's and the next step's.
    let reference = (current + pending[pendingIndex].reference) * 0.5
    modeShare.take(current, pending[pendingIndex].reference)
    return (limited, reference, isPlanned)
  }
}
