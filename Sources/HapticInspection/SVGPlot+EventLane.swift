import HapticSupport

/// The events lane: bars (duration solid, tail light) and transient ticks, in as many rows as
/// overlaps need, up to ``maximumEventRows``.
extension SVGPlot {
  /// Rows of the events lane at most; events that would need more are drawn in the last.
  package static let maximumEventRows = 16
  /// Height of a row of the events lane in pixels.
  package static let eventRowHeight = 18.0

  /// Events drawn as one mark of the events lane: those of one kind whose marks start in the
  /// same pixel column of the same row (in a row they do not overlap, so all but the last are
  /// less than a pixel wide).
  package struct EventMark {
    package enum Kind: Int {
      case transient, haptic, audio
    }

    package var kind: Kind
    package var row: Int
    /// The first event's start, the end of the last one's duration and of its sound, in seconds.
    package var start: Double
    package var bodyEnd: Double
    package var end: Double
    /// The first event's index in the pattern.
    package var event: Int
    package var count = 1
    /// The largest effective level among the events, and that event's index.
    package var loudest: (level: Double, event: Int)

    package mutating func merge(_ other: EventMark) {
      count += other.count
      bodyEnd = max(bodyEnd, other.bodyEnd)
      end = max(end, other.end)
      if other.loudest.level > loudest.level { loudest = other.loudest }
    }

    /// The tooltip: the event's label, or for several how many and the loudest's label;
    /// `label` gives an event's label from its index.
    package func title(_ label: (Int) -> String) -> String {
      guard count > 1 else { return label(event) }
      let noun =
        switch kind {
        case .transient: "transients"
        case .haptic: "haptic continuous events"
        case .audio: "audio events"
        }
      return "\(count) \(noun) in this pixel; the loudest \(label(loudest.event))"
    }
  }

  package func eventLane(_ analysis: PatternAnalysis, axis: TimeAxis, top: inout Double) -> [String] {
    let pattern = analysis.pattern
    let x = axis.x
    var rowEnds: [Double] = []
    var stacked = 0
    var marks = PixelMarks<EventMark>()
    let rowHeight = Self.eventRowHeight
    let labelsTicks = pattern.events.count <= width / 40
    for span in analysis.spans.sorted(by: { ($0.start, $0.event) < ($1.start, $1.event) }) {
      let event = pattern.events[span.event]
      let kind: EventMark.Kind = event.type == .hapticTransient ? .transient : event.type.isHaptic ? .haptic : .audio
      // Labels are written only for the marks drawn; a tick's reserves its room in sparse patterns.
      let reserved =
        kind == .transient && labelsTicks
        ? axis.duration * (labelWidth(label(analysis, event: span.event)) + 6) / axis.width : 0
      var row = rowEnds.firstIndex { $0 <= span.start } ?? rowEnds.count
      if row == Self.maximumEventRows {
        row -= 1
        stacked += 1
      }
      if row == rowEnds.count { rowEnds.append(0) }
      rowEnds[row] = max(rowEnds[row], span.end, span.start + reserved)
      let bodyEnd = analysis.designedEnd(of: span)
      let mark = EventMark(
        kind: kind, row: row, start: kind == .transient ? event.time : span.start, bodyEnd: bodyEnd, end: span.end,
        event: span.event, loudest: (analysis.loudestLevel(event: span.event), span.event))
      let pixel = (row * (width + 1) + column(x(mark.start))) * 3 + kind.rawValue
      marks.add(mark, in: pixel) { $0.merge($1) }
    }
    let rowsHeight = max(Double(rowEnds.count), 1) * rowHeight
    defer { top += rowsHeight + Self.laneGap }
    let lane = lane(
      id: "lane-events", label: "events", unit: stacked > 0 ? "+\(stacked) in last row" : "", top: top,
      height: rowsHeight, scale: [])
    return [lane]
      + marks.marks.flatMap {
        draw($0, rowTop: top + Double($0.row) * rowHeight, x: x, labelsTicks: labelsTicks, analysis: analysis)
      }
  }

  /// The SVG elements of `mark`, whose row begins at `y`; `x` places times.
  private func draw(
    _ mark: EventMark, rowTop y: Double, x: (Double) -> Double, labelsTicks: Bool, analysis: PatternAnalysis
  ) -> [String] {
    let rowHeight = Self.eventRowHeight
    let text = label(analysis, event: mark.event)
    let title = "<title>\(Markup.escaped(mark.title { $0 == mark.event ? text : label(analysis, event: $0) }))</title>"
    if mark.kind == .transient {
      var parts = [
        "<line x1=\"\(f(x(mark.start)))\" y1=\"\(f(y + 2))\" x2=\"\(f(x(mark.start)))\" y2=\"\(f(y + rowHeight - 2))\" class=\"tick\">\(title)</line>"
      ]
      if labelsTicks { parts.append(tickLabel(text, at: x(mark.start), y: y + 13)) }
      return parts
    }
    let kind = mark.kind == .haptic ? "haptic" : "audio"
    var parts = [
      "<rect x=\"\(f(x(mark.start)))\" y=\"\(f(y + 2))\" width=\"\(f(max(x(mark.bodyEnd) - x(mark.start), 1)))\" height=\"\(f(rowHeight - 4))\" class=\"bar \(kind)\">\(title)</rect>"
    ]
    if mark.end > mark.bodyEnd {
      parts.append(
        "<rect x=\"\(f(x(mark.bodyEnd)))\" y=\"\(f(y + 2))\" width=\"\(f(max(x(mark.end) - x(mark.bodyEnd), 0.5)))\" height=\"\(f(rowHeight - 4))\" class=\"tail \(kind)\"/>"
      )
    }
    if mark.count == 1, x(mark.end) - x(mark.start) >= labelWidth(text) + 6 {
      parts.append(
        "<text x=\"\(f(x(mark.start) + 3))\" y=\"\(f(y + 13))\" class=\"small\">\(Markup.escaped(text))</text>")
    }
    return parts
  }
}
