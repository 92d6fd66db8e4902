extension RenderOptions {
  /// A value that ``RenderOptions/validate()`` checks: an option, or a value of the actuator's
  /// model (``ActuatorModel``). Named in ``RenderError/optionOutOfRange(_:value:range:)``.
  public enum Setting: String, Sendable, CaseIterable, CustomStringConvertible {
    /// ``RenderOptions/sampleRate``, Hz.
    case sampleRate
    /// ``RenderOptions/blockSize``, frames.
    case blockSize
    /// ``RenderOptions/intensityScale``.
    case intensityScale
    /// ``RenderOptions/gainDecibels``, dB.
    case gain
    /// ``RenderOptions/tailSeconds``, s.
    case tail
    /// ``RenderOptions/maximumDurationSeconds``, s.
    case maximumDuration
    /// ``RenderOptions/ceiling``, linear.
    case ceiling
    /// ``ActuatorModel/resonance``, Hz.
    case actuatorResonance
    /// ``ActuatorModel/qualityFactor``.
    case actuatorQualityFactor
    /// ``ActuatorModel/ratedDrive``, of full scale.
    case actuatorRatedDrive
    /// ``ActuatorModel/gPerUnit``, g.
    case actuatorGPerUnit
    /// ``ActuatorModel/resonanceTolerance``, Hz.
    case actuatorResonanceTolerance
    /// ``ActuatorModel/ceiling``, dBFS.
    case actuatorCeiling
    /// An edge of ``ActuatorModel/usableBand``, Hz.
    case actuatorBandEdge

    /// The values it accepts.
    public var bounds: Bounds {
      switch self {
      case .sampleRate: Bounds(RenderOptions.sampleRates)
      case .blockSize: Bounds(RenderOptions.blockSizes)
      case .intensityScale: Bounds(RenderOptions.intensityScales)
      case .gain: Bounds(RenderOptions.gainsDecibels)
      case .tail: .atLeast(0)
      case .maximumDuration: Bounds(RenderOptions.maximumDurations, excludingLowerBound: true)
      case .ceiling: Bounds(0...1, excludingLowerBound: true)
      case .actuatorResonance: Bounds(ActuatorModel.resonanceRange)
      case .actuatorQualityFactor: Bounds(ActuatorModel.qualityFactorRange)
      case .actuatorRatedDrive: Bounds(ActuatorModel.ratedDriveRange)
      case .actuatorGPerUnit: Bounds(ActuatorModel.gPerUnitRange)
      case .actuatorResonanceTolerance: Bounds(ActuatorModel.resonanceToleranceRange)
      case .actuatorCeiling: Bounds(ActuatorModel.ceilingRange)
      case .actuatorBandEdge: .atLeast(FrequencyBand.lowestFrequency)
      }
    }

    /// The unit of its values (`Hz`, `dB`, `s`), empty for a plain number.
    public var unit: String {
      switch self {
      case .sampleRate, .actuatorResonance, .actuatorResonanceTolerance, .actuatorBandEdge: "Hz"
      case .gain: "dB"
      case .actuatorCeiling: "dBFS"
      case .actuatorGPerUnit: "g"
      case .tail, .maximumDuration: "s"
      case .blockSize, .intensityScale, .ceiling, .actuatorQualityFactor, .actuatorRatedDrive: ""
      }
    }

    /// Its name in messages: `sample rate`, `actuator quality factor`.
    public var description: String {
      switch self {
      case .sampleRate: "sample rate"
      case .blockSize: "block size"
      case .intensityScale: "intensity scale"
      case .gain: "gain"
      case .tail: "tail"
      case .maximumDuration: "maximum duration"
      case .ceiling: "ceiling"
      case .actuatorResonance: "actuator resonance"
      case .actuatorQualityFactor: "actuator quality factor"
      case .actuatorRatedDrive: "actuator rated drive"
      case .actuatorGPerUnit: "actuator g per unit"
      case .actuatorResonanceTolerance: "actuator resonance tolerance"
      case .actuatorCeiling: "actuator ceiling"
      case .actuatorBandEdge: "actuator band edge"
      }
    }

    /// Throws ``RenderError/optionOutOfRange(_:value:range:)`` unless ``bounds`` contains `value`.
    package func check(_ value: Double) throws(RenderError) {
      guard bounds.contains(value) else { throw .optionOutOfRange(self, value: value, range: bounds) }
    }
  }
}
