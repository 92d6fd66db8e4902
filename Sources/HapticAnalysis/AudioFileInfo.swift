import HapticAudio
import HapticFiles
import HapticSupport

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
    var levels = [ChannelLevels](repeating: ChannelLevels(), count: reader.channelCount)
    var count = 0
    var block = AudioBlock(channelCount: reader.channelCount, capacity: 16_384)
    while try reader.read(into: &block) {
      for channel in 0..<reader.channelCount {
        block.channels[channel].withUnsafeBufferPointer {
          levels[channel].add(UnsafeBufferPointer(rebasing: $0[0..<block.frameCount]))
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
    peak = levels.map(\.peak)
    nonFiniteSamples = levels.map(\.nonFiniteCount)
    rms = levels.map { levels in
      count > levels.nonFiniteCount ? (levels.sumOfSquares / Double(count - levels.nonFiniteCount)).squareRoot() : 0
    }
  }

  public var description: String {
    // The name and libsndfile's words are escaped: each row stays one line.
    var lines = [file.escapingControlCharacters]
    func row(_ label: String, _ value: String) {
      lines.append("  " + label.padded(24) + value.escapingControlCharacters)
    }
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
