import HapticFiles
import HapticModel
import HapticSupport
import HapticSynthesis

/// The pieces the lanes are drawn from: lanes, axis, labels and number formatting.
extension SVGPlot {
  /// For each column, the continuous haptic event with the highest effective intensity at the
  /// column's middle (the one whose intensity and sharpness the lanes show), or `nil`. One sweep
  /// over the events in start order, however many columns and events there are.
  package func loudestContinuousEvent(_ analysis: PatternAnalysis, duration: Double) -> [Int?] {
    let spans = analysis.spans.filter { analysis.pattern.events[$0.event].type == .hapticContinuous }
      .sorted { ($0.start, $0.event) < ($1.start, $1.event) }
    var next = 0
    var sounding: [PatternAnalysis.Span] = []
    return (0..<width).map { column in
      let time = (Double(column) + 0.5) / Double(width) * duration
      while next < spans.count, spans[next].start <= time {
        sounding.append(spans[next])
        next += 1
      }
      sounding.removeAll { $0.end <= time }
      return sounding.map(\.event).sorted().max {
        analysis.value(of: .hapticIntensity, event: $0, at: time)
          < analysis.value(of: .hapticIntensity, event: $1, at: time)
      }
    }
  }

  /// A lane's background, its name and unit at the left, and its value scales: marks at the
  /// left edge, and at the right edge when `rightScale` is given.
  package func lane(
    id: String, label: String, unit: String, top: Double, height: Double, scale: [ScaleMark],
    rightScale: [ScaleMark] = []
  ) -> String {
    let right = Self.margin + Double(width)
    var parts = [
      "<g id=\"\(id)\"><rect x=\"\(f(Self.margin))\" y=\"\(f(top))\" width=\"\(width)\" height=\"\(f(height))\" class=\"lane\"/>",
      "<text x=\"8\" y=\"\(f(top + height / 2 + (unit.isEmpty ? 4 : 0)))\" class=\"label\">\(Markup.escaped(label))</text>",
    ]
    if !unit.isEmpty {
      parts.append("<text x=\"8\" y=\"\(f(top + height / 2 + 11))\" class=\"scale\">\(Markup.escaped(unit))</text>")
    }
    for (marks, anchor, edge, textX) in [
      (scale, "end", Self.margin, Self.margin - 5), (rightScale, "start", right, right + 5),
    ] {
      for mark in marks {
        let y = top + height - mark.fraction * height
        let tickEnd = anchor == "end" ? edge - 3 : edge + 3
        parts.append(
          "<line x1=\"\(f(edge))\" y1=\"\(f(y))\" x2=\"\(f(tickEnd))\" y2=\"\(f(y))\" class=\"axis\"/>"
            + "<text x=\"\(f(textX))\" y=\"\(f(y + 3))\" text-anchor=\"\(anchor)\" class=\"scale\">\(Markup.escaped(mark.text))</text>"
        )
      }
    }
    return parts.joined() + "</g>"
  }

  /// A transient's label beside its tick: to the right, or to the left where it would pass the
  /// right edge of the lanes.
  package func tickLabel(_ text: String, at x: Double, y: Double) -> String {
    let fitsRight = x + 3 + labelWidth(text) <= Self.margin + Double(width)
    let anchor = fitsRight ? "" : " text-anchor=\"end\""
    return
      "<text x=\"\(f(fitsRight ? x + 3 : x - 3))\" y=\"\(f(y))\"\(anchor) class=\"small\">\(Markup.escaped(text))</text>"
  }

  /// Width of `text` in the 9 px label font, in pixels (an upper estimate).
  package func labelWidth(_ text: String) -> Double { Double(text.count) * 5.5 }

  /// `text`, cut with "…" to fit `pixels` at `characterWidth` pixels per character.
  package func fitted(_ text: String, pixels: Double, characterWidth: Double) -> String {
    let fitting = max(Int(pixels / characterWidth), 1)
    return text.count <= fitting ? text : String(text.prefix(fitting - 1)) + "…"
  }

