/// The value of one dynamic parameter over time: a piecewise-linear function compiled from
/// the pattern's `Parameter` and `ParameterCurve` elements of that ID.
///
/// - It starts at the control's neutral value.
/// - A `Parameter` steps to its value at its time.
/// - A curve holds the value in force at its start until its first point, interpolates
///   linearly between points (point times relative to the curve's start) and holds its last value.
/// - A later-starting element takes over from its start; elements starting together apply in
///   file order.
public struct ControlTimeline: Sendable {
  /// Breakpoints in time order. Two with the same time make a step.
  private var times: [Double] = []
  /// Breakpoint values, in time order.
  private(set) var values: [Double] = []
  /// `slopes[i]`: change per second from breakpoint `i` to `i + 1` (0 for a step or the last).
  private var slopes: [Double] = []
  public let neutralValue: Double

  /// Compiles the elements of `id` in `pattern`.
  public init(_ id: DynamicParameterID, in pattern: Pattern) {
    neutralValue = id.neutralValue
    enum Element {
      case step(Double)
      case curve([ParameterCurve.Point])
    }
    var elements: [(time: Double, order: Int, element: Element)] = []
    for parameter in pattern.parameters where parameter.id == id {
      elements.append((parameter.time, elements.count, .step(parameter.value)))
    }
    for curve in pattern.curves where curve.id == id {
      elements.append((curve.time, elements.count, .curve(curve.points)))
    }
    elements.sort { ($0.time, $0.order) < ($1.time, $1.order) }
    for (start, _, element) in elements {
      let current = valueWhileBuilding(at: start)
      while let last = times.last, last > start {
        times.removeLast()
        values.removeLast()
      }
      append(start, current)  // ends whatever ramp was running at `start`
      switch element {
      case .step(let value):
        append(start, value)
      case .curve(let points):
        append(start + points[0].time, current)
        for point in points { append(start + point.time, point.value) }
      }
    }
    slopes = times.indices.map { index in
      guard index + 1 < times.count, times[index + 1] > times[index] else { return 0 }
      let slope = (values[index + 1] - values[index]) / (times[index + 1] - times[index])
      return slope.isFinite ? slope : 0  // points a few 1e-300 s apart: a step
    }
  }

  /// The value at `time` of the breakpoints added so far (slopes are not known yet).
  private func valueWhileBuilding(at time: Double) -> Double {
    var low = 0
    var high = times.count
    while low < high {  // the breakpoints are in time order while building, too
      let middle = (low + high) / 2
      if times[middle] <= time { low = middle + 1 } else { high = middle }
    }
    let index = low - 1
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
    // Last breakpoint at or before `time`.
    var low = 0
    var high = times.count
    while low < high {
      let middle = (low + high) / 2
      if times[middle] <= time { low = middle + 1 } else { high = middle }
    }
    return interpolate(after: low - 1, at: time)
  }

  /// The largest value between `start` and `end` seconds: at an end or at a breakpoint
  /// between them, since the function is piecewise linear.
  func maximum(from start: Double, to end: Double) -> Double {
    var largest = max(value(at: start), value(at: end))
    for (time, value) in zip(times, values) where time > start && time < end {
      largest = max(largest, value)
    }
    return largest
  }

  /// The value at `time` seconds, for calls whose times never decrease: `index` remembers the
  /// breakpoint reached (start it at −1), so each call costs O(1) amortized.
  ///
  /// Invariant: gives exactly ``value(at:)``.
  @inline(__always)
  func value(at time: Double, from index: inout Int) -> Double {
    if index >= 0, index < times.count, times[index] > time { index = -1 }  // time went back
    while index + 1 < times.count, times[index + 1] <= time { index += 1 }
    return interpolate(after: index, at: time)
  }

  /// The piece of the function from breakpoint `index` (−1: before the first) to the next:
  /// its start and end times, its value at the start and its slope. The value at `t` in
  /// `start ..< end` is `value + slope · (t − start)`, as ``value(at:)`` computes it.
  func segment(at index: Int) -> (start: Double, end: Double, value: Double, slope: Double) {
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
