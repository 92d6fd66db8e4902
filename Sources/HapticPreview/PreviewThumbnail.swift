import HapticInspection
import HapticSupport

/// The small waveform of a pattern in the index of a preview site.
package enum PreviewThumbnail {
  /// Size in pixels.
  package static let width = 160
  package static let height = 32

  /// An SVG of the first channel's min/max envelope, one column per pixel.
  package static func svg(_ envelope: EnvelopeSummary) -> String {
    let middle = Double(height) / 2
    var path = ""
    if let minimum = envelope.minimum.first, let maximum = envelope.maximum.first {
      for column in minimum.indices {
        let high = middle - Double(maximum[column]) * middle
        let low = middle - Double(minimum[column]) * middle
        path += "M\(column).5 \(NumberText.fixed(high, 1))V\(NumberText.fixed(max(low, high + 0.5), 1))"
      }
    }
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
      + "viewBox=\"0 0 \(width) \(height)\"><rect width=\"100%\" height=\"100%\" fill=\"#f7f7f7\"/>"
      + "<path d=\"\(path)\" stroke=\"#1f5fa8\" stroke-width=\"1\" fill=\"none\"/></svg>"
  }
}
