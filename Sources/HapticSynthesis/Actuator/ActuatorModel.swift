import HapticSupport

/// A linear resonant actuator as a second-order resonator: the drive `u` (full scale ±1, the
/// amplifier's maximum) moves a mass on a spring,
///
///     ẍ + (ω0/Q)·ẋ + ω0²·x = k·u,      ω0 = 2π·resonance,
///
/// and the hand feels its acceleration `ẍ`, in units where a sine drive of amplitude
/// ``ratedDrive`` at the resonance gives an acceleration of amplitude 1 in steady state: the
/// level that an intensity of 1 asks for. See docs/actuators.md §1.
///
/// Its ``kind`` follows from ``usableBand``: without one it is a high-Q linear resonant
/// actuator, driven at its resonance; with one it is a wideband voice coil, driven through an
/// equalizer across the band (docs/actuators.md §8).
public struct ActuatorModel: Sendable, Hashable, Codable {
  /// How an actuator is driven.
  public enum Kind: String, Sendable, CaseIterable {
    /// A linear resonant actuator: a drive at f0 with overdrive and braking (`DriveController`),
    /// carriers within the −3 dB band.
    case lra
    /// A wideband voice coil: carriers across ``ActuatorModel/usableBand``, the drive the
    /// target through the inverse of the actuator's response (`EqualizingDrive`).
    case voiceCoil = "voice-coil"
  }

  /// The resonance f0 in Hz, within ``resonanceRange`` and below half the sample rate.
  public var resonance: Double
  /// The quality factor Q, within ``qualityFactorRange``: f0 over the −3 dB bandwidth. The
  /// envelope of the free ringing decays with the time constant Q/(π·f0).
  public var qualityFactor: Double
  /// The drive, of full scale (within ``ratedDriveRange``), whose sine at f0 gives acceleration
  /// 1 in steady state.
  /// Full scale is the amplifier's maximum, so 0.5 leaves twice the rated drive for overdrive
  /// and braking.
  public var ratedDrive: Double
  /// The acceleration in g of the level 1 (within ``gPerUnitRange``), for plots in g; `nil`
  /// when unknown.
  public var gPerUnit: Double?
  /// How far, in Hz, the resonance of a unit may lie from ``resonance`` (spread between units,
  /// temperature), within ``resonanceToleranceRange`` and below a quarter of the resonance: the
  /// drive stops every actuator of the band `resonance ± resonanceTolerance`, not only the
  /// nominal one (docs/actuators.md §2.1). 0 stops the nominal actuator alone, fastest.
  public var resonanceTolerance: Double
  /// The drive's ceiling in dBFS, within ``ceilingRange``: the true peak (4× oversampled) of the
  /// drive stays at or below it, so that the amplifier is never fed an over (docs/actuators.md
  /// §2.2).
  public var ceiling: Double
  /// The band a wideband voice coil is driven over; `nil` for a linear resonant actuator.
  public var usableBand: FrequencyBand?

  public init(
    resonance: Double, qualityFactor: Double, ratedDrive: Double = 0.5, gPerUnit: Double? = nil,
    resonanceTolerance: Double = 0, ceiling: Double = ActuatorModel.defaultCeiling,
    usableBand: FrequencyBand? = nil
  ) {
    self.resonance = resonance
    self.qualityFactor = qualityFactor
    self.ratedDrive = ratedDrive
    self.gPerUnit = gPerUnit
    self.resonanceTolerance = resonanceTolerance
    self.ceiling = ceiling
    self.usableBand = usableBand
  }

  /// ``Kind/voiceCoil`` when the model has a ``usableBand``, else ``Kind/lra``.
  public var kind: Kind { usableBand == nil ? .lra : .voiceCoil }

  /// A linear resonant actuator at 170 Hz with Q 12, rated at half of full scale, whose units
  /// resonate within ±10 Hz of it: its envelope time constant is 22.5 ms.
  public static let lra = ActuatorModel(resonance: 170, qualityFactor: 12, ratedDrive: 0.5, resonanceTolerance: 10)

