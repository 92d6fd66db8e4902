import HapticSupport

/// The outcome of comparing two audio streams sample by sample, or by their loudness
/// envelopes (``ComparisonTolerance/Metric/envelope``).
public struct ComparisonReport: Sendable, CustomStringConvertible {
  /// Rate, channels and length of one side.
  public struct Side: Sendable, Equatable, Codable {
    public var name: String
    public var sampleRate: Int
    public var channelCount: Int
    public var frameCount: Int
  }

  public var expected: Side
  public var actual: Side
  public var tolerance: ComparisonTolerance
  /// Differences of format or length, in plain words; any of them fails the comparison.
  public var mismatches: [Mismatch] = []

  /// A difference in the streams' shape, found before any sample is read.
  public enum Mismatch: Sendable, Equatable, CustomStringConvertible {
    case sampleRates(Int, Int)
    case channelCounts(Int, Int)
    case lengths(Int, Int)

    /// `false` when the samples cannot be compared frame by frame.
    package var allowsSampleComparison: Bool {
      if case .lengths = self { return true }
      return false
    }

    public var description: String {
      switch self {
      case .sampleRates(let expected, let actual): "sample rates differ: \(expected) Hz vs \(actual) Hz"
      case .channelCounts(let expected, let actual): "channel counts differ: \(expected) vs \(actual)"
      case .lengths(let expected, let actual): "lengths differ: \(expected) vs \(actual) frames"
      }
    }
  }
  public var framesCompared = 0
  /// Largest |expected − actual|, with where it is.
  public var maxDifference = 0.0
  public var maxDifferenceFrame = 0
  public var maxDifferenceChannel = 0
  /// Samples whose difference exceeds `tolerance.maxDifference`, non-finite ones included.
  public var samplesOverTolerance = 0
  /// Samples that are NaN or infinite on either side: always a difference; left out of the
  /// maximum difference and the levels, which they would make meaningless.
  public var nonFiniteSamples = 0
  /// First frame with a sample over the tolerance, and its channel.
  public var firstFrameOverTolerance: Int?
  public var firstChannelOverTolerance: Int?
  /// The loudness envelopes compared, with the envelope metric.
  public var envelope: EnvelopeComparison?
  /// Sums of squares, for the levels below.
  package var signalEnergy = 0.0
  package var differenceEnergy = 0.0

  /// RMS of the difference, in dBFS (−∞ when identical).
  public var differenceRMSDecibels: Double {
    guard framesCompared > 0, differenceEnergy > 0 else { return -.infinity }
    let samples = Double(framesCompared * expected.channelCount)
    return Decibels.level((differenceEnergy / samples).squareRoot())
  }

  /// Signal (expected) to difference ratio in dB: +∞ when identical, `nil` when the expected
  /// side is silent.
  public var snr: Double? {
    guard signalEnergy > 0 else { return differenceEnergy == 0 ? .infinity : nil }
    guard differenceEnergy > 0 else { return .infinity }
    return Decibels.level((signalEnergy / differenceEnergy).squareRoot())
  }

  /// Whether the two sides are the same sound within the tolerance: every sample (the samples
  /// metric), or every window of the loudness envelopes (the envelope metric, which accepts
  /// different lengths).
  public var passed: Bool {
    guard nonFiniteSamples == 0 else { return false }
    switch tolerance.metric {
    case .samples:
      return mismatches.isEmpty && maxDifference <= tolerance.maxDifference
        && (snr.map { $0 >= tolerance.minimumSNR } ?? true)
    case .envelope:
      guard let envelope, mismatches.allSatisfy(\.allowsSampleComparison) else { return false }
      return abs(envelope.largestDifference) <= tolerance.maximumLevelDifference
    }
  }

