import HapticSupport

/// The part of the acceleration's envelope that goes through the actuator's mode at the carrier
/// the target plays (docs/actuators.md §2, step 4): `r/(z − p)` over the whole response
/// `b0 + r/(z − p) + r̄/(z − p̄)` at `z = e^(2πi·f/fs)`, for the ``Resonator``'s pole `p`,
/// residue `r` and direct term `b0`.
///
/// The loop steers the mode to this share of the reference, and the drive's direct term gives
/// the rest. Off f0 the drive that holds a level is larger, and so is its direct term: the
/// share taken at f0 left the level 6 % high at the top of `lra`'s band and 6 % low at its
/// bottom. The carrier is read from how the reference turns from one step to the next,
/// `next·conj(current)` smoothed over about ``smoothingSeconds`` (weighted by the level squared,
/// so a silence or a fade keeps the carrier of the sound before it); the share is the quadratic
/// in that turn through its values at f0 and at the edges of the −3 dB band, and the edges'
/// beyond them.
///
/// Invariants: at f0 (a reference that does not turn) the share is the one at f0; at rest
/// (``rest()``) the estimate is exactly zero, as after any run of silent steps skipped.
struct ModeShare: Sendable {
  /// The smoothing of the turn's estimate, in seconds.
  static let smoothingSeconds = 0.002

  /// The share at f0, and the quadratic's first and second coefficients in the turn per step
  /// (radians).
  private let atResonance: ComplexSample
  private let slope: ComplexSample
  private let curvature: ComplexSample
  /// The turn per step at the band's edges, radians.
  private let edge: Double
  private let smoothing: Double
  /// `next·conj(current)`, smoothed.
  private var turn = ComplexSample.zero
  /// The share for the carrier estimated so far.
  private(set) var share: ComplexSample

  /// - Parameters:
  ///   - resonator: The nominal model at `sampleRate`.
  ///   - model: Its resonance and Q.
  ///   - stepFrames: Frames in a control step.
  init(resonator: Resonator, model: ActuatorModel, sampleRate: Int, stepFrames: Int) {
    let rate = Double(sampleRate)
    let share = { (frequency: Double) -> ComplexSample in
      let z = ComplexSample.unit(turns: frequency / rate)
      let mode = resonator.residue / (z - resonator.pole)
      let mirror = resonator.residue.conjugate / (z - resonator.pole.conjugate)
      return mode / (mode + mirror + ComplexSample(resonator.direct, 0))
    }
    let halfWidth = model.resonance / (2 * model.qualityFactor)
    edge = 2 * Double.pi * halfWidth * Double(stepFrames) / rate
    atResonance = share(model.resonance)
    let (below, above) = (share(model.resonance - halfWidth), share(model.resonance + halfWidth))
    slope = (above - below) * (0.5 / edge)
    curvature = (above + below - atResonance * 2) * (0.5 / (edge * edge))
    smoothing = PortableMath.exp(-Double(stepFrames) / rate / Self.smoothingSeconds)
    self.share = atResonance
  }

  /// ``share`` over the share at f0.
  var offResonance: ComplexSample { share / atResonance }

  /// Takes the references at the ends of two consecutive steps, and sets ``share``.
  @inline(__always)
  mutating func take(_ current: ComplexSample, _ next: ComplexSample) {
    turn = turn * smoothing + next * current.conjugate * (1 - smoothing)
    let size = turn.magnitudeSquared
    guard size > 0 else { return }
    // The sine of the turn, which is the turn within 2e-4 of it over the band (0.063 rad for
    // `lra` at 48 kHz).
    let angle = min(edge, max(-edge, turn.imaginary / size.squareRoot()))
    share = atResonance + (slope + curvature * angle) * angle
  }

  /// Forgets the carrier: the controller is at rest.
  mutating func rest() {
    turn = .zero
    share = atResonance
  }
}
