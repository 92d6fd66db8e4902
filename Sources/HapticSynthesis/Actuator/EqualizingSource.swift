import HapticAudio

/// A haptic signal rendered for a wideband voice coil (``ActuatorModel/Kind/voiceCoil``), as a
/// `FrameSource`: the signal is the target, and each frame of the output is the drive that
/// follows it (``EqualizingDrive``, kept within the actuator's ceiling by a look-ahead gain), the
/// acceleration that drive produces, or the target beside the acceleration (docs/actuators.md
/// §8; the plain drive's acceleration is `PlainAccelerationSource`'s).
///
/// The ceiling (``ActuatorModel/ceiling``, −1 dBFS by default): where the equalized drive would
/// exceed it (a level the actuator cannot give at that frequency within it), its gain comes down
/// over the 5 ms before and returns over
/// 50 ms after, as ``PeakLimiter`` does for `--peak limit`: nothing is clipped, and
/// ``overloadCount`` counts the overloads.
///
/// The drive is checked (`DriveCheck`) before it is delivered, as an LRA's is, and before the
/// acceleration it drives is: a simulation, figures or a plot of a drive that a render refuses
/// are refused too.
///
/// Invariants: the frames do not depend on the block size; memory does not grow with the
/// pattern's length; the output runs on past the target for ``ActuatorModel/ringSeconds``.
package struct EqualizingSource: FrameSource {
  private let output: ActuatorRendering.Output
  private var resonator: Resonator
  private var driveCheck: DriveCheck
  /// The target and its drive (`nil` while taken out to be read).
  private var frames: EqualizedTarget?
  /// The look-ahead gain on the drive (`nil` while taken out to be read).
  private var limiter: PeakLimiter?
  /// The drive's frames, for the outputs that are not the drive itself.
  private var driveBlock: AudioBlock
  private var frame = 0
  /// The largest sample magnitude delivered so far, over the channels of the output.
  package private(set) var peak = 0.0

  package let sampleRate: Int
  package let frameCount: Int
  package var channelCount: Int { output == .targetAndAcceleration ? 2 : 1 }
  /// Separate overloads of the ceiling that the look-ahead gain brought down so far.
  package var overloadCount: Int { limiter?.overloadCount ?? 0 }
  /// The smallest gain the look-ahead gain applied so far, 0 … 1.
  package var smallestGain: Double { limiter?.smallestGain ?? 1 }

  /// - Precondition: `actuator.model` is a voice coil, valid at the target's sample rate.
  package init(following target: any FrameSource, actuator: ActuatorRendering, blockSize: Int) {
    output = actuator.output
    sampleRate = target.sampleRate
    resonator = Resonator(actuator.simulatedModel, sampleRate: sampleRate)
    driveCheck = DriveCheck(resonance: actuator.model.resonance, sampleRate: sampleRate)
    frameCount = target.frameCount + actuator.model.ringFrames(at: sampleRate)
    frames = EqualizedTarget(
      target, equalizer: EqualizingDrive(actuator.model, sampleRate: sampleRate), frameCount: frameCount,
      blockSize: blockSize, keepsTarget: output == .targetAndAcceleration)
    limiter = PeakLimiter(
      channelCount: 1, frameCount: frameCount, sampleRate: sampleRate, blockSize: blockSize,
      ceiling: actuator.model.ceilingAmplitude)
    driveBlock = AudioBlock(channelCount: 1, capacity: blockSize)
  }

  /// - Throws: ``RenderError/driveNotFinite(seconds:)`` or ``RenderError/driveOffset(mean:seconds:)``
  ///   for a drive an amplifier must not be fed; what the target throws.
  package mutating func read(into block: inout AudioBlock) throws -> Bool {
    guard frame < frameCount else { return false }
    if output == .drive {
      guard try Self.readDrive(into: &block, limiter: &limiter, frames: &frames) else { return false }
      let checked = try block.channels[0].withUnsafeBufferPointer {
        try driveCheck.check(UnsafeBufferPointer(rebasing: $0[..<block.frameCount]))
      }
      peak = max(peak, checked)
    } else {
      if driveBlock.capacity != block.capacity { driveBlock = AudioBlock(channelCount: 1, capacity: block.capacity) }
      guard try Self.readDrive(into: &driveBlock, limiter: &limiter, frames: &frames) else { return false }
      let count = driveBlock.frameCount
      _ = try driveBlock.channels[0].withUnsafeBufferPointer {
        try driveCheck.check(UnsafeBufferPointer(rebasing: $0[..<count]))
      }
      let channel = output == .acceleration ? 0 : 1
      block.withUnsafeMutableChannel(channel) { acceleration in
        driveBlock.channels[0].withUnsafeBufferPointer { drive in
          for index in 0..<count { acceleration[index] = Float(resonator.step(Double(drive[index]))) }
        }
      }
      if output == .targetAndAcceleration {
        block.withUnsafeMutableChannel(0) {
          frames!.dequeueTarget(into: UnsafeMutableBufferPointer(rebasing: $0[0..<count]))
        }
      }
      block.setFrameCount(count)
      peak = max(peak, block.peak)
    }
    frame += block.frameCount
    return true
  }

  /// The next frames of the drive of `frames`, through `limiter`, into `block`.
  private static func readDrive(
    into block: inout AudioBlock, limiter storedLimiter: inout PeakLimiter?, frames storedFrames: inout EqualizedTarget?
  ) throws -> Bool {
    guard var limiter = storedLimiter.take(), var frames = storedFrames.take() else { return false }
    // Taken out and put back: a copy would duplicate their buffers on every block.
    defer { (storedLimiter, storedFrames) = (limiter, frames) }
    var failure: (any Error)?
    let read = limiter.read(into: &block) { rendered in
      do { return try frames.makeDrive(into: &rendered) } catch {
        failure = error
        return false
      }
    }
    if let failure { throw failure }
    return read
  }
}
