import HapticSupport

/// A render that cannot be done with the options given.
public enum RenderError: Error, Equatable, CustomStringConvertible {
  case invalidOption(String)
  case carrierAboveNyquist(frequency: Double, sampleRate: Int)
  case peakOverflow(peak: Double)
  case tooLong(seconds: Double, limit: Double)
  case missingWaveform(path: String)
  case tooMuchSound(seconds: Double, limit: Double)

  public var description: String {
    switch self {
    case .invalidOption(let message): message
    case .carrierAboveNyquist(let frequency, let sampleRate):
      "a \(frequency.formatted) Hz carrier or tone is not below half the \(sampleRate) Hz sample rate; raise --rate"
    case .peakOverflow(let peak):
      "the output peaks at \(peak.formatted) (above full scale) and --peak error was given"
    case .tooMuchSound(let seconds, let limit):
      "the events sound for \(NumberText.fixed(seconds, 1)) s in all, more than the \(NumberText.fixed(limit, 0)) s limit (10 × --max-duration); raise --max-duration"
    case .missingWaveform(let path):
      "the waveform '\(path)' was not decoded; load the pattern with PatternLoader"
    case .tooLong(let seconds, let limit):
      "the output would last \(seconds.formatted) s, longer than the \(limit.formatted) s limit; raise --max-duration"
    }
  }
}
