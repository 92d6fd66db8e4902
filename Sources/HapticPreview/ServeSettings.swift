import HapticPipeline
import HapticSynthesis

/// What `render serve` hands over to `render-serve`, as JSON, once its options are parsed and
/// checked: the server runs in an executable of its own, so that `render` does not load what
/// the server needs (docs/serve.md#server).
package struct ServeSettings: Codable, Sendable {
  /// The `.ahap` file or the folder served.
  package var input: String
  /// The port on 127.0.0.1, 0 to 65535 (0: a free port that the system picks).
  package var port: UInt16
  /// Width of the plot's time axis in pixels (``SVGPlot``'s range).
  package var plotWidth: Int
  /// Refuse a pattern with any warning (`--strict`).
  package var treatsWarningsAsErrors: Bool
  /// Print errors only (`--quiet`).
  package var isQuiet: Bool
  /// The render options, with the signal profile already loaded.
  package var options: RenderOptions
  /// How patterns and their waveforms are read.
  package var loader: PatternLoader

  package init(
    input: String, port: UInt16, plotWidth: Int, treatsWarningsAsErrors: Bool, isQuiet: Bool,
    options: RenderOptions, loader: PatternLoader
  ) {
    self.input = input
    self.port = port
    self.plotWidth = plotWidth
    self.treatsWarningsAsErrors = treatsWarningsAsErrors
    self.isQuiet = isQuiet
    self.options = options
    self.loader = loader
  }
}
