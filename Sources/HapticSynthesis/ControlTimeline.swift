import HapticModel

/// The value of one dynamic parameter over time: a piecewise-linear function compiled from
/// the pattern's `Parameter` and `ParameterCurve` elements of that ID (docs/signal-model.md §2.1).
///
/// - It starts at the control's neutral value.
/// - Elements apply in order of their `Time`; ties by the time of their first point, then
///   file order.
/// - Each takes over at `tk`, the later of its `Time` and the last breakpoint so far at or
///   before its first point: what was built is kept up to `tk`, later breakpoints are dropped.
/// - A `Parameter` steps to its value at its time; a curve ramps linearly from the value at
///   `tk` to its first point (Apple: a curve ensures a smooth transition from the current
///   value), interpolates between its points (times relative to the curve's `Time`) and holds
///   its last value.
/// - ``Steps/ramped``: a step at `ts > 0` becomes a ramp of ``stepRampSeconds`` (§2.2).
public struct ControlTimeline: Sendable {
  /// How the timeline shapes a step: two points at one time.
  public enum Steps: Sendable {
    /// Every step at `ts > 0` becomes a ramp to the value the stepped function has at
    /// `ts + 5 ms`, or straight to the next point when that comes sooner: what continuous voices
    /// follow, so that no step clicks.
    case ramped
    /// Steps as written: what a transient samples at its onset.
    case abrupt
  }

  /// Length of the ramp that replaces a step, in seconds.
  public static let stepRampSeconds = 0.005

  /// Breakpoints in time order. Two with the same time make a step (``Steps/abrupt``, or at
  /// time 0).
  private var times: [Double] = []
  /// Breakpoint values, in time order.
  package private(set) var values: [Double] = []
  /// `slopes[i]`: change per second from breakpoint `i` to `i + 1` (0 for a step or the last).
  private var slopes: [Double] = []
  /// The largest breakpoint value over any run of breakpoints.
  private var peaks = RangeMaximum([])
  public let neutralValue: Double

  /// One `Parameter` or `ParameterCurve`, with absolute point times.
  private struct Element {
    var time: Double
    var points: [(time: Double, value: Double)]
    var position: TextPosition

    /// Application order: `Time`, then the first point's time, then file order.
    func precedes(_ other: Element) -> Bool {
      (time, points[0].time, position.line, position.column)
        < (other.time, other.points[0].time, other.position.line, other.position.column)
    }
  }

  /// Compiles the elements of `id` in `pattern`, its steps shaped as `steps` says.
  public init(_ id: DynamicParameterID, in pattern: Pattern, steps: Steps = .ramped) {
    neutralValue = id.neutralValue
    var elements: [Element] = []
    for parameter in pattern.parameters where parameter.id == id {
      elements.append(
        Element(time: parameter.time, points: [(parameter.time, parameter.value)], position: parameter.position))
    }
    for curve in pattern.curves where curve.id == id && !curve.points.isEmpty {
      let points = curve.points.map { (curve.time + $0.time, $0.value) }
      elements.append(Element(time: curve.time, points: points, position: curve.position))
    }
    for element in elements.sorted(by: { $0.precedes($1) }) {
      let first = element.points[0].time
      let takeover = max(element.time, lastBreakpoint(atOrBefore: first) ?? -.infinity)
      let current = valueWhileBuilding(at: takeover)
      while let last = times.last, last > takeover {
        times.removeLast()
        values.removeLast()
      }
      append(takeover, current)  // ends whatever ramp was running; the element ramps from here
      for point in element.points { append(point.time, point.value) }
    }
    if steps == .ramped { rampSteps() }
    slopes = times.indices.map { index in
      guard index + 1 < times.count, times[index + 1] > times[index] else { return 0 }
      let slope = (values[index + 1] - values[index]) / (times[index + 1] - times[index])
      return slope.isFinite ? slope : 0  // points a few 1e-300 s apart: a step
    }
    peaks = RangeMaximum(values)
  }

  /// Replaces each step (the first and last of the breakpoints at one time, when their values
  /// differ) by a ramp: at `ts > 0` the later breakpoint moves to `ts + 5 ms` with the value the
  /// stepped function has there, or is dropped when the next breakpoint comes no later, so that
  /// the function runs straight to it; at `ts = 0` the later value holds from the start.
  private mutating func rampSteps() {
    var (rampedTimes, rampedValues) = ([Double](), [Double]())
    rampedTimes.reserveCapacity(times.count)
    rampedValues.reserveCapacity(times.count)
    var first = 0
    while first < times.count {
      var last = first
      while last + 1 < times.count, times[last + 1] == times[first] { last += 1 }
      let (time, before, after) = (times[first], values[first], values[last])
      if before == after || time <= 0 {
        rampedTimes.append(time)
        rampedValues.append(after)
      } else {
        rampedTimes.append(time)
        rampedValues.append(before)
        let end = time + Self.stepRampSeconds
        if last + 1 == times.count {
          rampedTimes.append(end)
          rampedValues.append(after)
        } else if times[last + 1] > end {
          let (next, nextValue) = (times[last + 1], values[last + 1])
          rampedTimes.append(end)
          rampedValues.append(after + (nextValue - after) * ((end - time) / (next - time)))
        }
      }
      first = last + 1
    }
    (times, values) = (rampedTimes, rampedValues)
  }

