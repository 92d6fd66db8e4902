import HapticSynthesis

extension ActuatorSource {
  /// A pattern rendered for the actuator of `options`: its haptic channel, rendered with
  /// `options`, is the target. The output, the target and the actuator's ring-down after it,
  /// is bounded by the options' `maximumDurationSeconds` like every render. The target is
  /// synthesized on the render's threads (the options' `threads`), each a time range at a time,
  /// the same frames as on one. Copies of a source whose target runs on several threads share
  /// that synthesis: read only one of them.
  ///
  /// - Throws: `RenderError` for bad options (no actuator, or one whose resonance is not below
  ///   half the sample rate, among them), or `RenderError.durationLimitExceeded(seconds:limit:)`.
  public init(_ pattern: some RenderablePattern, options: RenderOptions) throws(RenderError) {
    guard let actuator = options.actuator else { throw .missingActuator }
    try options.validate()
    var targetOptions = options
    targetOptions.actuator = nil
    targetOptions.layout = .haptic
    var target: PatternSource
    do {
      target = try PatternSource(pattern, options: targetOptions)
    } catch .durationLimitExceeded(let seconds, let limit) {
      // The output runs on for the ring-down: the length refused is the output's, so that a
      // limit raised to it is not refused again (to the millisecond above, a frame to spare).
      let ring = Double(actuator.model.ringFrames(at: options.sampleRate) + 1) / Double(options.sampleRate)
      throw .durationLimitExceeded(seconds: Self.millisecondAbove(seconds + ring), limit: limit)
    }
    // Nothing reads the target's report: the render reports the drive's peak.
    target.measuresPeak = false
    let threadCount = Render.threadCount(target, options)
    try self.init(
      following: threadCount > 1
        ? RangedTarget(target, threadCount: threadCount, blockSize: options.blockSize) : target,
      actuator: actuator, blockSize: options.blockSize)
    let seconds = Self.millisecondAbove(Double(frameCount) / Double(sampleRate))
    if seconds > options.maximumDurationSeconds {
      throw .durationLimitExceeded(seconds: seconds, limit: options.maximumDurationSeconds)
    }
  }

  /// `seconds` rounded up to the millisecond, as the limit's message gives a length.
  private static func millisecondAbove(_ seconds: Double) -> Double {
    (seconds * 1_000).rounded(.up) / 1_000
  }
}