  /// The report as `render compare` prints it; one line when rate or channels differ, since
  /// then nothing is compared.
  public var description: String {
    var lines: [String] = []
    let names = "'\(expected.name.escapingControlCharacters)' and '\(actual.name.escapingControlCharacters)'"
    if let mismatch = mismatches.first(where: { !$0.allowsSampleComparison }) {
      return "compare: \(names) differ: \(mismatch); nothing compared. FAIL"
    }
    if let envelope {
      lines.append("compare: \(names) \(passed ? "match within tolerance" : "differ") (loudness envelopes)")
      for mismatch in mismatches { lines.append("  \(mismatch) (the shorter is continued by silence)") }
      describe(envelope, into: &lines)
      lines.append(passed ? "PASS" : "FAIL")
      return lines.joined(separator: "\n")
    }
    let verdict: String
    if passed {
      verdict = maxDifference == 0 ? "are identical" : "match within tolerance"
    } else if let frame = firstFrameOverTolerance, let channel = firstChannelOverTolerance {
      verdict = "differ (first at frame \(frame), channel \(channel))"
    } else {
      verdict = "differ"
    }
    lines.append("compare: \(names) \(verdict)")
    for mismatch in mismatches { lines.append("  \(mismatch)") }
    func row(_ label: String, _ value: String) {
      lines.append(Self.row(label, value))
    }
    let expectedFrames = max(expected.frameCount, actual.frameCount)
    row("frames compared", "\(framesCompared) / \(expectedFrames)")
    row("max |Δ|", maxDifferenceText)
    row(samplesOverLabel, "\(samplesOverTolerance)")
    if nonFiniteSamples > 0 { row("NaN or infinite samples", "\(nonFiniteSamples)") }
    row("RMS of Δ", "\(NumberText.fixed(differenceRMSDecibels, 1)) dBFS")
    row("SNR", snrText)
    lines.append(passed ? "PASS" : "FAIL")
    return lines.joined(separator: "\n")
  }

  /// The figures on one line, for a test report's failure message: `max |Δ| 1.14e-02 at frame
  /// 443 (0.0092 s), channel 0; samples over ±1.0e-04: 4653; SNR 38.8 dB (minimum 60.0 dB)`, or
  /// for the envelope metric `largest level difference −5.0 dB at 11.05 s (…); tolerance ±1.5
  /// dB`, after the format or length differences when there are any.
  public var figures: String {
    var parts = mismatches.map(\.description)
    if let envelope {
      parts.append("largest level difference \(largestLevelDifferenceText(envelope))")
      parts.append("tolerance \(levelToleranceText)")
    } else {
      parts.append("max |Δ| \(maxDifferenceText)")
      parts.append("\(samplesOverLabel): \(samplesOverTolerance)")
    }
    if nonFiniteSamples > 0 { parts.append("NaN or infinite samples: \(nonFiniteSamples)") }
    if envelope == nil { parts.append("SNR \(snrText)") }
    return parts.joined(separator: "; ")
  }

  /// `1.14e-02 at frame 443 (0.0092 s), channel 0`.
  private var maxDifferenceText: String {
    let seconds = NumberText.fixed(Double(maxDifferenceFrame) / Double(max(expected.sampleRate, 1)), 4)
    return
      "\(NumberText.scientific(maxDifference, 2)) at frame \(maxDifferenceFrame) (\(seconds) s), channel \(maxDifferenceChannel)"
  }

  /// `samples over ±1.0e-04`.
  private var samplesOverLabel: String { "samples over ±\(NumberText.scientific(tolerance.maxDifference, 1))" }

  /// `38.8 dB (minimum 60.0 dB)`.
  private var snrText: String {
    let level = snr.map { "\(NumberText.fixed($0, 1)) dB" } ?? "n/a (expected is silent)"
    return "\(level) (minimum \(NumberText.fixed(tolerance.minimumSNR, 1)) dB)"
  }

  /// `  label                       value`.
  private static func row(_ label: String, _ value: String) -> String {
    "  " + label.padded(28) + value
  }

  /// The rows of the envelope metric.
  private func describe(_ envelope: EnvelopeComparison, into lines: inout [String]) {
    let floor = NumberText.fixed(EnvelopeComparison.floorDecibels, 0)
    lines.append(
      Self.row(
        "windows of 10 ms", "\(envelope.comparedWindowCount) of \(envelope.windowCount) louder than \(floor) dBFS"))
    lines.append(Self.row("largest level difference", largestLevelDifferenceText(envelope)))
    lines.append(Self.row("tolerance", levelToleranceText))
    if nonFiniteSamples > 0 { lines.append(Self.row("NaN or infinite samples", "\(nonFiniteSamples)")) }
  }

