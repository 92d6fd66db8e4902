import HapticRender

/// Where one player's control is written into the merged pattern as it is: the windows over
/// which it changes while that player's continuous events sound, and their elements.
extension RecordingMerge {
  /// A stretch of time over which one player's control is the pattern's.
  struct Window {
    var player: Int
    /// The readings it is written for: indices in the control's readings.
    var readings: Set<Int>
    /// The first of their onsets and the last end of their sounds, in seconds.
    var first: Double
    var last: Double
    /// From here the player's control is written, ``lead`` before `first` where nothing else
    /// reads the control in between.
    var start = 0.0
    /// Here another element of the control takes over, if one does.
    var end = Double.infinity
    /// Until here the pattern's control equals the player's.
    var exactEnd = Double.infinity
  }

  /// The spans over which a player's control of `id` changes while one of its continuous events
  /// sounds, joined per player; where two players' overlap, the earlier one's, with the times
  /// from which each is written and at which the next element takes over.
  static func windows(
    of id: DynamicParameterID, readings: [Reading], events: [Event], controls: [Controls]
  ) -> [Window] {
    var needs: [Window] = []
    for (index, reading) in readings.enumerated() where !reading.isOnset {
      let own = events[reading.event].value(of: id.target)
      let wanted = controls[reading.player][id].points(from: reading.start, to: reading.end).map {
        id.combine(event: own, control: $0.value)
      }
      guard !isConstant(wanted) else { continue }
      needs.append(Window(player: reading.player, readings: [index], first: reading.start, last: reading.end))
    }
    var joined: [Window] = []
    for need in needs.sorted(by: { ($0.first, $0.player) < ($1.first, $1.player) }) {
      if let index = joined.lastIndex(where: { $0.player == need.player }), need.first <= joined[index].last {
        joined[index].last = max(joined[index].last, need.last)
        joined[index].readings.formUnion(need.readings)
      } else {
        joined.append(need)
      }
    }
    var windows: [Window] = []
    for window in joined where window.first >= windows.last?.last ?? -.infinity { windows.append(window) }

    for index in windows.indices {
      let others = readings.indices.filter { !windows[index].readings.contains($0) }.map { readings[$0] }
      let first = windows[index].first
      var start = max(first - lead, index > 0 ? windows[index - 1].last : 0)
      for other in others where other.end < first || (!other.isOnset && other.end == first) {
        start = max(start, other.isOnset ? other.start.nextUp : other.end)
      }
      windows[index].start = min(start, first)
    }
    for index in windows.indices {
      let next = index + 1 < windows.count ? windows[index + 1].start : .infinity
      let last = windows[index].last
      let others = readings.indices.filter { !windows[index].readings.contains($0) && readings[$0].start >= last }
      if let after = others.map({ readings[$0].start }).min(), after < next {
        windows[index].end = min(max(last, after - lead), after)  // neutral again before the next reader
      } else {
        windows[index].end = next
      }
      let timeline = controls[windows[index].player][id]
      windows[index].exactEnd = min(timeline.firstBreakpoint(atOrAfter: last) ?? .infinity, windows[index].end)
    }
    return windows
  }

  /// The elements that write `window`'s player's control of `id` into the pattern: curves of at
  /// most 16 points that follow it from the window's start, then a neutral `Parameter` where
  /// the window ends before a reader that needs it.
  static func elements(
    of window: Window, id: DynamicParameterID, controls: [Controls]
  ) -> [Element] {
    let timeline = controls[window.player][id]
    let followed = min(
      timeline.firstBreakpoint(atOrAfter: window.last) ?? timeline.lastBreakpoint ?? window.start, window.end)
    var followedPoints = timeline.points(from: window.start, to: followed)
    if followed > window.start, timeline.firstBreakpoint(atOrAfter: window.last) == nil, followed < window.end {
      followedPoints.append((followed, timeline.value(at: followed)))  // what it holds after its last breakpoint
    }
    // Of several points at one time only the first and the last count; a repeated point, none.
    var points: [(time: Double, value: Double)] = []
    for point in followedPoints where !(points.last.map { $0 == point } ?? false) {
      if points.count >= 2, points[points.count - 2].time == point.time {
        points[points.count - 1] = point
        if points[points.count - 2] == point { points.removeLast() }
      } else {
        points.append(point)
      }
    }
    var elements: [Element] = []
    if points.count == 1 {
      elements.append(.parameter(DynamicParameter(id: id, time: points[0].time, value: points[0].value)))
    }
    let limit = PatternParser.maximumCurvePoints
    var first = 0
    while first < points.count - 1 {
      let chunk = points[first...min(first + limit - 1, points.count - 1)]
      let time = points[first].time
      let relative = chunk.map { ParameterCurve.Point(time: $0.time - time, value: $0.value) }
      elements.append(.curve(ParameterCurve(id: id, time: time, points: relative)))
      first += limit - 1
    }
    if window.end.isFinite, points[points.count - 1].value != id.neutralValue {
      elements.append(.parameter(DynamicParameter(id: id, time: window.end, value: id.neutralValue)))
    }
    return elements
  }
}
