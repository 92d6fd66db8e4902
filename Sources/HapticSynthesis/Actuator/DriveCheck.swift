import HapticAudio

/// Refuses what an amplifier must never be fed: a sample that is not finite, or a drive that
/// holds a DC offset (a constant drive only pushes the mass aside and heats the coil). Every
/// frame of an actuator's output passes through it before it is delivered, the frames its
/// source declares zeros (a silence skipped at rest) counted without being read
/// (docs/actuators.md §2, "Checks").
///
/// The mean of the drive over each window of ``windowPeriods`` periods of f0 must stay within
/// ``largestOffset``; the sum so far is checked after every run of frames, so a full-scale
/// offset is refused once it has lasted ``largestOffset`` of a window (20 periods, 118 ms for
/// `lra`), within the block that holds it. The controller's drive is a carrier at f0, but its
/// pushes and brakes are not symmetric: its mean over such a window reaches 0.072 on the
/// sample patterns across the accepted actuators, and 0.23 with carriers far outside the
/// actuator's band (`preview`'s profile on `lra`) (docs/actuators.md §2, "Checks").
package struct DriveCheck: Sendable {
  /// The largest mean of the drive over a window, of full scale.
  package static let largestOffset = 0.5
  /// The length of a window, in periods of f0.
  package static let windowPeriods = 40.0

  /// Frames in a window, ≥ 1.
  package let windowFrames: Int
  private let sampleRate: Int
  /// The sum of the current window's frames so far, and how many they are.
  private var sum = 0.0
  private var count = 0
  /// Frames checked before the current window.
  private var windowStart = 0

  package init(resonance: Double, sampleRate: Int) {
    windowFrames = max(1, Int((Self.windowPeriods * Double(sampleRate) / resonance).rounded()))
    self.sampleRate = sampleRate
  }

  /// Checks the next frames of the drive; returns their largest magnitude (`AudioBlock`'s
  /// peak, read in the same pass). The frames of `zeros` (ranges of `samples`' indices, in
  /// order) are known to be +0 and are not read: adding them would change no sum and no peak.
  ///
  /// - Throws: ``RenderError/driveNotFinite(seconds:)`` or
  ///   ``RenderError/driveOffset(mean:seconds:)``, with the time of the window's start.
  @discardableResult
  package mutating func check(
    _ samples: UnsafeBufferPointer<Float>, zeros: [Range<Int>] = []
  ) throws(RenderError) -> Double {
    var index = 0
    var peak: Float = 0
    while index < samples.count {
      let run = min(windowFrames - count, samples.count - index)
      let (runSum, runPeak) = Self.sumAndPeak(
        UnsafeBufferPointer(rebasing: samples[index..<(index + run)]), zeros: zeros, from: index)
      sum += runSum
      peak = max(peak, runPeak)
      count += run
      index += run
      let seconds = Double(windowStart) / Double(sampleRate)
      guard sum.isFinite else { throw .driveNotFinite(seconds: seconds) }
      guard abs(sum) <= Self.largestOffset * Double(windowFrames) else {
        throw .driveOffset(mean: sum / Double(windowFrames), seconds: seconds)
      }
      if count == windowFrames {
        windowStart += count
        sum = 0
        count = 0
      }
    }
    return Double(peak)
  }

  /// The sum of `samples`, eight lanes at a time (NaN and the infinities carry through), and
  /// their largest magnitude. The groups of eight within `zeros` (frames of +0, in order,
  /// counted from `start`, the frame `samples` starts at) are skipped: no lane is ever −0 (it
  /// starts at +0, and a sum is −0 only of two), so adding +0 changes no lane and no peak.
  private static func sumAndPeak(_ samples: UnsafeBufferPointer<Float>, zeros: [Range<Int>], from start: Int) -> (
    sum: Double, peak: Float
  ) {
    guard let base = samples.baseAddress else { return (0, 0) }
    // Local accumulators stay in registers; each load is within the buffer.
    let raw = UnsafeRawPointer(base)
    var lanes = SIMD8<Float>()
    var peaks = SIMD8<Float>()
    var frame = 0
    for known in zeros {
      // The span within `samples`, from its first frame.
      let clamped = known.clamped(to: start..<(start + samples.count))
      guard !clamped.isEmpty else { continue }
      let span = (clamped.lowerBound - start)..<(clamped.upperBound - start)
      // The groups of eight from `frame` that lie within the span.
      let first = (span.lowerBound + 7) & ~7
      let skipped = (span.upperBound - first) & ~7
      guard first >= frame, skipped > 0 else { continue }
      accumulate(raw, from: &frame, upTo: first, into: &lanes, &peaks)
      frame += skipped
    }
    let wholeGroupsEnd = frame + ((samples.count - frame) & ~7)
    accumulate(raw, from: &frame, upTo: wholeGroupsEnd, into: &lanes, &peaks)
    var total = Double(lanes.sum())
    var peak = peaks.max()
    while frame < samples.count {
      total += Double(samples[frame])
      peak = max(peak, abs(samples[frame]))
      frame += 1
    }
    return (total, peak)
  }

  /// Adds the groups of eight frames of `raw` from `frame` up to `end` (a multiple of 8 from
  /// `frame`) to `lanes`, and their magnitudes to `peaks` (the largest in each lane).
  @inline(__always)
  private static func accumulate(
    _ raw: UnsafeRawPointer, from frame: inout Int, upTo end: Int, into lanes: inout SIMD8<Float>,
    _ peaks: inout SIMD8<Float>
  ) {
    while frame < end {
      let values = raw.loadUnaligned(fromByteOffset: frame * 4, as: SIMD8<Float>.self)
      lanes += values
      let magnitudes = values.magnitude
      peaks.replace(with: magnitudes, where: magnitudes .> peaks)
      frame += 8
    }
  }
}
