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
      if envelope != nil {
        compare(a, from: aIndex, b, from: bIndex, count: count, tolerance.maxDifference, &report, &envelope!)
      } else {
        var none = NoFrameEnergies()
        compare(a, from: aIndex, b, from: bIndex, count: count, tolerance.maxDifference, &report, &none)
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

  /// Compares `count` frames of `expected` from `expectedIndex` with as many of `actual` from
  /// `actualIndex`, frame by frame and channel by channel, into `report` (the frame numbers
  /// counted from its ``ComparisonReport/framesCompared``; a sample differs when it is more than
  /// `limit` away), and hands each frame's sums of squares to `energies`. The figures are kept
  /// in locals through the run, so that they stay in registers; they are summed in the same
  /// order as one frame at a time.
  private static func compare(
    _ expected: AudioBlock, from expectedIndex: Int, _ actual: AudioBlock, from actualIndex: Int, count: Int,
    _ limit: Double, _ report: inout ComparisonReport, _ energies: inout some FrameEnergies
  ) {
    let (expectedChannels, actualChannels) = (expected.channels, actual.channels)
    var (signal, difference) = (report.signalEnergy, report.differenceEnergy)
    var (largest, largestFrame, largestChannel) = (
      report.maxDifference, report.maxDifferenceFrame, report.maxDifferenceChannel
    )
    var (over, nonFinite) = (report.samplesOverTolerance, report.nonFiniteSamples)
    var (firstFrame, firstChannel) = (report.firstFrameOverTolerance, report.firstChannelOverTolerance)
    for offset in 0..<count {
      let frame = report.framesCompared + offset
      var (expectedEnergy, actualEnergy) = (0.0, 0.0)
      for channel in expectedChannels.indices {
        let reference = Double(expectedChannels[channel][expectedIndex + offset])
        let sample = Double(actualChannels[channel][actualIndex + offset])
        guard reference.isFinite, sample.isFinite else {
          // NaN or ±∞ on either side is a difference, whatever the other side holds.
          nonFinite += 1
          over += 1
          if firstFrame == nil { (firstFrame, firstChannel) = (frame, channel) }
          continue
        }
        let gap = abs(reference - sample)
        expectedEnergy += reference * reference
        actualEnergy += sample * sample
        signal += reference * reference
        difference += gap * gap
        if gap > largest { (largest, largestFrame, largestChannel) = (gap, frame, channel) }
        if gap > limit {
          over += 1
          if firstFrame == nil { (firstFrame, firstChannel) = (frame, channel) }
        }
      }
      energies.add(expectedEnergy: expectedEnergy, actualEnergy: actualEnergy)
    }
    (report.signalEnergy, report.differenceEnergy) = (signal, difference)
    (report.maxDifference, report.maxDifferenceFrame, report.maxDifferenceChannel) = (
      largest, largestFrame, largestChannel
    )
    (report.samplesOverTolerance, report.nonFiniteSamples) = (over, nonFinite)
    (report.firstFrameOverTolerance, report.firstChannelOverTolerance) = (firstFrame, firstChannel)
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
