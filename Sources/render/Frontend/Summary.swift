import HapticRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one-line report printed after a render.
enum Summary {
  static func line(for report: RenderReport, output: String, format: AudioFileFormat) -> String {
    let channels = report.layout.channelCount
    let name = output == "-" ? "standard output" : output
    return "wrote \(name): \(seconds(report.duration)) s, \(report.frameCount) frames, "
      + "\(channels) channel\(channels == 1 ? "" : "s") (\(report.layout.rawValue)), "
      + "\(report.sampleRate) Hz, \(format)"
  }

  /// `-6.0 dBFS`
  static func decibels(_ gain: Double) -> String {
    gain > 0 ? "\(fixed(20 * log10(gain), digits: 1)) dBFS" : "-inf dBFS"
  }

  /// `-4.8 dB`
  static func gain(_ gain: Double) -> String {
    "\(fixed(20 * log10(gain), digits: 1)) dB"
  }

  static func seconds(_ value: Double) -> String { fixed(value, digits: 3) }

  private static func fixed(_ value: Double, digits: Int) -> String {
    let scale = pow(10, Double(digits))
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    if let dot = text.firstIndex(of: ".") {
      let decimals = text.distance(from: dot, to: text.endIndex) - 1
      if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    }
    return text
  }
}
