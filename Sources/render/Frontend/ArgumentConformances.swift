import ArgumentParser
import HapticRender

extension ChannelLayout: ExpressibleByArgument {}
extension PeakPolicy: ExpressibleByArgument {}
extension AudioFileFormat.Container: ExpressibleByArgument {}
extension AudioFileFormat.SampleEncoding: ExpressibleByArgument {}
extension BreathingSession.Shape: ExpressibleByArgument {}
extension ComparisonTolerance.Metric: ExpressibleByArgument {}

/// Reads `--shard I/N`: the library's message about a bad value becomes the usage error.
enum ShardArgument {
  static func parse(_ text: String) throws -> Shard {
    do {
      return try Shard(parsing: text)
    } catch {
      throw ValidationError(error.description)
    }
  }
}