  /// `−5.0 dB at 11.05 s (−6.9 dBFS → −11.9 dBFS)`, or `0.0 dB`.
  private func largestLevelDifferenceText(_ envelope: EnvelopeComparison) -> String {
    guard envelope.largestDifference != 0 else { return "0.0 dB" }
    let at = NumberText.fixed(envelope.largestDifferenceSeconds, 2)
    let levels =
      "\(NumberText.fixed(envelope.expectedLevel, 1)) dBFS → \(NumberText.fixed(envelope.actualLevel, 1)) dBFS"
    let sign = envelope.largestDifference > 0 ? "+" : ""
    return "\(sign)\(NumberText.fixed(envelope.largestDifference, 1)) dB at \(at) s (\(levels))"
  }

  /// `±1.5 dB`.
  private var levelToleranceText: String { "±\(NumberText.fixed(tolerance.maximumLevelDifference, 1)) dB" }
}

extension ComparisonReport: Encodable {
  private enum CodingKeys: String, CodingKey {
    case expected, actual, tolerance, mismatches, framesCompared, maxDifference, maxDifferenceFrame
    case maxDifferenceSeconds, maxDifferenceChannel, samplesOverTolerance, nonFiniteSamples, firstFrameOverTolerance
    case firstChannelOverTolerance, differenceRMSDecibels, snrDecibels, identical, passed, envelope
  }

  private enum EnvelopeKeys: String, CodingKey {
    case windowSeconds, floorDecibels, windows, comparedWindows, largestDifferenceDecibels, largestDifferenceSeconds
    case expectedDecibels, actualDecibels
  }

  /// JSON for scripts; infinite levels are `null` (`identical` tells why).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(expected, forKey: .expected)
    try container.encode(actual, forKey: .actual)
    try container.encode(tolerance, forKey: .tolerance)
    try container.encode(mismatches.map(\.description), forKey: .mismatches)
    try container.encode(framesCompared, forKey: .framesCompared)
    try container.encode(maxDifference, forKey: .maxDifference)
    try container.encode(maxDifferenceFrame, forKey: .maxDifferenceFrame)
    try container.encode(
      Double(maxDifferenceFrame) / Double(max(expected.sampleRate, 1)), forKey: .maxDifferenceSeconds)
    try container.encode(maxDifferenceChannel, forKey: .maxDifferenceChannel)
    try container.encode(samplesOverTolerance, forKey: .samplesOverTolerance)
    try container.encode(nonFiniteSamples, forKey: .nonFiniteSamples)
    try container.encode(firstFrameOverTolerance, forKey: .firstFrameOverTolerance)
    try container.encode(firstChannelOverTolerance, forKey: .firstChannelOverTolerance)
    let rms = differenceRMSDecibels
    try container.encode(rms.isFinite ? rms : nil, forKey: .differenceRMSDecibels)
    try container.encode(snr.flatMap { $0.isFinite ? $0 : nil }, forKey: .snrDecibels)
    try container.encode(differenceEnergy == 0 && mismatches.isEmpty, forKey: .identical)
    try container.encode(passed, forKey: .passed)
    if let envelope {
      var nested = container.nestedContainer(keyedBy: EnvelopeKeys.self, forKey: .envelope)
      try nested.encode(EnvelopeComparison.windowSeconds, forKey: .windowSeconds)
      try nested.encode(EnvelopeComparison.floorDecibels, forKey: .floorDecibels)
      try nested.encode(envelope.windowCount, forKey: .windows)
      try nested.encode(envelope.comparedWindowCount, forKey: .comparedWindows)
      try nested.encode(envelope.largestDifference, forKey: .largestDifferenceDecibels)
      try nested.encode(envelope.largestDifferenceSeconds, forKey: .largestDifferenceSeconds)
      try nested.encode(envelope.expectedLevel, forKey: .expectedDecibels)
      try nested.encode(envelope.actualLevel, forKey: .actualDecibels)
    }
  }
}
