/// What a render for an actuator writes (`render --actuator`): one channel, derived from the
/// haptic channel of the pattern's render (the target).
public struct ActuatorRendering: Sendable, Hashable, Codable {
  /// Which signal is written.
  public enum Output: String, Sendable, CaseIterable, Codable {
    /// The drive for the actuator's amplifier, within ±1 (`DriveController`).
    case drive
    /// The acceleration that the drive produces on the model (`--simulate`).
    case acceleration
    /// The acceleration of the plain drive, the target times the rated drive
    /// (`--simulate --no-compensation`).
    case plainAcceleration
    /// Two channels: the target, and the acceleration that the drive produces (for
    /// `info`, `plot` and `preview`).
    case targetAndAcceleration
  }

  public var model: ActuatorModel
  public var output: Output
  /// What to call the actuator in plots and reports: `lra`, or a file's name.
  public var name: String
  /// The resonance, in Hz, of the actuator the acceleration is simulated on, when it is not the
  /// model's (a unit of the spread, or one warmed up): the drive is still computed for the
  /// model. Within ``ActuatorModel/resonanceRange`` and below half the sample rate.
  public var simulatedResonance: Double?

  public init(
    model: ActuatorModel, output: Output = .drive, name: String = "actuator", simulatedResonance: Double? = nil
  ) {
    self.model = model
    self.output = output
    self.name = name
    self.simulatedResonance = simulatedResonance
  }

  /// The actuator the acceleration is simulated on: the model, at ``simulatedResonance`` when set.
  public var simulatedModel: ActuatorModel {
    var simulated = model
    if let simulatedResonance {
      simulated.resonance = simulatedResonance
      simulated.resonanceTolerance = 0
    }
    return simulated
  }

  /// Checks the actuator, and the unit simulated when it is another, against their ranges and
  /// the sample rate (``ActuatorModel/validate(sampleRate:isDriven:)``; the unit simulated
  /// follows the actuator's drive, so its band's lower edge may need more than a drive of its
  /// own could give).
  public func validate(sampleRate: Int) throws(RenderError) {
    try model.validate(sampleRate: sampleRate)
    if simulatedResonance != nil { try simulatedModel.validate(sampleRate: sampleRate, isDriven: false) }
  }
}
