import HapticAudio

/// The drive of a high-Q actuator, an LRA, as a `FrameSource` (``ActuatorSource`` delivers
/// it): each frame of the output is the drive that follows the target (`DriveController`),
/// the acceleration that drive produces, or the target beside the acceleration (the plain
/// drive's acceleration is `PlainAccelerationSource`'s).
///
/// The drive is checked (`DriveCheck`) before it is delivered: a sample that is not finite,
/// or a DC offset, is an error, never a block.
///
/// Invariants: the frames do not depend on the block size (the controller's steps begin at
/// whole multiples of its step from the first frame, each computed from the steps before it,
/// and the model runs frame by frame); memory does not grow with the pattern's length; the
/// output runs on past the target for ``ActuatorModel/ringSeconds``.
struct ResonantDriveSource: FrameSource {
  private var target: TargetReader
  private let output: ActuatorRendering.Output
  private var controller: DriveController
  /// The model, for the acceleration of the drive.
  private var resonator: Resonator
  /// Refuses a drive that is not finite or holds an offset, before it is delivered.
  private var driveCheck: DriveCheck
  /// One control step of the target, and the drive of the step being delivered: its frames
  /// from `drivePosition` on are still to be delivered.
  private var targetStep: [Float]
  private var driveStep: [Float]
  private var drivePosition: Int
  /// For the two-channel output, which pairs frame `k` of the target with frame `k` of the
  /// acceleration (the controller takes the target `delay` frames early): the target frames
  /// of the last `delay` frames in a ring, and those of the step being delivered.
  private var targetHistory: [Float]
  private var historyIndex = 0
  private var delayedTargetStep: [Float]
  /// Steps still to be taken in before the first output frame (the controller's delay).
  private var primingSteps: Int
  private var frame = 0
  /// The largest sample magnitude delivered so far, over the channels of the output.
  private(set) var peak = 0.0
  /// The frames of the block being read that a silence at rest set to 0, which the check
  /// need not read (kept so that its storage is reused).
  private var zeroFrames: [Range<Int>] = []

  let sampleRate: Int
  let frameCount: Int
  var channelCount: Int { output == .targetAndAcceleration ? 2 : 1 }

  /// - Parameters:
  ///   - target: The signal to follow: one channel, from -1 to 1, at the actuator's sample rate.
  ///   - actuator: The actuator, valid at the target's rate, and the output wanted.
  ///   - blockSize: The largest block read from `target`, in frames.
  init(following target: any FrameSource, actuator: ActuatorRendering, blockSize: Int) {
    self.target = TargetReader(target, blockSize: blockSize)
    output = actuator.output
    sampleRate = target.sampleRate
    frameCount = target.frameCount + actuator.model.ringFrames(at: sampleRate)
    controller = DriveController(actuator.model, sampleRate: sampleRate)
    resonator = Resonator(actuator.simulatedModel, sampleRate: sampleRate)
    driveCheck = DriveCheck(resonance: actuator.model.resonance, sampleRate: sampleRate)
    let stepFrames = controller.stepFrames
    targetStep = Array(repeating: 0, count: stepFrames)
    driveStep = Array(repeating: 0, count: stepFrames)
    drivePosition = stepFrames
    primingSteps = controller.delay / stepFrames
    let keepsTarget = output == .targetAndAcceleration
    targetHistory = Array(repeating: 0, count: keepsTarget ? controller.delay : 0)
    delayedTargetStep = Array(repeating: 0, count: keepsTarget ? stepFrames : 0)
  }

