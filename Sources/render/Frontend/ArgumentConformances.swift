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

/// Checks `--width` of the commands that draw a plot (plot, preview, serve): the library's
/// message about a width out of range becomes the usage error.
enum PlotWidthArgument {
  static func check(_ width: Int) throws {
    do {
      _ = try SVGPlot(width: width)
    } catch {
      throw ValidationError(error.description)
    }
  }
}
