import HapticAudio

/// The acceleration of the plain drive, as a `FrameSource` (``ActuatorSource`` delivers it for
/// either kind of actuator): the target times the rated drive, through the actuator's model,
/// frame by frame, and on past the target's end for ``ActuatorModel/ringSeconds``.
struct PlainAccelerationSource: FrameSource {
  private var target: TargetReader
  private var resonator: Resonator
  private let ratedDrive: Double
  private var frame = 0
  /// The largest sample magnitude delivered so far.
  private(set) var peak = 0.0

  let sampleRate: Int
  let frameCount: Int
  var channelCount: Int { 1 }

  /// - Parameters:
  ///   - target: The signal: one channel, from -1 to 1, at the actuator's sample rate.
  ///   - actuator: The actuator (its ``ActuatorRendering/simulatedModel`` is the model run).
  ///   - blockSize: The largest block read from `target`, in frames.
  init(following target: any FrameSource, actuator: ActuatorRendering, blockSize: Int) {
    sampleRate = target.sampleRate
    frameCount = target.frameCount + actuator.model.ringFrames(at: sampleRate)
    self.target = TargetReader(target, blockSize: blockSize)
    resonator = Resonator(actuator.simulatedModel, sampleRate: sampleRate)
    ratedDrive = actuator.model.ratedDrive
  }

  mutating func read(into block: inout AudioBlock) throws -> Bool {
    let count = min(block.capacity, frameCount - frame)
    guard count > 0 else { return false }
    // The model in a local, which the target's frames can reach while they are taken.
    var model = resonator
    defer { resonator = model }
    let gain = ratedDrive
    try block.withUnsafeMutableChannel(0) { channel in
      var index = 0
      while index < count {
        let run = min(count - index, try target.available())
        guard run > 0 else {
          for offset in index..<count { channel[offset] = Float(model.step(0)) }
          break
        }
        target.take(run) { samples in
          for offset in 0..<run { channel[index + offset] = Float(model.step(gain * Double(samples[offset]))) }
          return (run, ())
        }
        index += run
      }
    }
    block.setFrameCount(count)
    peak = max(peak, block.peak)
    frame += count
    return true
  }
}