  /// What the marks and labels of the events lane mean, in lines of at most `pixels` starting
  /// at `top`; `top` ends below the last line.
  package func legend(top: inout Double, pixels: Double) -> String {
    let swatch = "width=\"14\" height=\"9\""
    let swatches: [(mark: (Double, Double) -> String, text: String)] = [
      (
        { "<rect x=\"\(self.f($0))\" y=\"\(self.f($1 - 8))\" \(swatch) class=\"bar haptic swatch\"/>" },
        "haptic continuous"
      ),
      ({ "<rect x=\"\(self.f($0))\" y=\"\(self.f($1 - 8))\" \(swatch) class=\"bar audio swatch\"/>" }, "audio"),
      (
        { "<rect x=\"\(self.f($0))\" y=\"\(self.f($1 - 8))\" \(swatch) class=\"tail haptic swatch\"/>" }, "release tail"
      ),
      (
        {
          "<line x1=\"\(self.f($0 + 7))\" y1=\"\(self.f($1 - 9))\" x2=\"\(self.f($0 + 7))\" y2=\"\(self.f($1 + 1))\" class=\"tick swatch\"/>"
        },
        "transient"
      ),
    ]
    var parts = ["<g id=\"legend\">"]
    var x = 8.0
    top += 12
    func text(_ text: String, at x: Double) -> String {
      "<text x=\"\(f(x))\" y=\"\(f(top))\" class=\"small\">\(Markup.escaped(text))</text>"
    }
    for (mark, name) in swatches {
      if x > 8, x + 18 + labelWidth(name) > pixels - 8 {
        x = 8
        top += 14
      }
      parts.append(mark(x, top) + text(name, at: x + 18))
      x += 18 + labelWidth(name) + 12
    }
    // The labels' key flows on, phrase by phrase.
    var line = ""
    for phrase in ["labels: I intensity as it sounds,", "S sharpness,", "vol volume,", "pitch, duration in s"] {
      let candidate = line.isEmpty ? phrase : line + " " + phrase
      if x + labelWidth(candidate) <= pixels - 8 || (line.isEmpty && x == 8) {
        line = candidate
        continue
      }
      if !line.isEmpty { parts.append(text(line, at: x)) }
      x = 8
      top += 14
      line = phrase
    }
    parts.append(text(line, at: x))
    top += 8
    return parts.joined() + "</g>"
  }

  /// The shade of a silence from `start` to `end` seconds, labelled with its length when it is
  /// wide enough; the release tail that sounds from `start` to `release` (when later) is a
  /// strip of its own, at least 2 pixels wide, and the label gives its length.
  package func silence(
    from start: Double, release: Double, to end: Double, x: (Double) -> Double, bottom: Double
  ) -> String {
    let height = f(bottom - 26)
    var parts = [
      "<g class=\"hold\"><rect x=\"\(f(x(start)))\" y=\"26\" width=\"\(f(x(end) - x(start)))\" height=\"\(height)\" class=\"silence\"/>"
    ]
    let tail = release - start
    if tail > 0 {
      parts.append(
        "<rect x=\"\(f(x(start)))\" y=\"26\" width=\"\(f(max(x(release) - x(start), 2)))\" height=\"\(height)\" class=\"release\"/>"
      )
    }
    let short = "silence \(NumberText.fixed(end - start, 2)) s"
    let labels = tail > 0 ? [short + " (\(NumberText.fixed(tail, 2)) s release)", short] : [short]
    // 9 px text: about 5 px a character, and 80 px at least.
    if let label = labels.first(where: { x(end) - x(start) >= max(80, Double($0.count) * 5 + 10) }) {
      parts.append(
        "<text x=\"\(f((x(start) + x(end)) / 2))\" y=\"\(f(bottom - 4))\" text-anchor=\"middle\" class=\"small\">\(label)</text>"
      )
    }
    return parts.joined() + "</g>"
  }

