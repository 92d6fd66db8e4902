import HapticRender

extension ControlTimeline {
  /// The function from `start` to `end` seconds as the points of a piecewise-linear curve,
  /// linear between them: the value at `start`, every breakpoint strictly between (a step as
  /// its two points at one time), and the value at `end` reached from before it (a step at
  /// `end` is not taken). One point when `end` is not after `start`.
  ///
  /// - Complexity: O(log n + k), for n breakpoints of which k lie between.
  func points(from start: Double, to end: Double) -> [(time: Double, value: Double)] {
    var points = [(time: start, value: value(at: start))]
    guard end > start else { return points }
    var index = breakpointCount(atOrBefore: start)
    while index < values.count, segment(at: index).start < end {
      points.append((segment(at: index).start, segment(at: index).value))
      index += 1
    }
    let last = segment(at: index - 1)  // the piece that runs into `end`
    points.append((end, last.value + last.slope * (end - last.start)))
    return points
  }

  /// The time of the first breakpoint at or after `time`, if there is one.
  func firstBreakpoint(atOrAfter time: Double) -> Double? {
    var index = breakpointCount(atOrBefore: time)
    while index > 0, segment(at: index - 1).start == time { index -= 1 }
    return index < values.count ? segment(at: index).start : nil
  }

  /// The time of the last breakpoint, if there is one.
  var lastBreakpoint: Double? {
    values.isEmpty ? nil : segment(at: values.count - 1).start
  }

  /// How many breakpoints lie at or before `time` seconds (the search of ``value(at:from:)``).
  private func breakpointCount(atOrBefore time: Double) -> Int {
    var index = -1
    _ = value(at: time, from: &index)
    return index + 1
  }
}
