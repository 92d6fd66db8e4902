import HapticModel

/// The effective value of one event parameter over time: the event's own value combined with
/// its dynamic control (if the parameter has one for the event's type), clamped to its range.
package struct ParameterTrack: Sendable {
  /// The event's own value.
  package let base: Double
  let control: DynamicParameterID?
  let timeline: ControlTimeline
  /// `control`'s combination and the parameter's range, unpacked for the per-sample path.
  let multiplies: Bool
  let lowest: Double
  let highest: Double
  /// The timeline of a parameter that no control acts on (constant, at its neutral value).
  private static let noTimeline = ControlTimeline(.hapticIntensityControl, in: Pattern())

  /// - Parameter steps: How the control's steps are shaped: ramped for a continuous voice,
  ///   abrupt for what a transient samples at its onset.
  package init(
    _ parameter: ParameterID, of event: Event, controls: Controls, steps: ControlTimeline.Steps = .ramped
  ) {
    self.init(parameter, base: event.value(of: parameter), of: event.type, controls: controls, steps: steps)
  }

  /// The track of an event of type `type` whose own value is `base`.
  package init(
    _ parameter: ParameterID, base: Double, of type: EventType, controls: Controls,
    steps: ControlTimeline.Steps = .ramped
  ) {
    self.base = base
    let id = DynamicParameterID.control(for: parameter, on: type)
    timeline = id.map { controls[$0, steps] } ?? Self.noTimeline
    control = timeline.isConstant ? nil : id
    multiplies = id?.combination == .multiply
    lowest = parameter.range.lowerBound
    highest = parameter.range.upperBound
  }

  /// `true` when no control element acts on the parameter: the value is always ``base``.
  package var isConstant: Bool { control == nil }

  /// Breakpoint reached by ``next(at:)``.
  private var cursor = -1
  /// The segment ``next(at:)`` is in: valid for times in `segmentStart ..< segmentEnd`.
  private var segmentStart = Double.infinity
  private var segmentEnd = -Double.infinity
  private var segmentValue = 0.0
  private var segmentSlope = 0.0

  /// The value at `time` seconds.
  package func value(at time: Double) -> Double {
    guard let control else { return base }
    return control.combine(event: base, control: timeline.value(at: time))
  }

  /// The value at `time` seconds, for calls in time order (O(1) amortized); equal to
  /// ``value(at:)``.
  @inline(__always)
  package mutating func next(at time: Double) -> Double {
    guard control != nil else { return base }
    if !(time >= segmentStart && time < segmentEnd) {
      _ = timeline.value(at: time, from: &cursor)
      (segmentStart, segmentEnd, segmentValue, segmentSlope) = timeline.segment(at: cursor)
    }
    let value = segmentValue + segmentSlope * (time - segmentStart)
    return min(max(multiplies ? base * value : base + value, lowest), highest)
  }

  /// Writes the values at `count` frames from `first` (frame `n` is at `n · secondsPerFrame`
  /// seconds) into `output`, four at a time where the control is in one linear piece; each
  /// value is exactly ``next(at:)``'s.
  package mutating func fill(
    _ output: UnsafeMutablePointer<Double>, from first: Int, count: Int, secondsPerFrame: Double
  ) {
    guard control != nil else {
      output.update(repeating: base, count: count)
      return
    }
    var index = 0
    while index < count {
      let time = Double(first + index) * secondsPerFrame
      if !(time >= segmentStart && time < segmentEnd) { _ = next(at: time) }
      let end = runEnd(from: index, first: first, count: count, secondsPerFrame: secondsPerFrame)
      let (value0, slope, start) = (segmentValue, segmentSlope, segmentStart)
      let (combinesByMultiplying, low, high, base) = (multiplies, lowest, highest, base)
      let lanes = SIMD4<Double>(0, 1, 2, 3)
      func combined(_ index: Int) -> SIMD4<Double> {
        let times = (SIMD4<Double>(repeating: Double(first + index)) + lanes) * secondsPerFrame
        let value = value0 + slope * (times - start)
        return combinesByMultiplying ? base * value : base + value
      }
      // Every operation above rounds monotonically, so the values of a run lie between its
      // first and last: when both are in range, none needs the clamp.
      let vectorEnd = index + (end - index) / 4 * 4
      func isInRange(_ values: SIMD4<Double>) -> Bool { all((values .>= low) .& (values .<= high)) }
      if vectorEnd > index, isInRange(combined(index)), isInRange(combined(vectorEnd - 4)) {
        while index < vectorEnd {
          UnsafeMutableRawPointer(output + index).storeBytes(of: combined(index), as: SIMD4<Double>.self)
          index += 4
        }
      }
      while index + 4 <= end {
        var value = combined(index)
        value.replace(with: low, where: value .< low)
        value.replace(with: high, where: high .< value)
        UnsafeMutableRawPointer(output + index).storeBytes(of: value, as: SIMD4<Double>.self)
        index += 4
      }
      while index < end {
        output[index] = next(at: Double(first + index) * secondsPerFrame)
        index += 1
      }
    }
  }

  /// The index after the last of the frames from `index` on whose time lies in the current
  /// segment (at least `index + 1`).
  private func runEnd(from index: Int, first: Int, count: Int, secondsPerFrame: Double) -> Int {
    guard segmentEnd.isFinite else { return count }
    let estimate = (segmentEnd / secondsPerFrame - Double(first)).rounded(.up)
    var end = estimate >= Double(count) ? count : max(Int(max(estimate, 0)), index + 1)
    while end > index + 1, Double(first + end - 1) * secondsPerFrame >= segmentEnd { end -= 1 }
    while end < count, Double(first + end) * secondsPerFrame < segmentEnd { end += 1 }
    return end
  }

  /// The largest value the track can reach: the largest breakpoint combined (combining does
  /// not decrease as the control grows, for the event values in a parameter's range, so no
  /// breakpoint gives more), without a pass over every breakpoint for every event.
  package var maximum: Double {
    guard let control else { return base }
    guard !multiplies || base >= 0 else {
      return timeline.values.map { control.combine(event: base, control: $0) }.max() ?? base
    }
    return timeline.largestValue.map { control.combine(event: base, control: $0) } ?? base
  }

  /// The times strictly between `start` and `end` seconds where the value can change slope
  /// (at most `limit`; none when the track is constant).
  package func breakpointTimes(from start: Double, to end: Double, limit: Int) -> [Double] {
    control == nil ? [] : timeline.breakpointTimes(from: start, to: end, limit: limit)
  }

  /// The largest value between `start` and `end` seconds (combining is monotonic in the
  /// control's value, so the control's maximum gives it).
  package func maximum(from start: Double, to end: Double) -> Double {
    guard let control else { return base }
    return control.combine(event: base, control: timeline.maximum(from: start, to: end))
  }
}
