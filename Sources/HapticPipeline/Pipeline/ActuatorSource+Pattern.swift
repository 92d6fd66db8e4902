import HapticSynthesis

extension ActuatorSource {
  /// A pattern rendered for the actuator of `options`: its haptic channel, rendered with
  /// `options`, is the target.
  ///
  /// - Throws: `RenderError` for bad options (no actuator, or one whose resonance is not below
  ///   half the sample rate, among them).
  public init(_ pattern: some RenderablePattern, options: RenderOptions) throws(RenderError) {
    guard let actuator = options.actuator else { throw .missingActuator }
    try options.validate()
    var targetOptions = options
    targetOptions.actuator = nil
    targetOptions.layout = .haptic
    try self.init(
      following: PatternSource(pattern, options: targetOptions), actuator: actuator, blockSize: options.blockSize)
  }
}
