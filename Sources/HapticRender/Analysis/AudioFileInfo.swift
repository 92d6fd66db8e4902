/// What `render info` says about an audio file: format, length, level per channel.
public struct AudioFileInfo: Sendable, Encodable, CustomStringConvertible {
  public var file: String
  public var sampleRate: Int
  public var channels: Int
  public var frames: Int
  public var duration: Double
  /// Per channel: largest magnitude and RMS of the finite samples, linear.
  public var peak: [Double]
  public var rms: [Double]
  /// Per channel: samples that are NaN or infinite (a damaged or hostile file).
  public var nonFiniteSamples: [Int]
  /// What is wrong with the file's structure (cut short, a header that promises more frames
  /// than the file holds), or `nil` when it is whole.
  public var damage: String?

  /// Reads the whole file, block by block.
  public init(path: String) throws(EncodingError) {
    let reader = try AudioFileReader(path: path)
    file = path
    sampleRate = reader.sampleRate
    channels = reader.channelCount
    var peaks = [Double](repeating: 0, count: reader.channelCount)
    var squares = [Double](repeating: 0, count: reader.channelCount)
    var nonFinite = [Int](repeating: 0, count: reader.channelCount)
    var count = 0
    var block = AudioBlock(channelCount: reader.channelCount, capacity: 4_096)
    while try reader.read(into: &block) {
      for channel in 0..<reader.channelCount {
        for frame in 0..<block.frameCount {
          let sample = Double(block.channels[channel][frame])
          guard sample.isFinite else {
            nonFinite[channel] += 1
            continue
          }
          peaks[channel] = max(peaks[channel], abs(sample))
          squares[channel] += sample * sample
        }
      }
      count += block.frameCount
    }
    frames = count
    damage =
      reader.damage
      ?? (count < reader.frameCount
        ? "truncated: the header promises \(reader.frameCount) frames, the file holds \(count)" : nil)
    duration = Double(count) / Double(max(reader.sampleRate, 1))
    peak = peaks
    nonFiniteSamples = nonFinite
    rms = zip(squares, nonFinite).map { squares, nonFinite in
      count > nonFinite ? (squares / Double(count - nonFinite)).squareRoot() : 0
    }
  }

  public var description: String {
    var lines = [file]
    func row(_ label: String, _ value: String) { lines.append("  " + label.padded(24) + value) }
    row("sample rate", "\(sampleRate) Hz")
    row("channels", "\(channels)")
    row("frames", "\(frames)")
    row("duration", "\(NumberText.fixed(duration, 3)) s")
    if let damage { row("damage", damage) }
    for channel in 0..<channels {
      let damaged = nonFiniteSamples[channel] > 0 ? ", \(nonFiniteSamples[channel]) NaN or infinite samples" : ""
      row(
        "channel \(channel)", "peak \(NumberText.dBFS(peak[channel])), RMS \(NumberText.dBFS(rms[channel]))\(damaged)")
    }
    return lines.joined(separator: "\n")
  }

}
