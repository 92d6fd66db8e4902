import HapticRender
import HapticSupport
import RenderCommandSupport

extension Console {
  /// The warnings and one-line summary of a finished render.
  func report(_ report: RenderReport, output: String, format: AudioFileFormat) {
    if let gain = report.normalizationGain {
      warning(
        "the mix peaked at \(NumberText.dBFS(report.peak)); normalized to -1.0 dBFS (gain \(NumberText.decibels(gain)))"
      )
    }
    if report.limitedOverloads > 0 {
      note(
        "limited \(report.limitedOverloads) overload\(report.limitedOverloads == 1 ? "" : "s") to the ceiling, \(NumberText.dBFS(report.limiterCeiling)) (largest gain reduction \(NumberText.decibels(1 / report.smallestLimiterGain)))"
      )
    }
    if report.clippedSamples > 0 {
      warning("\(report.clippedSamples) samples exceeded full scale and were clipped")
    }
    note(Summary.line(for: report, output: output, format: format))
  }
}
