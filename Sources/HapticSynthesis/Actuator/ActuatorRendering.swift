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

  public init(model: ActuatorModel, output: Output = .drive, name: String = "actuator") {
    self.model = model
    self.output = output
    self.name = name
  }
}