  /// A wideband voice-coil transducer: resonance 80 Hz with Q 2, rated at half of full scale,
  /// driven over 50 … 300 Hz.
  public static let voiceCoil = ActuatorModel(
    resonance: 80, qualityFactor: 2, ratedDrive: 0.5,
    usableBand: FrequencyBand(minimumFrequency: 50, maximumFrequency: 300))

  /// The built-in actuators by name.
  public static let builtIn: [(name: String, model: ActuatorModel)] = [("lra", .lra), ("voice-coil", .voiceCoil)]

  /// The built-in actuator called `name`.
  public static func named(_ name: String) -> ActuatorModel? {
    builtIn.first { $0.name == name }?.model
  }

  /// Accepted resonances in Hz (the sample rate bounds them further): from below the lowest
  /// LRAs (50 Hz) to where touch stops feeling vibration (1 kHz). See docs/actuators.md §1.3.
  public static let resonanceRange = 40.0...1_000.0
  /// Accepted quality factors: from a heavily damped actuator that still rings (its poles are
  /// complex above 0.5) to ten times the Q of a mounted LRA; the ring-down lasts at most 5.5 s.
  public static let qualityFactorRange = 1.0...100.0
  /// Accepted rated drives, of full scale: an amplifier at most 40 dB above the actuator's
  /// rating (a rated sine then still spans 650 steps of 16-bit PCM), and at most full scale.
  public static let ratedDriveRange = 0.01...1.0
  /// Accepted accelerations of the level 1, in g: from a fingertip wearable to a seat shaker.
  public static let gPerUnitRange = 0.01...100.0
  /// Accepted resonance tolerances, in Hz (a quarter of the resonance bounds them further):
  /// LRAs spread by 5…10 Hz between units and with temperature.
  public static let resonanceToleranceRange = 0.0...250.0

  /// Accepted ceilings, in dBFS: from full scale down to 40 dB below it (a rated drive of
  /// 0.01, the lowest accepted, still fits under −40 dBFS).
  public static let ceilingRange = -40.0...0.0
  /// The ceiling of a file that names none: 1 dB of headroom, as for `normalize`.
  public static let defaultCeiling = -1.0

  /// The ceiling as a share of full scale, `10^(ceiling/20)` (0.891 at −1 dBFS).
  public var ceilingAmplitude: Double { Decibels.gain(ceiling) }

  /// The time constant of the envelope, Q/(π·f0), in seconds: the free ringing falls by e in it.
  public var timeConstantSeconds: Double { qualityFactor / (Double.pi * resonance) }

  /// How long the output runs on after the pattern, in seconds: the time the free ringing
  /// needs to fall by 60 dB, τ·ln 1000 (155 ms for ``lra``); for a voice coil, the longer of
  /// that and the time the equalized response's ringing needs (115 ms for ``voiceCoil``).
  public var ringSeconds: Double {
    let ringing = usableBand.map { max(timeConstantSeconds, EqualizingDrive.timeConstantSeconds($0)) }
    return (ringing ?? timeConstantSeconds) * 6.907_755_278_982_137
  }

  /// ``ringSeconds`` in frames at `sampleRate`, rounded up.
  package func ringFrames(at sampleRate: Int) -> Int {
    Int((ringSeconds * Double(sampleRate)).rounded(.up))
  }

  /// The signal profile used when no `--profile` is given: for a voice coil, carriers across
  /// its usable band; for an LRA, across the −3 dB band f0·(1 ± 1/(2Q)) (162.9 … 177.1 Hz for
  /// ``lra``; sharpness 0.5 is f0), at whose edges a level needs √2 times the drive it needs at
  /// f0. Amplitude `I²`, two-cycle transients.
  public var bandProfile: SignalProfile {
    if let usableBand {
      return SignalProfile(
        minimumFrequency: usableBand.minimumFrequency, maximumFrequency: usableBand.maximumFrequency,
        amplitudeExponent: 2, transientCycles: 2)
    }
    let halfWidth = resonance / (2 * qualityFactor)
    return SignalProfile(
      minimumFrequency: resonance - halfWidth, maximumFrequency: resonance + halfWidth, amplitudeExponent: 2,
      transientCycles: 2)
  }

