import HapticAudio
import HapticSynthesis

/// An ``AndroidWaveform`` played back as a vibrator with amplitude control plays it: one
/// channel, a sine carrier of constant frequency whose amplitude is `amplitude / 255` over each
/// step, switched at the step's first frame. That is the inverse of the waveform's law
/// (`255 · A(I)`), so `render compare` sets it against the render of the pattern it came from
/// and measures what the conversion loses: the steps, and the sharpness a waveform cannot carry.
///
/// Invariants: frame `n` is `amplitude(step of n) · sin(2π · n · f / rate)`; a step of
/// amplitude 0 is exact zeros; the frames do not depend on the block size.
public struct AndroidWaveformSource: FrameSource {
  public let sampleRate: Int
  public let channelCount = 1
  public let frameCount: Int
  /// The first frame of each step, and one past the last frame.
  private let boundaries: [Int]
  private let levels: [Double]
  private var oscillator: RotatingSine
  private var position = 0
  private var step = 0
  /// The carrier's frames of the block being read.
  private var sines: [Double] = []

  /// - Parameters:
  ///   - waveform: The amplitude steps to play.
  ///   - sampleRate: Frames per second, ≥ 1.
  ///   - profile: The carrier is the profile's at sharpness 0.5 (182.5 Hz for `preview`).
  public init(_ waveform: AndroidWaveform, sampleRate: Int, profile: SignalProfile = .preview) {
    self.sampleRate = sampleRate
    var boundaries = [0]
    var millis = 0
    for timing in waveform.timings {
      millis += timing
      boundaries.append(millis * sampleRate / 1_000)
    }
    self.boundaries = boundaries
    levels = waveform.amplitudes.map { Double($0) / 255 }
    frameCount = boundaries.last ?? 0
    oscillator = RotatingSine(increment: profile.frequency(sharpness: 0.5) / Double(sampleRate))
  }

  public mutating func read(into block: inout AudioBlock) throws -> Bool {
    let count = min(block.capacity, frameCount - position)
    guard count > 0 else { return false }
    if sines.count < count { sines = [Double](repeating: 0, count: count) }
    let first = position
    sines.withUnsafeMutableBufferPointer { buffer in
      if let start = buffer.baseAddress { oscillator.fill(start, from: first, count: count) }
    }
    block.withUnsafeMutableChannel(0) { output in
      for index in 0..<count {
        while position + index >= boundaries[step + 1] { step += 1 }
        output[index] = Float(levels[step] * sines[index])
      }
    }
    block.setFrameCount(count)
    position += count
    return true
  }
}
