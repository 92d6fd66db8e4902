import HapticRender
import HapticSupport

/// The one-line reports printed after a render and after a batch.
enum Summary {
  static func line(for report: RenderReport, output: String, format: AudioFileFormat) -> String {
    let channels = report.layout.channelCount
    let name = output == "-" ? "standard output" : output
    return "wrote \(name): \(seconds(report.durationSeconds)) s, \(report.frameCount) frames, "
      + "\(channels) channel\(channels == 1 ? "" : "s") (\(report.layout.rawValue)), "
      + "\(report.sampleRate) Hz, \(format)"
  }

  /// `rendered 41 of 42 files into DIR; 1 failed`.
  static func line(for results: [Batch.FileResult], folder: String) -> String {
    let failed = results.filter { !$0.succeeded }.count
    let files = "\(results.count) file\(results.count == 1 ? "" : "s")"
    return "rendered \(results.count - failed) of \(files) into \(folder)\(failed > 0 ? "; \(failed) failed" : "")"
  }

  /// `19.020`
  static func seconds(_ value: Double) -> String { NumberText.fixed(value, 3) }
}
