import HapticSynthesis

/// A pattern rendered for an actuator (``ActuatorRendering``), as a ``FrameSource``: the
/// pattern's haptic channel is the target, and each frame of the output is the drive that
/// follows it (``DriveController``), the acceleration that drive produces, the acceleration of
/// the plain drive (the target times the rated drive), or the target beside the acceleration.
///
/// The output runs on past the pattern for the actuator's ring-down (``ActuatorModel/ringSeconds``),
/// so that what the actuator does after the last event is in the file.
///
/// Invariants: the frames do not depend on the block size (each frame is computed from the
/// frames before it); memory does not grow with the pattern's length.
public struct ActuatorSource: FrameSource {
  private var target: PatternSource
  private let output: ActuatorRendering.Output
  private var controller: DriveController
  /// For the plain drive: the model alone.
  private var resonator: Resonator
  private let ratedDrive: Double
  /// The target's current block and the next frame to take from it.
  private var targetBlock: AudioBlock
  private var targetPosition = 0
  private var isTargetFinished = false
  /// Target frames kept for the two-channel output, which pairs frame `k` of the target with
  /// frame `k` of the acceleration (the controller takes the target `delay` frames early).
  private var targetHistory: [Float]
  private var historyIndex = 0
  /// Frames still to be taken in before the first output frame (the controller's delay).
  private var priming: Int
  private var frame = 0
  /// The largest sample magnitude delivered so far, per channel of the output.
  public private(set) var peak = 0.0

  public let sampleRate: Int
  public let frameCount: Int
  public var channelCount: Int { output == .targetAndAcceleration ? 2 : 1 }

  /// - Parameters:
  ///   - pattern: The pattern; its render with `options` (haptic layout) is the target.
  ///   - options: The render's options; `options.actuator` chooses the actuator and the output.
  /// - Throws: ``RenderError`` for bad options (an actuator whose resonance is not below half
  ///   the sample rate among them).
  public init(_ pattern: some RenderablePattern, options: RenderOptions) throws(RenderError) {
    guard let actuator = options.actuator else { throw .invalidOption("no actuator was given") }
    var targetOptions = options
    targetOptions.actuator = nil
    targetOptions.layout = .haptic
    try options.validate()
    target = try PatternSource(pattern, options: targetOptions)
    output = actuator.output
    sampleRate = options.sampleRate
    controller = DriveController(actuator.model, sampleRate: options.sampleRate)
    resonator = Resonator(actuator.model, sampleRate: options.sampleRate)
    ratedDrive = actuator.model.ratedDrive
    let ringFrames = Int((actuator.model.ringSeconds * Double(options.sampleRate)).rounded(.up))
    frameCount = target.frameCount + ringFrames
    targetBlock = AudioBlock(channelCount: 1, capacity: options.blockSize)
    targetBlock.setFrameCount(0)
    priming = output == .plainAcceleration ? 0 : controller.delay
    targetHistory = Array(repeating: 0, count: output == .targetAndAcceleration ? max(1, controller.delay) : 1)
  }

  /// The next target frame; 0 after the end of the pattern.
  @inline(__always)
  private mutating func nextTarget() -> Double {
    if targetPosition == targetBlock.frameCount {
      guard !isTargetFinished, target.read(into: &targetBlock) else {
        isTargetFinished = true
        return 0
      }
      targetPosition = 0
    }
    let sample = targetBlock.channels[0][targetPosition]
    targetPosition += 1
    return Double(sample)
  }

  public mutating func read(into block: inout AudioBlock) -> Bool {
    let count = min(block.capacity, frameCount - frame)
    guard count > 0 else { return false }
    while priming > 0 {
      let sample = nextTarget()
      if output == .targetAndAcceleration { remember(sample) }
      _ = controller.next(sample)
      priming -= 1
    }
    var blockPeak = 0.0
    switch output {
    case .drive, .acceleration:
      let isDrive = output == .drive
      block.withUnsafeMutableChannel(0) { channel in
        var index = 0
        while index < count {
          if controller.isAtRest {
            let run = takeSilentTarget(upTo: count - index)
            if run > 0 {
              controller.skipRest(run)
              channel.baseAddress!.advanced(by: index).update(repeating: 0, count: run)
              index += run
              continue
            }
          }
          let (drive, acceleration) = controller.next(nextTarget())
          let value = isDrive ? drive : acceleration
          blockPeak = max(blockPeak, abs(value))
          channel[index] = Float(value)
          index += 1
        }
      }
    case .plainAcceleration:
      block.withUnsafeMutableChannel(0) { channel in
        for index in 0..<count {
          let value = resonator.step(ratedDrive * nextTarget())
          blockPeak = max(blockPeak, abs(value))
          channel[index] = Float(value)
        }
      }
    case .targetAndAcceleration:
      block.withUnsafeMutableFirstTwoChannels { targetChannel, accelerationChannel in
        for index in 0..<count {
          let sample = nextTarget()
          let delayed = targetHistory[historyIndex]
          remember(sample)
          let acceleration = controller.next(sample).acceleration
          blockPeak = max(blockPeak, abs(acceleration), Double(abs(delayed)))
          targetChannel[index] = delayed
          accelerationChannel[index] = Float(acceleration)
        }
      }
    }
    block.setFrameCount(count)
    frame += count
    peak = max(peak, blockPeak)
    return true
  }

  /// Takes the target frames of exactly 0 that come next, at most `limit` and no further than
  /// the end of the target's current block (all of them after the pattern's end); returns how
  /// many were taken.
  private mutating func takeSilentTarget(upTo limit: Int) -> Int {
    if targetPosition == targetBlock.frameCount, !isTargetFinished {
      if target.read(into: &targetBlock) { targetPosition = 0 } else { isTargetFinished = true }
    }
    guard !isTargetFinished else { return limit }
    let start = targetPosition
    let end = min(targetBlock.frameCount, start + limit)
    let stop = targetBlock.channels[0].withUnsafeBufferPointer { samples in
      var position = start
      while position < end, samples[position] == 0 { position += 1 }
      return position
    }
    targetPosition = stop
    return stop - start
  }

  /// Puts a target frame into the history ring (replacing the oldest, just read).
  @inline(__always)
  private mutating func remember(_ sample: Double) {
    targetHistory[historyIndex] = Float(sample)
    historyIndex = historyIndex + 1 == targetHistory.count ? 0 : historyIndex + 1
  }
}
