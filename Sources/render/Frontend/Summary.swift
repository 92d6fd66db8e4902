import HapticRender
import HapticSupport

/// The one-line report printed after a render.
enum Summary {
  static func line(for report: RenderReport, output: String, format: AudioFileFormat) -> String {
    let channels = report.layout.channelCount
    let name = output == "-" ? "standard output" : output
    return "wrote \(name): \(seconds(report.durationSeconds)) s, \(report.frameCount) frames, "
      + "\(channels) channel\(channels == 1 ? "" : "s") (\(report.layout.rawValue)), "
      + "\(report.sampleRate) Hz, \(format)"
  }

  /// `19.020`
  static func seconds(_ value: Double) -> String { NumberText.fixed(value, 3) }
}