  /// The time of the last breakpoint added so far at or before `time`.
  private func lastBreakpoint(atOrBefore time: Double) -> Double? {
    let index = breakpointCount(atOrBefore: time) - 1
    return index >= 0 ? times[index] : nil
  }

  /// How many breakpoints lie at or before `time` (they are in time order, while building too).
  private func breakpointCount(atOrBefore time: Double) -> Int {
    breakpointCount { $0 <= time }
  }

  /// How many breakpoints lie before `time`.
  private func breakpointCount(before time: Double) -> Int {
    breakpointCount { $0 < time }
  }

  /// How many breakpoints from the first satisfy `isBefore` (which holds for a prefix).
  private func breakpointCount(while isBefore: (Double) -> Bool) -> Int {
    var low = 0
    var high = times.count
    while low < high {
      let middle = (low + high) / 2
      if isBefore(times[middle]) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The value at `time` of the breakpoints added so far (slopes are not known yet).
  private func valueWhileBuilding(at time: Double) -> Double {
    let index = breakpointCount(atOrBefore: time) - 1
    guard index >= 0 else { return neutralValue }
    guard index + 1 < times.count, times[index + 1] > times[index] else { return values[index] }
    return values[index] + (values[index + 1] - values[index])
      * ((time - times[index]) / (times[index + 1] - times[index]))
  }

  private mutating func append(_ time: Double, _ value: Double) {
    times.append(time)
    values.append(value)
  }

  /// `true` when no element sets this parameter.
  public var isConstant: Bool { times.isEmpty }

  /// The value at `time` seconds.
  public func value(at time: Double) -> Double {
    interpolate(after: breakpointCount(atOrBefore: time) - 1, at: time)
  }

  /// The largest value between `start` and `end` seconds: at an end or at a breakpoint
  /// between them, since the function is piecewise linear. Breakpoints at `end` count too: a
  /// step there leaves the values before `end` rising to the one before the step. O(log n).
  package func maximum(from start: Double, to end: Double) -> Double {
    let first = breakpointCount(atOrBefore: start)
    let throughEnd = first..<max(breakpointCount(atOrBefore: end), first)
    return max(value(at: start), value(at: end), peaks.maximum(of: throughEnd))
  }

  /// The indices of the breakpoints strictly between `start` and `end` seconds.
  private func breakpoints(from start: Double, to end: Double) -> Range<Int> {
    let first = breakpointCount(atOrBefore: start)
    return first..<max(breakpointCount(before: end), first)
  }

  /// The times of the breakpoints strictly between `start` and `end` seconds, in order; at
  /// most `limit` of them, evenly chosen when there are more.
  package func breakpointTimes(from start: Double, to end: Double, limit: Int) -> [Double] {
    let inside = breakpoints(from: start, to: end)
    guard inside.count > limit else { return Array(times[inside]) }
    let (first, count) = (inside.lowerBound, inside.count)
    return (1...limit).map { (piece: Int) -> Double in times[first + piece * count / (limit + 1)] }
  }

  /// The value at `time` seconds, for calls whose times never decrease: `index` remembers the
  /// breakpoint reached (start it at −1), so each call costs O(1) amortized. A jump over more
  /// than a few breakpoints (the first call of a voice that starts late in a long curve) is a
  /// binary search, not a walk from the start.
  ///
  /// Invariant: gives exactly ``value(at:)``.
  @inline(__always)
  package func value(at time: Double, from index: inout Int) -> Double {
    if index >= 0, index < times.count, times[index] > time { index = -1 }  // time went back
    var steps = 0
    while index + 1 < times.count, times[index + 1] <= time {
      index += 1
      steps += 1
      if steps == 8 {
        index = breakpointCount(atOrBefore: time) - 1
        break
      }
    }
    return interpolate(after: index, at: time)
  }

  /// The largest breakpoint value, or `nil` when there is none. O(log n).
  package var largestValue: Double? {
    values.isEmpty ? nil : peaks.maximum(of: 0..<values.count)
  }

  /// The piece of the function from breakpoint `index` (−1: before the first) to the next:
  /// its start and end times, its value at the start and its slope. The value at `t` in
  /// `start ..< end` is `value + slope · (t − start)`, as ``value(at:)`` computes it.
  package func segment(at index: Int) -> (start: Double, end: Double, value: Double, slope: Double) {
    let end = index + 1 < times.count ? times[index + 1] : .infinity
    guard index >= 0 else { return (-.greatestFiniteMagnitude, end, neutralValue, 0) }
    return (times[index], end, values[index], slopes[index])
  }

  /// The value at `time`, given the index of the last breakpoint at or before it (−1: none).
  @inline(__always)
  private func interpolate(after index: Int, at time: Double) -> Double {
    guard index >= 0 else { return neutralValue }
    return values[index] + slopes[index] * (time - times[index])
  }
}
