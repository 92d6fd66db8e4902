import HapticSupport

/// Finds, frame by frame, a drive within full scale whose acceleration on the actuator follows
/// a target signal: overdrive at onsets, braking at ends, the target's level and phase in
/// between (docs/actuators.md §2).
///
/// The controller works on complex envelopes at f0 (``ResonancePhasor``):
/// 1. the target's envelope `R` (``EnvelopeDemodulator``), read `lookAhead` frames ahead;
/// 2. limited by ``BrakeGovernor`` to what braking at 95 % of its strength can still stop by
///    the end of the target's sound (found where the envelope, `spread` frames later, has
///    fallen) less ``brakingLeadSeconds``;
/// 3. the actuator's mode `M` (from ``Resonator``, less the part the drive's image at −f0
///    leaves in it) is steered to the reference with a closed-loop time constant of 0.25 ms:
///    `M ← μ·M + (1 − μ)·Rₘ`, which asks for the drive envelope `U = ((μ − λ)·M + (1 − μ)·Rₘ)/κ`
///    (`λ`, `κ`: the mode's own step at f0);
/// 4. `U` is bounded: by 1 (a sine within full scale) while it drives the mode up, by the
///    fundamental of a sine of amplitude 2 clipped to ±1 (1.218, ``ClippedSine``) while it
///    brakes;
/// 5. the drive is `Re(U·e^(iω0t))`, clipped to ±1.
///
/// Invariants: |drive| ≤ 1; deterministic; each frame depends on the frames before it only,
/// so the output does not depend on how the input is split into blocks. After a silence of
/// ``delay`` frames with the actuator at rest, both outputs are exactly 0.
///
/// - Complexity: O(1) per frame; buffers of about 20 ms of complex values.
package struct DriveController: Sendable {
  /// The share of the strongest braking that the governor plans with: the loop then has some
  /// left to catch up with the plan.
  package static let governorShare = 0.95
  /// How long before the end of the target's sound the braking plan ends, in seconds: the
  /// loop follows the plan a little late.
  package static let brakingLeadSeconds = 0.001
  /// The lag of the image's estimate, in seconds.
  package static let imageSeconds = 0.000_5
  /// The closed loop's time constant, in seconds.
  package static let loopSeconds = 0.000_25
  /// How far ahead of the frame being driven the reference is read, in seconds.
  package static let lookAheadSeconds = 0.004_5

  private var resonator: Resonator
  /// The mode's forced response to the drive's image at −f0, over the phasor: taken out of the
  /// mode before it is compared with the reference. It follows `imageGain·conj(U)` with a lag of
  /// ``imageSeconds``, so that it stays out of the loop's own step (which it would make unstable)
  /// and leaves no ringing of its own behind when the drive stops.
  private var image = ComplexSample.zero
  private let imageSmoothing: Double
  private var demodulator: EnvelopeDemodulator
  /// Envelopes waiting `spread` frames, so that the governor sees the level `spread` frames
  /// later beside each: the level it must reach at a frame is the smaller of the two, which
  /// moves a falling edge back by the spread of the demodulator's averages (its rising edges
  /// stay), so that braking ends where the target's own sound does, not where its smoothed
  /// envelope does.
  private var spreading: [ComplexSample]
  private var spreadingIndex = 0
  private var governor: BrakeGovernor
  /// Phasor of the newest input frame, and of the frame being driven.
  private var inputPhasor: ResonancePhasor
  private var drivePhasor: ResonancePhasor
  /// References between the governor and the frame being driven (`lookAhead` of them).
  private var pending: [ComplexSample]
  private var pendingIndex = 0
  /// `κ`, the mode's step for a drive envelope of 1, and its inverse.
  private let driveGain: ComplexSample
  private let inverseDriveGain: ComplexSample
  /// `μ − λ`: the loop's step less the mode's own.
  private let stepDifference: ComplexSample
  /// The reference's weight in the loop, `(1 − μ)` times the part of the response at f0 that
  /// goes through the mode (in steady state `M` is that part of `R`).
  private let referenceWeight: ComplexSample
  /// The mode's forced response to the image of a drive envelope `U`: `imageGain·conj(U)·phasor`.
  /// Far from resonance, it follows `U` within a frame.
  private let imageGain: ComplexSample
  private let clippedSine: ClippedSine
  private var quietFrames = 0

  /// Frames between a target sample entering and the drive for its frame leaving.
  package let delay: Int

  /// - Precondition: `model` is valid at `sampleRate`.
  package init(_ model: ActuatorModel, sampleRate: Int) {
    let rate = Double(sampleRate)
    resonator = Resonator(model, sampleRate: sampleRate)
    demodulator = EnvelopeDemodulator(frequency: model.resonance, sampleRate: sampleRate)
    clippedSine = ClippedSine()
    governor = BrakeGovernor(
      strength: Self.governorShare * clippedSine.largestFundamental / model.ratedDrive,
      timeConstant: model.timeConstantSeconds * rate, highestLevel: 2)
    let lead = Int((Self.brakingLeadSeconds * rate).rounded())
    spreading = Array(repeating: .zero, count: max(1, demodulator.half - 1 + lead))
    inputPhasor = ResonancePhasor(frequency: model.resonance, sampleRate: sampleRate)
    drivePhasor = inputPhasor
    let lookAhead = max(1, Int((Self.lookAheadSeconds * rate).rounded()))
    pending = Array(repeating: .zero, count: lookAhead)
    delay = demodulator.delay + spreading.count + governor.window + lookAhead
    let closedLoop = PortableMath.exp(-1 / (Self.loopSeconds * rate))
    let rotation = ComplexSample.unit(turns: -model.resonance / rate)
    let modeStep = resonator.pole * rotation
    driveGain = resonator.residue * rotation
    // The mode's steady response at f0 to U (its positive-frequency half), and its share of the
    // whole response.
    let modeResponse = resonator.residue / (ComplexSample.unit(turns: model.resonance / rate) - resonator.pole)
    let modeShare = modeResponse / resonator.responseAtResonance
    imageGain = resonator.residue * 0.5 / (rotation - resonator.pole)
    imageSmoothing = PortableMath.exp(-1 / (Self.imageSeconds * rate))
    inverseDriveGain = ComplexSample(1, 0) / driveGain
    stepDifference = ComplexSample(closedLoop, 0) - modeStep
    referenceWeight = modeShare * (1 - closedLoop)
  }

  /// Whether the target has been silent and the actuator at rest for long enough that every
  /// buffer holds exact zeros: from here on, each target frame of 0 gives a drive and an
  /// acceleration of exactly 0 and changes nothing but the frame counters (``skipRest(_:)``).
  /// Stored rather than computed, so that reading it from another module does not copy the
  /// controller.
  package private(set) var isAtRest = false

  /// Takes `count` target frames of 0 while ``isAtRest``: what `count` calls of ``next(_:)``
  /// with 0 do (they all return zeros), at a cost that does not grow with `count` beyond the
  /// governor's window. The breathing sessions' holds are long silences.
  package mutating func skipRest(_ count: Int) {
    precondition(isAtRest, "the controller skips only while at rest")
    demodulator.skipSilence(count)
    inputPhasor.advance(by: count)
    drivePhasor.advance(by: count)
    spreadingIndex = (spreadingIndex + count) % spreading.count
    governor.skipRest(count)
    pendingIndex = (pendingIndex + count) % pending.count
    quietFrames += count
  }

  /// Takes the target of frame `k + delay`; returns the drive and the acceleration of frame `k`.
  @inline(__always)
  package mutating func next(_ target: Double) -> (drive: Double, acceleration: Double) {
    let envelope = demodulator.next(target, phasor: inputPhasor.value)
    inputPhasor.advance()
    let earlier = spreading[spreadingIndex]
    spreading[spreadingIndex] = envelope
    spreadingIndex = spreadingIndex + 1 == spreading.count ? 0 : spreadingIndex + 1
    let earlierMagnitude = earlier.magnitude
    let limited = governor.next(earlier, level: min(earlierMagnitude, envelope.magnitude))
    let reference = pending[pendingIndex]
    pending[pendingIndex] = limited
    pendingIndex = pendingIndex + 1 == pending.count ? 0 : pendingIndex + 1
    let phasor = drivePhasor.value
    drivePhasor.advance()
    if demodulator.isSilent, limited == .zero, reference == .zero {
      quietFrames += 1
      if quietFrames > pending.count + governor.window {
        resonator.settle(below: 1e-9)
        if resonator.mode == .zero {
          image = .zero
          isAtRest = quietFrames > spreading.count + pending.count + governor.window
          return (0, 0)
        }
      }
    } else {
      quietFrames = 0
      isAtRest = false
    }
    let mode = (resonator.mode - image * phasor) * phasor * 2
    var wanted = (stepDifference * mode + reference * referenceWeight) * inverseDriveGain
    let size = wanted.magnitude
    let brakes = (driveGain * wanted * mode.conjugate).real < 0
    let limit = brakes ? clippedSine.largestFundamental : 1
    if size > limit { wanted = wanted * (limit / size) }
    let fundamental = min(size, limit)
    let amplitude = fundamental > 1 ? clippedSine.amplitude(forFundamental: fundamental) / fundamental : 1
    let drive = max(-1, min(1, amplitude * (wanted * phasor.conjugate).real))
    image = image * imageSmoothing + imageGain * wanted.conjugate * (1 - imageSmoothing)
    return (drive, resonator.step(drive))
  }
}