  /// The drive, of full scale, whose sine at `frequency` (Hz, above 0) gives acceleration 1 in
  /// steady state: `ratedDrive·|H(f0)|/|H(f)|`, `H` the acceleration's response, so
  /// ``ratedDrive`` at the resonance, more below it and, for `Q·ratedDrive` above 1, above it.
  /// Above 1 (full scale), an intensity of 1 at that frequency cannot be played.
  public func driveForLevelOne(at frequency: Double) -> Double {
    let r2 = (frequency / resonance) * (frequency / resonance)
    let q = qualityFactor
    return ratedDrive * q * ((1 - r2) * (1 - r2) + r2 / (q * q)).squareRoot() / r2
  }

  /// The most drive, in full scales, a usable band's lower edge may need for acceleration 1
  /// (``driveForLevelOne(at:)``): below the edge the equalizing drive's gain rises further, and
  /// beyond this the drive's slow swings from the target's envelope would push the coil aside.
  public static let largestEdgeDrive = 10.0

  /// The lowest lower edge of a usable band for this actuator, in Hz (at least
  /// ``FrequencyBand/lowestFrequency``): where ``driveForLevelOne(at:)`` is
  /// ``largestEdgeDrive``, to within 0.01 Hz, rounded up to it.
  public var lowestBandEdge: Double {
    var (low, high) = (FrequencyBand.lowestFrequency, resonance)
    guard driveForLevelOne(at: low) > Self.largestEdgeDrive else { return low }
    // The drive falls as the frequency rises towards the resonance: bisect for the crossing.
    while high - low > 0.001 {
      let middle = (low + high) / 2
      if driveForLevelOne(at: middle) > Self.largestEdgeDrive { low = middle } else { high = middle }
    }
    return (high * 100).rounded(.up) / 100
  }

  /// Checks the values against their ranges and the resonance against the sample rate.
  ///
  /// - Parameters:
  ///   - sampleRate: The render's rate, in Hz.
  ///   - isDriven: Whether a drive is computed for this actuator, whose band's lower edge must
  ///     then be at or above ``lowestBandEdge``; `false` for a unit only simulated, which
  ///     follows a drive computed for another.
  /// - Throws: ``RenderError/optionOutOfRange(_:value:range:)`` naming the value (an edge of
  ///   the usable band among them, ``FrequencyBand/validate(sampleRate:)``, its lower edge below
  ///   ``lowestBandEdge``), ``RenderError/resonanceAboveNyquist(resonance:sampleRate:)``, or
  ///   ``RenderError/carrierAboveNyquist(frequency:sampleRate:)`` for a band not below half the
  ///   sample rate.
  public func validate(sampleRate: Int, isDriven: Bool = true) throws(RenderError) {
    try RenderOptions.Setting.actuatorResonance.check(resonance)
    guard 2 * resonance < Double(sampleRate) else {
      throw .resonanceAboveNyquist(resonance: resonance, sampleRate: sampleRate)
    }
    try RenderOptions.Setting.actuatorQualityFactor.check(qualityFactor)
    try RenderOptions.Setting.actuatorRatedDrive.check(ratedDrive)
    if let gPerUnit { try RenderOptions.Setting.actuatorGPerUnit.check(gPerUnit) }
    try RenderOptions.Setting.actuatorResonanceTolerance.check(resonanceTolerance)
    try RenderOptions.Setting.actuatorCeiling.check(ceiling)
    guard 4 * resonanceTolerance < resonance else {
      throw .optionOutOfRange(
        .actuatorResonanceTolerance, value: resonanceTolerance,
        range: RenderOptions.Bounds(0...(resonance / 4), excludingUpperBound: true))
    }
    guard let usableBand else { return }
    try usableBand.validate(sampleRate: sampleRate)
    guard isDriven else { return }
    let lowestEdge = lowestBandEdge
    guard usableBand.minimumFrequency >= lowestEdge else {
      throw .optionOutOfRange(
        .actuatorBandEdge, value: usableBand.minimumFrequency,
        range: RenderOptions.Bounds(lowestEdge...(Double(sampleRate) / 2)))
    }
  }
}
