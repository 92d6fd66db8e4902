/// Decoded audio held in memory: the content of a waveform file.
public struct SampledAudio: Sendable {
  /// One array of frames per channel, all the same length.
  public let channels: [[Float]]
  /// Frames per second of the data, in Hz.
  public let sampleRate: Double

  public init(channels: [[Float]], sampleRate: Double) {
    self.channels = channels
    self.sampleRate = sampleRate
    peak = Double(channels.lazy.flatMap { $0 }.reduce(0) { max($0, abs($1)) })
  }

  /// Largest sample magnitude, measured once when the audio is made.
  public let peak: Double

  public var frameCount: Int { channels.first?.count ?? 0 }

  /// Mono or stereo as they are; more channels are averaged to mono.
  package func monoOrStereo() -> SampledAudio {
    guard channels.count > 2 else { return self }
    var mono = [Float](repeating: 0, count: frameCount)
    for channel in channels {
      for frame in 0..<frameCount { mono[frame] += channel[frame] }
    }
    let scale = 1 / Float(channels.count)
    return SampledAudio(channels: [mono.map { $0 * scale }], sampleRate: sampleRate)
  }

  /// The same audio at half the sample rate, low-passed below the new Nyquist frequency by the
  /// resampler's kernel: 64 source frames read per frame made.
  package func halved() -> SampledAudio {
    let count = (frameCount + 1) / 2
    let halves = channels.map { samples in
      (0..<count).map { Float(SincResampler.value(of: samples, at: Double(2 * $0), step: 2, loops: false)) }
    }
    return SampledAudio(channels: halves, sampleRate: sampleRate / 2)
  }
}
