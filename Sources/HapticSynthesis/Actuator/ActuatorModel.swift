import HapticSupport

/// A linear resonant actuator as a second-order resonator: the drive `u` (full scale ±1, the
/// amplifier's maximum) moves a mass on a spring,
///
///     ẍ + (ω0/Q)·ẋ + ω0²·x = k·u,      ω0 = 2π·resonance,
///
/// and the hand feels its acceleration `ẍ`, in units where a sine drive of amplitude
/// ``ratedDrive`` at the resonance gives an acceleration of amplitude 1 in steady state: the
/// level that an intensity of 1 asks for. See docs/actuators.md §1.
public struct ActuatorModel: Sendable, Hashable, Codable {
  /// The resonance f0 in Hz, > 0 and below half the sample rate.
  public var resonance: Double
  /// The quality factor Q, 0.5 < Q ≤ 1000: f0 over the −3 dB bandwidth. The envelope of the
  /// free ringing decays with the time constant Q/(π·f0).
  public var qualityFactor: Double
  /// The drive, 0 < x ≤ 1 of full scale, whose sine at f0 gives acceleration 1 in steady state.
  /// Full scale is the amplifier's maximum, so 0.5 leaves twice the rated drive for overdrive
  /// and braking.
  public var ratedDrive: Double
  /// The acceleration in g of the level 1, for plots in g; `nil` when unknown.
  public var gPerUnit: Double?

  public init(resonance: Double, qualityFactor: Double, ratedDrive: Double = 0.5, gPerUnit: Double? = nil) {
    self.resonance = resonance
    self.qualityFactor = qualityFactor
    self.ratedDrive = ratedDrive
    self.gPerUnit = gPerUnit
  }

  /// A linear resonant actuator at 170 Hz with Q 12, rated at half of full scale: its envelope
  /// time constant is 22.5 ms.
  public static let lra = ActuatorModel(resonance: 170, qualityFactor: 12, ratedDrive: 0.5)

  /// The built-in actuators by name.
  public static let builtIn: [(name: String, model: ActuatorModel)] = [("lra", .lra)]

  /// The built-in actuator called `name`.
  public static func named(_ name: String) -> ActuatorModel? {
    builtIn.first { $0.name == name }?.model
  }

  /// Accepted resonances in Hz (the sample rate bounds them further).
  public static let resonanceRange = 1.0...20_000.0
  /// Accepted quality factors: above 0.5 the actuator rings (its poles are complex).
  public static let qualityFactorRange = 0.5...1_000.0

  /// The time constant of the envelope, Q/(π·f0), in seconds: the free ringing falls by e in it.
  public var timeConstantSeconds: Double { qualityFactor / (Double.pi * resonance) }

  /// How long the output runs on after the pattern, in seconds: the time the free ringing
  /// needs to fall by 60 dB, τ·ln 1000 (155 ms for ``lra``).
  public var ringSeconds: Double { timeConstantSeconds * 6.907_755_278_982_137 }

  /// The signal profile used when no `--profile` is given: carriers across the −3 dB band
  /// f0·(1 ± 1/(2Q)) (162.9 … 177.1 Hz for ``lra``; sharpness 0.5 is f0), amplitude `I²`,
  /// two-cycle transients. At the band's edges a level needs √2 times the drive it needs at f0.
  public var bandProfile: SignalProfile {
    let halfWidth = resonance / (2 * qualityFactor)
    return SignalProfile(
      minimumFrequency: resonance - halfWidth, maximumFrequency: resonance + halfWidth, amplitudeExponent: 2,
      transientCycles: 2)
  }

  /// Checks the values against their ranges and the resonance against the sample rate.
  ///
  /// - Throws: ``RenderError/optionOutOfRange(_:value:range:)`` naming the value, or
  ///   ``RenderError/resonanceAboveNyquist(resonance:sampleRate:)``.
  public func validate(sampleRate: Int) throws(RenderError) {
    try RenderOptions.Setting.actuatorResonance.check(resonance)
    guard 2 * resonance < Double(sampleRate) else {
      throw .resonanceAboveNyquist(resonance: resonance, sampleRate: sampleRate)
    }
    try RenderOptions.Setting.actuatorQualityFactor.check(qualityFactor)
    try RenderOptions.Setting.actuatorRatedDrive.check(ratedDrive)
  }
}
