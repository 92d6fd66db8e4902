import HapticAudio

/// Compares two audio streams sample by sample, block by block: memory does not depend on
/// their length.
public enum Comparison {
  /// Frames read per block at most.
  package static let blockSize = 32_768

  /// Checks rate, channels and length first (each difference is a mismatch), then compares
  /// the samples both sides have; with the envelope metric, also the loudness envelopes
  /// (``EnvelopeComparison``), the longer side's rest against silence.
  ///
  /// - Parameters:
  ///   - expected: The reference (the golden file).
  ///   - actual: The stream under test.
  ///   - names: How the two sides are called in the report.
  ///   - tolerance: The largest differences that still pass, and the metric that judges them.
  /// - Throws: Whatever reading either side throws.
  public static func compare(
    expected: inout some FrameSource, actual: inout some FrameSource,
    names: (expected: String, actual: String), tolerance: ComparisonTolerance = ComparisonTolerance()
  ) throws -> ComparisonReport {
    func side(_ source: some FrameSource, _ name: String) -> ComparisonReport.Side {
      .init(name: name, sampleRate: source.sampleRate, channelCount: source.channelCount, frameCount: source.frameCount)
    }
    var report = ComparisonReport(
      expected: side(expected, names.expected), actual: side(actual, names.actual), tolerance: tolerance)
    if expected.sampleRate != actual.sampleRate {
      report.mismatches.append(.sampleRates(expected.sampleRate, actual.sampleRate))
    }
    if expected.channelCount != actual.channelCount {
      report.mismatches.append(.channelCounts(expected.channelCount, actual.channelCount))
    }
    if expected.frameCount != actual.frameCount {
      report.mismatches.append(.lengths(expected.frameCount, actual.frameCount))
    }
    // Samples can be compared frame by frame only at one rate and channel count.
    guard report.mismatches.allSatisfy(\.allowsSampleComparison) else { return report }

    let channels = expected.channelCount
    // Each side is read on a thread of its own (a file decoded, a pattern rendered) while the
    // samples are compared on this one, in blocks no longer than the longer side needs (as its
    // header says; 4,096 frames at least, should a header say too little).
    let frames = min(blockSize, max(expected.frameCount, actual.frameCount, 4_096))
    let expectedBlocks = ReadAhead(consume expected, blockSize: frames)
    let actualBlocks = ReadAhead(consume actual, blockSize: frames)
    defer { (expected, actual) = (expectedBlocks.finish(), actualBlocks.finish()) }
    var a = AudioBlock(channelCount: channels, capacity: frames)
    var b = AudioBlock(channelCount: channels, capacity: frames)
    var (aIndex, bIndex) = (0, 0)
    var envelope =
      tolerance.metric == .envelope
      ? EnvelopeComparison(sampleRate: report.expected.sampleRate, channelCount: channels) : nil
    while true {
      if aIndex == a.frameCount {
        guard try expectedBlocks.read(into: &a) else { break }
        aIndex = 0
      }
      if bIndex == b.frameCount {
        guard try actualBlocks.read(into: &b) else { break }
        bIndex = 0
      }
      let count = min(a.frameCount - aIndex, b.frameCount - bIndex)
      for offset in 0..<count {
        let frame = report.framesCompared + offset
        var (expectedEnergy, actualEnergy) = (0.0, 0.0)
        for channel in 0..<channels {
          let reference = Double(a.channels[channel][aIndex + offset])
          let sample = Double(b.channels[channel][bIndex + offset])
          guard reference.isFinite, sample.isFinite else {
            // NaN or ±∞ on either side is a difference, whatever the other side holds.
            report.nonFiniteSamples += 1
            report.samplesOverTolerance += 1
            if report.firstFrameOverTolerance == nil {
              report.firstFrameOverTolerance = frame
              report.firstChannelOverTolerance = channel
            }
            continue
          }
          let difference = abs(reference - sample)
          expectedEnergy += reference * reference
          actualEnergy += sample * sample
          report.signalEnergy += reference * reference
          report.differenceEnergy += difference * difference
          if difference > report.maxDifference {
            report.maxDifference = difference
            report.maxDifferenceFrame = frame
            report.maxDifferenceChannel = channel
          }
          if difference > tolerance.maxDifference {
            report.samplesOverTolerance += 1
            if report.firstFrameOverTolerance == nil {
              report.firstFrameOverTolerance = frame
              report.firstChannelOverTolerance = channel
            }
          }
        }
        envelope?.add(expectedEnergy: expectedEnergy, actualEnergy: actualEnergy)
      }
      aIndex += count
      bIndex += count
      report.framesCompared += count
    }
    if var envelope {
      try drain(expectedBlocks, &a, from: aIndex) { envelope.add(expectedEnergy: $0, actualEnergy: 0) }
      try drain(actualBlocks, &b, from: bIndex) { envelope.add(expectedEnergy: 0, actualEnergy: $0) }
      envelope.finish()
      report.envelope = envelope
    }
    return report
  }

  /// Reads the rest of one side, from frame `index` of `block` on, and hands each frame's sum
  /// of squares to `add`.
  private static func drain(
    _ blocks: ReadAhead<some FrameSource>, _ block: inout AudioBlock, from index: Int, _ add: (Double) -> Void
  ) throws {
    var index = index
    while true {
      if index >= block.frameCount {
        guard try blocks.read(into: &block) else { return }
        index = 0
      }
      for frame in index..<block.frameCount {
        var energy = 0.0
        for channel in block.channels.indices {
          let sample = Double(block.channels[channel][frame])
          if sample.isFinite { energy += sample * sample }
        }
        add(energy)
      }
      index = block.frameCount
    }
  }
}
