extension AndroidEnvelope {
  /// A point of the envelope that cannot follow the render within ``tolerance``: the level
  /// changes there faster than the device's shortest point.
  public struct Miss: Sendable, Equatable {
    /// The first and last millisecond of the stretch, from the start of the render.
    public var millis: ClosedRange<Int>
    /// The largest difference there between the level played and the render's, 0…1.
    public var error: Double
  }

  /// The largest difference, as a fraction of full scale, between the level Android plays and
  /// the render's envelope at any millisecond, where the device's shortest point allows it.
  public static let tolerance = 0.05
  /// What the fit allows itself, leaving the rest of ``tolerance`` to the rounding of
  /// intensities.
  private static let fitTolerance = 0.045
  /// How far a point's sharpness line may stray from the render's: a device's strength varies
  /// with frequency, and it moves amplitude and frequency linearly together, so a point must
  /// not sweep across much of its range.
  private static let sharpnessTolerance = 0.02
  /// The most a point's sharpness may move: 0.03 of the device's frequency range, over which
  /// the acceleration the device reaches changes little.
  private static let sharpnessSweep = 0.03
  /// The longest point the fit makes, in milliseconds: it bounds the work per point (Android
  /// splits longer points itself, `SplitPwleSegmentsAdapter`).
  private static let longestPointMillis = 1_000

  /// Control points that follow `levels`, the render's envelope (`A(I)` shaped by attacks,
  /// releases and transients: the peak of each ``AndroidWaveform/stepMillis`` window, 0…1, the
  /// last window lasting `lastMillis`), on `device`, up to what the device reaches at each
  /// window's sharpness (``AndroidDevice/reach(sharpness:)``).
  ///
  /// The device moves linearly in acceleration from point to point, so the points are a
  /// piecewise-linear fit of the levels at every millisecond, each segment as long as it can be
  /// while it stays within ``tolerance`` (and its sharpness moves by at most 0.03, following
  /// the render's), never shorter than `device.minPointMillis`; where no segment that long
  /// fits, the shortest ends on the render's level and is a ``Miss``.
  /// Each level becomes the intensity Android plays at it (``AndroidDevice/intensity(level:)``);
  /// each point's sharpness is that of its window (`sharpnesses`, one per level).
  ///
  /// - Complexity: O(n · p) for n windows and a longest point of p windows (100).
  public static func fitting(
    levels: [Double], sharpnesses: [Double], lastMillis: Int = AndroidWaveform.stepMillis,
    device: AndroidDevice = .reference
  ) -> (envelope: AndroidEnvelope, misses: [Miss]) {
    precondition(levels.count == sharpnesses.count, "one sharpness per level")
    guard levels.contains(where: { $0 > 0 }) else {
      return (AndroidEnvelope(initialSharpness: 0, controlPoints: []), [])
    }
    let step = AndroidWaveform.stepMillis
    let total = (levels.count - 1) * step + lastMillis
    let shortest = device.minPointMillis
    // The most the device plays at each window's sharpness: where the render asks more, the
    // device plays its most, and the envelope follows that.
    let reach = sharpnesses.map { device.reach(sharpness: AndroidEffect.unitHundredths($0)) }
    /// The level the device can play of the render's, and the render's sharpness, at
    /// millisecond `t` (1…total): those of its window.
    func target(_ t: Int) -> Double {
      let window = (min(t, total) - 1) / step
      return min(max(levels[window], 0), reach[window])
    }
    func sharpness(_ t: Int) -> Double { AndroidEffect.unitHundredths(sharpnesses[(min(t, total) - 1) / step]) }
    var points: [ControlPoint] = []
    var misses: [Miss] = []
    var start = (millis: 0, level: 0.0, sharpness: sharpness(1))
    func add(end: Int) {
      let level = target(end)
      let intensity = intensityThousandths(device.intensity(level: level))
      points.append(ControlPoint(intensity: intensity, sharpness: sharpness(end), durationMillis: end - start.millis))
      start = (end, device.level(intensity: intensity), sharpness(end))
    }
    while start.millis < total {
      let ends = candidateEnds(after: start.millis, total: total, shortest: shortest)
      var chosen: Int?
      for end in ends {
        if fits(start.millis, start.level, to: end, target, fitTolerance),
          abs(sharpness(end) - start.sharpness) <= sharpnessSweep,
          fits(start.millis, start.sharpness, to: end, sharpness, sharpnessTolerance)
        {
          chosen = end
        } else if chosen != nil {
          break
        }
      }
      if let chosen {
        add(end: chosen)
      } else {
        let from = start
        add(end: ends.first ?? start.millis + shortest)
        let miss = miss(from: (from.millis, from.level), to: start, target: target, total: total)
        if miss.error > tolerance { misses.append(miss) }
      }
    }
    if let last = points.last, last.intensity != 0 {
      points.append(ControlPoint(intensity: 0, sharpness: last.sharpness, durationMillis: shortest))
    }
    return (AndroidEnvelope(initialSharpness: sharpness(1), controlPoints: points), misses)
  }

  /// Where a point from `after` may end: `shortest` later, then each window boundary, up to
  /// `total` or the longest point, never leaving less than `shortest` before `total`.
  private static func candidateEnds(after start: Int, total: Int, shortest: Int) -> [Int] {
    let step = AndroidWaveform.stepMillis
    let last = min(total, start + max(shortest, longestPointMillis))
    var ends: [Int] = []
    var end = start + shortest
    while end <= last {
      if end == total || total - end >= shortest { ends.append(end) }
      end = (end / step + 1) * step
    }
    if last == total, ends.last != total, total - start >= shortest { ends.append(total) }
    return ends
  }

  /// Whether the line from `value` at `start` to `target` at `end` stays within `tolerance`
  /// of `target` at every millisecond between. The target is constant over each window and the
  /// line monotonic, so each window's first and last millisecond bound it there.
  private static func fits(
    _ start: Int, _ value: Double, to end: Int, _ target: (Int) -> Double, _ tolerance: Double
  ) -> Bool {
    let step = AndroidWaveform.stepMillis
    let endValue = target(end)
    let length = Double(end - start)
    func within(_ t: Int) -> Bool {
      abs(value + (endValue - value) * Double(t - start) / length - target(t)) <= tolerance
    }
    var window = start / step
    while window * step < end {
      guard within(max(start + 1, window * step + 1)), within(min(end, window * step + step)) else { return false }
      window += 1
    }
    return true
  }

  /// A point too short to follow the render: all of it, from `start` to `end` (the level
  /// played there), with the largest difference from the render.
  private static func miss(
    from start: (millis: Int, level: Double), to end: (millis: Int, level: Double, sharpness: Double),
    target: (Int) -> Double, total: Int
  ) -> Miss {
    let last = min(end.millis, total)
    let length = Double(end.millis - start.millis)
    let error =
      stride(from: start.millis + 1, through: last, by: 1).map {
        abs(start.level + (end.level - start.level) * Double($0 - start.millis) / length - target($0))
      }.max() ?? 0
    return Miss(millis: start.millis + 1...max(start.millis + 1, last), error: error)
  }
}
