import HapticAudio
import HapticSynthesis

/// The minimum and maximum of each channel over equal slices of a stream: what a waveform
/// plot draws, whatever the length (memory is one pair per column).
public struct EnvelopeSummary: Sendable {
  /// `minimum[channel][column]`, `maximum[channel][column]`.
  public var minimum: [[Float]]
  public var maximum: [[Float]]
  /// Reads `source` to its end. Frame `n` of `N` falls in column `n × columns / N`, so column
  /// `c` starts at time `c / columns` of the whole, exactly as a time axis over the same length
  /// places it (columns hold ⌊N / columns⌋ or one more frames; none when `N < columns`).
  ///
  /// - Parameters:
  ///   - source: The frames to summarise, read from where it stands to its end.
  ///   - columns: Number of slices, ≥ 1.
  public init(of source: inout some FrameSource, columns: Int) throws {
    let columns = max(columns, 1)
    let frameCount = max(source.frameCount, 1)
    minimum = Array(repeating: Array(repeating: 0, count: columns), count: source.channelCount)
    maximum = minimum
    var block = AudioBlock(channelCount: source.channelCount, capacity: 4_096)
    var position = 0
    while try source.read(into: &block) {
      for channel in 0..<source.channelCount {
        for frame in 0..<block.frameCount {
          let column = min((position + frame) * columns / frameCount, columns - 1)
          let sample = block.channels[channel][frame]
          minimum[channel][column] = min(minimum[channel][column], sample)
          maximum[channel][column] = max(maximum[channel][column], sample)
        }
      }
      position += block.frameCount
    }
  }

  /// The same envelope in `columns` wider slices (≤ the current count): each holds the
  /// extremes of the columns it covers, as if the stream had been read with `columns`.
  public func merged(into columns: Int) -> EnvelopeSummary {
    let count = minimum.first?.count ?? 0
    guard count > 0 else { return self }
    let columns = max(1, min(columns, count))
    var merged = self
    for channel in minimum.indices {
      merged.minimum[channel] = (0..<columns).map {
        minimum[channel][Self.range($0, of: columns, in: count)].min() ?? 0
      }
      merged.maximum[channel] = (0..<columns).map {
        maximum[channel][Self.range($0, of: columns, in: count)].max() ?? 0
      }
    }
    return merged
  }

  /// The columns of `count` that merged column `index` of `columns` covers.
  private static func range(_ index: Int, of columns: Int, in count: Int) -> Range<Int> {
    (index * count / columns)..<max((index + 1) * count / columns, index * count / columns + 1)
  }
}