  package func axis(duration: Double, top: Double, x: (Double) -> Double) -> String {
    let step = tickStep(duration)
    var parts = [
      "<g id=\"axis\"><line x1=\"\(f(Self.margin))\" y1=\"\(f(top))\" x2=\"\(f(Self.margin + Double(width)))\" y2=\"\(f(top))\" class=\"axis\"/>"
    ]
    var index = 0
    while Double(index) * step <= duration + step * 1e-9 {
      let time = Double(index) * step
      if index > 0 {
        parts.append("<line x1=\"\(f(x(time)))\" y1=\"30\" x2=\"\(f(x(time)))\" y2=\"\(f(top))\" class=\"grid\"/>")
      }
      parts.append(
        "<line x1=\"\(f(x(time)))\" y1=\"\(f(top))\" x2=\"\(f(x(time)))\" y2=\"\(f(top + 5))\" class=\"axis\"/>")
      parts.append(
        "<text x=\"\(f(x(time)))\" y=\"\(f(top + 17))\" text-anchor=\"middle\" class=\"small\">\(timeLabel(time, step: step))</text>"
      )
      index += 1
    }
    parts.append(
      "<text x=\"\(f(Self.margin + Double(width)))\" y=\"\(f(top + 32))\" text-anchor=\"end\" class=\"label\">time (s)</text></g>"
    )
    return parts.joined()
  }

  /// 1, 2 or 5 × 10^k seconds, for about 10 ticks.
  package func tickStep(_ duration: Double) -> Double {
    var step = 1e-3
    while duration / step > 12 {
      for factor in [2.0, 2.5, 2] {
        step *= factor
        if duration / step <= 12 { break }
      }
    }
    return step
  }

  package func timeLabel(_ time: Double, step: Double) -> String {
    let digits = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3
    return NumberText.fixed(time, digits)
  }

  package func channelNames(_ layout: ChannelLayout) -> [String] {
    switch layout {
    case .haptic: ["haptic"]
    case .audio: ["audio L", "audio R"]
    case .stereo, .auto: ["L + haptic", "R + haptic"]
    case .mono: ["mono mix"]
    case .quad, .dualsense: ["audio L", "audio R", "haptic", "haptic 2"]
    case .androidMono, .android: ["audio mix", "haptic"]
    case .androidStereo: ["audio L", "audio R", "haptic"]
    }
  }

  package func title(_ pattern: Pattern) -> String {
    if case .object(let members) = pattern.metadata?.kind,
      let description = members.first(where: { $0.key == "Description" }),
      case .string(let text) = description.value.kind
    {
      return text
    }
    return "\(pattern.events.count) events"
  }

  /// The event's label: its intensity or volume as it sounds (after controls: the largest
  /// effective value; 0 for an event a control silences), its sharpness or pitch as given.
  package func label(_ analysis: PatternAnalysis, event index: Int) -> String {
    let event = analysis.pattern.events[index]
    let given = { (id: ParameterID, short: String) in "\(short) \(NumberText.fixed(event.value(of: id), 2))" }
    let level = NumberText.fixed(analysis.loudestLevel(event: index), 2)
    switch event.type {
    case .hapticTransient: return "I \(level) " + given(.hapticSharpness, "S")
    case .hapticContinuous:
      return "I \(level) " + given(.hapticSharpness, "S") + " \(NumberText.fixed(event.duration, 2)) s"
    case .audioContinuous:
      return given(.audioPitch, "pitch") + " vol \(level) \(NumberText.fixed(event.duration, 2)) s"
    case .audioCustom:
      return (event.waveform.map { FileSystem.name(of: $0.path) } ?? "waveform") + " vol \(level)"
    }
  }

  package func f(_ value: Double) -> String { NumberText.fixed(value, 1) }

  /// The pixel column, 0 ..< ``width``, of the position `x` in the drawing.
  package func column(_ x: Double) -> Int {
    let offset = (x - Self.margin).rounded(.down)
    return offset >= 0 ? Int(min(offset, Double(width - 1))) : 0
  }
}
