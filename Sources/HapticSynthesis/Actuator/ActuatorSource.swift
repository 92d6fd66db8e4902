import HapticAudio

/// A haptic signal rendered for an actuator (``ActuatorRendering``), as a `FrameSource`: the
/// signal (a pattern's haptic channel) is the target, and each frame of the output is the drive
/// that follows it, the acceleration that drive produces, the acceleration of the plain drive
/// (the target times the rated drive), or the target beside the acceleration.
///
/// An LRA is driven at its resonance by a controller (`ResonantDriveSource`); a wideband voice
/// coil (``ActuatorModel/Kind/voiceCoil``) by its equalized response (`EqualizingSource`); the
/// plain drive's acceleration is the same for both (`PlainAccelerationSource`). The
/// output runs on past the pattern for the actuator's ring-down (``ActuatorModel/ringSeconds``),
/// so that what the actuator does after the last event is in the file. The drive is checked
/// before it is delivered: a sample that is not finite, or a DC offset, is an error, never a
/// block.
///
/// Invariants: the frames do not depend on the block size; memory does not grow with the
/// pattern's length.
public struct ActuatorSource: FrameSource {
  /// The source of the output: exactly one of the three is set.
  private var resonant: ResonantDriveSource?
  private var equalizing: EqualizingSource?
  private var plain: PlainAccelerationSource?
  /// The largest sample magnitude delivered so far, over the channels of the output.
  public var peak: Double { resonant?.peak ?? equalizing?.peak ?? plain!.peak }
  /// For a voice coil: separate overloads of the drive's ceiling that its look-ahead gain
  /// brought down so far, and its smallest gain, 0 … 1 (`EqualizingSource`).
  public var limitedOverloads: Int { equalizing?.overloadCount ?? 0 }
  public var smallestDriveGain: Double { equalizing?.smallestGain ?? 1 }
  /// The drive's ceiling, linear (``ActuatorModel/ceilingAmplitude``).
  public let driveCeiling: Double

  public let sampleRate: Int
  public let frameCount: Int
  public let channelCount: Int

  /// - Parameters:
  ///   - target: The signal to follow: one channel, from -1 to 1, at the actuator's sample rate.
  ///   - actuator: The actuator and the output wanted.
  ///   - blockSize: The largest block read from `target`, in frames.
  /// - Throws: ``RenderError`` when the actuator's resonance is not below half the sample rate.
  public init(following target: any FrameSource, actuator: ActuatorRendering, blockSize: Int) throws(RenderError) {
    try actuator.validate(sampleRate: target.sampleRate)
    driveCeiling = actuator.model.ceilingAmplitude
    sampleRate = target.sampleRate
    if actuator.output == .plainAcceleration {
      let source = PlainAccelerationSource(following: target, actuator: actuator, blockSize: blockSize)
      (frameCount, channelCount) = (source.frameCount, source.channelCount)
      plain = source
    } else if actuator.model.kind == .voiceCoil {
      let source = EqualizingSource(following: target, actuator: actuator, blockSize: blockSize)
      (frameCount, channelCount) = (source.frameCount, source.channelCount)
      equalizing = source
    } else {
      let source = ResonantDriveSource(following: target, actuator: actuator, blockSize: blockSize)
      (frameCount, channelCount) = (source.frameCount, source.channelCount)
      resonant = source
    }
  }

  /// - Throws: ``RenderError/driveNotFinite(seconds:)`` or ``RenderError/driveOffset(mean:seconds:)``
  ///   for a drive an amplifier must not be fed; what the target throws.
  public mutating func read(into block: inout AudioBlock) throws -> Bool {
    if resonant != nil { return try resonant!.read(into: &block) }
    if equalizing != nil { return try equalizing!.read(into: &block) }
    return try plain!.read(into: &block)
  }
}
