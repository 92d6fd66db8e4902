import HapticSupport

/// Compares the loudness envelopes of two streams, frame by frame as they are read: the RMS
/// in dBFS, all channels together, every ``windowSeconds`` (10 ms), window against window.
///
/// A window is compared when its own RMS on either side is above ``floorDecibels``; where one
/// side is below, it counts as the floor, so a fade into silence is compared down to the floor
/// and no further. The level compared is the RMS of such windows among the
/// ``smoothingWindows`` centred on it (50 ms): 10 ms holds less than one period of the lowest
/// carriers (65 Hz) and less than one beat of a tap over a swell, so the RMS of one window moves
/// by 2 to 3 dB with the carrier's phase when only the sharpness changes; over up to 50 ms of
/// sound, by less than 1 dB (0.6 dB at most for steps of 0.05 over the sharpness range of a
/// 4-7-8 breath with taps). A change of
/// intensity from 0.8 to 0.6 moves every level by −5 dB (amplitude follows intensity²).
public struct EnvelopeComparison: Sendable {
  /// Seconds of a window: 10 ms.
  public static let windowSeconds = 0.01
  /// dBFS under which a window is silence to this comparison: −50 dBFS.
  public static let floorDecibels = -50.0
  /// Windows centred on a window whose RMS is its level: 5, 50 ms (fewer at the ends, and only
  /// those louder than the floor).
  public static let smoothingWindows = 5

  /// Frames of a window: `round(rate × 10 ms)`, at least 1.
  public let windowFrames: Int
  public let sampleRate: Int
  public let channelCount: Int
  /// Windows seen, the last one partial when the longer stream ends inside it.
  public private(set) var windowCount = 0
  /// Windows louder than the floor on at least one side: those compared.
  public private(set) var comparedWindowCount = 0
  /// actual − expected in dB at the window where the two differ most (0 when they never do);
  /// of windows that differ by as much, within 0.05 dB, the loudest.
  public private(set) var largestDifference = 0.0
  /// Index of that window (its start is `index × windowFrames`).
  public private(set) var largestDifferenceWindow = 0
  /// The two levels there, in dBFS, each at least the floor.
  public private(set) var expectedLevel = floorDecibels
  public private(set) var actualLevel = floorDecibels

  private var expectedEnergy = 0.0
  private var actualEnergy = 0.0
  private var framesInWindow = 0
  /// A closed window: its index, the sums of squares on each side and its frames.
  private typealias Window = (index: Int, expected: Double, actual: Double, frames: Int)
  /// The last ``smoothingWindows`` windows, oldest first.
  private var recent: [Window] = []
  /// The next window to compare, once the windows after it are known.
  private var nextCentre = 0

  public init(sampleRate: Int, channelCount: Int) {
    self.sampleRate = sampleRate
    self.channelCount = max(channelCount, 1)
    windowFrames = max(Int((Double(sampleRate) * Self.windowSeconds).rounded()), 1)
  }

  /// Seconds from the start to the window where the two differ most.
  public var largestDifferenceSeconds: Double {
    Double(largestDifferenceWindow * windowFrames) / Double(max(sampleRate, 1))
  }

  /// Adds one frame: the sums of the squares of its samples, channel by channel, on each side
  /// (0 for a side that has ended).
  @inline(__always)
  package mutating func add(expectedEnergy expected: Double, actualEnergy actual: Double) {
    expectedEnergy += expected
    actualEnergy += actual
    framesInWindow += 1
    if framesInWindow == windowFrames { closeWindow() }
  }

  /// Compares the last windows, the last one partial when the streams end inside it.
  package mutating func finish() {
    if framesInWindow > 0 { closeWindow() }
    while nextCentre < windowCount { compare(centre: nextCentre) }
  }

  private mutating func closeWindow() {
    if recent.count == Self.smoothingWindows { recent.removeFirst() }
    recent.append((windowCount, expectedEnergy, actualEnergy, framesInWindow))
    windowCount += 1
    (expectedEnergy, actualEnergy, framesInWindow) = (0, 0, 0)
    let reach = Self.smoothingWindows / 2
    while nextCentre + reach < windowCount { compare(centre: nextCentre) }
  }

  /// Compares the levels of window `centre`, when it is louder than the floor on either side:
  /// the RMS of the windows within ``smoothingWindows``/2 of it that are.
  private mutating func compare(centre: Int) {
    nextCentre = centre + 1
    let reach = Self.smoothingWindows / 2
    // Summed in place, oldest first: no array per window.
    var (frames, expectedSum, actualSum, centreIsLoud) = (0, 0.0, 0.0, false)
    for window in recent where abs(window.index - centre) <= reach && isLoud(window) {
      frames += window.frames
      expectedSum += window.expected
      actualSum += window.actual
      centreIsLoud = centreIsLoud || window.index == centre
    }
    guard centreIsLoud else { return }
    let samples = Double(frames * channelCount)
    let expected = Self.level(meanSquare: expectedSum / samples)
    let actual = Self.level(meanSquare: actualSum / samples)
    comparedWindowCount += 1
    let difference = actual - expected
    // Of differences within 0.05 dB of each other (a change of level everywhere), the loudest.
    let margin = abs(difference) - abs(largestDifference)
    if margin > 0.05 || (margin > -0.05 && max(expected, actual) > max(expectedLevel, actualLevel)) {
      largestDifference = difference
      largestDifferenceWindow = centre
      (expectedLevel, actualLevel) = (expected, actual)
    }
  }

  /// `true` when the window's own RMS is above the floor on either side.
  private func isLoud(_ window: Window) -> Bool {
    let samples = Double(window.frames * channelCount)
    return Self.level(meanSquare: max(window.expected, window.actual) / samples) > Self.floorDecibels
  }

  /// The level in dBFS of a mean square, at least ``floorDecibels``.
  private static func level(meanSquare: Double) -> Double {
    meanSquare > 0 ? max(Decibels.level(meanSquare.squareRoot()), floorDecibels) : floorDecibels
  }
}