  /// - Throws: ``RenderError/driveNotFinite(seconds:)`` or ``RenderError/driveOffset(mean:seconds:)``
  ///   for a drive an amplifier must not be fed; what the target throws.
  mutating func read(into block: inout AudioBlock) throws -> Bool {
    let count = min(block.capacity, frameCount - frame)
    guard count > 0 else { return false }
    while primingSteps > 0 {
      try driveNextStep()
      primingSteps -= 1
      drivePosition = driveStep.count
    }
    zeroFrames.removeAll(keepingCapacity: true)
    if output != .targetAndAcceleration {
      let simulates = output == .acceleration
      try block.withUnsafeMutableChannel(0) { channel in
        var index = 0
        while index < count {
          if drivePosition == driveStep.count {
            let (direct, isZero) = try driveWholeSteps(
              into: UnsafeMutableBufferPointer(rebasing: channel[index..<count]), simulating: simulates)
            if isZero { zeroFrames.append(index..<(index + direct)) }
            if direct > 0 {
              index += direct
              continue
            }
            try driveNextStep()
          }
          let run = min(driveStep.count - drivePosition, count - index)
          driveStep.withUnsafeBufferPointer { drive in
            for offset in 0..<run {
              let sample = drive[drivePosition + offset]
              channel[index + offset] = simulates ? Float(resonator.step(Double(sample))) : sample
            }
          }
          drivePosition += run
          index += run
        }
      }
    } else {
      try block.withUnsafeMutableFirstTwoChannels { targetChannel, accelerationChannel in
        var index = 0
        while index < count {
          if drivePosition == driveStep.count {
            let skipped = try skipRest(upTo: count - index, accelerationToo: true)
            if skipped > 0 {
              targetChannel.baseAddress!.advanced(by: index).update(repeating: 0, count: skipped)
              accelerationChannel.baseAddress!.advanced(by: index).update(repeating: 0, count: skipped)
              index += skipped
              continue
            }
            try driveNextStep()
          }
          let run = min(driveStep.count - drivePosition, count - index)
          for offset in 0..<run {
            targetChannel[index + offset] = delayedTargetStep[drivePosition + offset]
            accelerationChannel[index + offset] = Float(resonator.step(Double(driveStep[drivePosition + offset])))
          }
          drivePosition += run
          index += run
        }
      }
    }
    block.setFrameCount(count)
    if output == .drive {
      let checked = try block.channels[0].withUnsafeBufferPointer {
        try driveCheck.check(UnsafeBufferPointer(rebasing: $0[..<count]), zeros: zeroFrames)
      }
      peak = max(peak, checked)
    } else {
      peak = max(peak, block.peak)
    }
    frame += count
    return true
  }

  /// Skips a silence at rest, or drives whole steps straight from the target's block into
  /// `output` (simulating the acceleration in place when asked); returns the frames written, 0
  /// when neither can be done (less than a step of room, a step split between two blocks of
  /// the target, or the pattern's end, after which steps of zeros are made one by one), and
  /// whether they are a silence's zeros.
  private mutating func driveWholeSteps(
    into output: UnsafeMutableBufferPointer<Float>, simulating: Bool
  ) throws -> (frames: Int, isZero: Bool) {
    let skipped = try skipRest(upTo: output.count, accelerationToo: simulating)
    if skipped > 0 {
      output.baseAddress!.update(repeating: 0, count: skipped)
      return (skipped, true)
    }
    let stepFrames = controller.stepFrames
    let room = output.count - output.count % stepFrames
    guard room > 0 else { return (0, false) }
    let available = try target.available()
    let frames = min(room, available - available % stepFrames)
    guard frames > 0 else { return (0, false) }
    let taken = target.take(frames) { samples in
      let taken = controller.drive(samples, into: UnsafeMutableBufferPointer(rebasing: output[0..<frames]))
      return (taken, taken)
    }
    if simulating {
      for offset in 0..<taken { output[offset] = Float(resonator.step(Double(output[offset]))) }
    }
    return (taken, false)
  }

  /// Takes the next step of the target and makes the drive of the step to deliver.
  private mutating func driveNextStep() throws {
    var step = targetStep
    targetStep = []
    try step.withUnsafeMutableBufferPointer { step in
      try target.fill(step)
      if !targetHistory.isEmpty { delay(step) }
      driveStep.withUnsafeMutableBufferPointer { _ = controller.drive(UnsafeBufferPointer(step), into: $0) }
    }
    targetStep = step
    drivePosition = 0
  }

  /// Puts a step of target frames into the history ring and takes out the step of the same
  /// length that entered `delay` frames before.
  private mutating func delay(_ step: UnsafeMutableBufferPointer<Float>) {
    for offset in 0..<step.count {
      delayedTargetStep[offset] = targetHistory[historyIndex]
      targetHistory[historyIndex] = step[offset]
      historyIndex = historyIndex + 1 == targetHistory.count ? 0 : historyIndex + 1
    }
  }

  /// While the controller (and, for the acceleration, the model) is at rest, skips the whole
  /// steps of target frames of exactly 0 that come next, at most `limit` frames and no further
  /// than the end of the target's current block (as many as asked after the pattern's end);
  /// returns how many frames were skipped, whose output is 0. At rest, the target history holds
  /// only zeros (the controller's delay is shorter than the silence that put it at rest), so
  /// the skipped frames leave it as it is.
  private mutating func skipRest(upTo limit: Int, accelerationToo: Bool) throws -> Int {
    guard controller.isAtRest else { return 0 }
    if accelerationToo {
      resonator.settle(below: 1e-9)
      guard resonator.mode == .zero else { return 0 }
    }
    let stepFrames = controller.stepFrames
    let wanted = limit - limit % stepFrames
    guard wanted > 0 else { return 0 }
    var skipped = wanted
    let available = try target.available()
    if available > 0 {
      skipped = target.take(min(available, wanted)) { samples in
        let zeros = samples.leadingZeroCount
        return (zeros - zeros % stepFrames, zeros - zeros % stepFrames)
      }
    }
    if skipped > 0 { controller.skipRest(skipped / stepFrames) }
    return skipped
  }
}
