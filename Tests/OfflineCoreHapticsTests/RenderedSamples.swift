import Foundation
import HapticRender
import _HapticRenderTestSupport

/// Renders through a file, as a user's test does, and reads the first channel back.
enum RenderedSamples {
  static let rate = 8_000

  /// The first channel of what `write` writes to a WAV file at `rate`.
  static func of(rate: Int = rate, _ write: (URL, RenderOptions) throws -> Void) throws -> [Float] {
    let folder = try TemporaryFolder()
    let url = URL(fileURLWithPath: "\(folder.path)/render.wav")
    var options = RenderOptions()
    options.sampleRate = rate
    try write(url, options)
    return try AudioFileReader(path: url.path).readAll()[0]
  }
}
