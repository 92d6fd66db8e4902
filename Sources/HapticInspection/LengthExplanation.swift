import HapticModel
import HapticSupport
import HapticSynthesis

/// Where a pattern's rendered length comes from, as `render info` says it: the event, control or
/// tail that ends it (docs/signal-model.md §5.2), e.g. `the release of Pattern[2].Event
/// (HapticContinuous at 11.000 s, 8.000 s + release 0.020 s)`.
public struct LengthExplanation: Sendable, Encodable, Equatable {
  /// What ends the render before the tail: `release` or `fade-out` (a continuous event's sound
  /// after its `EventDuration`), `sound` (any other event's sound), `eventDuration` (an event's
  /// `Time` plus `EventDuration`, after its sound), `parameter` or `curve` (the element's
  /// `Time`), or `none` (no event and no control).
  public var kind: String
  /// The JSON path of that element, such as `Pattern[2].Event`; `nil` for `none`.
  public var element: String?
  /// Seconds from 0 to where that element ends, before the tail.
  public var end: Double
  /// Seconds of silence after it (`--tail`).
  public var tail: Double
  /// The explanation in words, as `render info` prints it after the length.
  public var text: String

  public init(_ analysis: PatternAnalysis) {
    let pattern = analysis.pattern
    end = analysis.lengthEnd
    tail = analysis.tailSeconds
    let name = Self.name(of: analysis.lengthSource, in: pattern)
    element = name
    let subject = name ?? ""  // empty only for `.nothing`, which names no element
    let cause: (kind: String, text: String)
    switch analysis.lengthSource {
    case .nothing:
      cause = ("none", "no events or controls")
    case .sound(let index):
      let event = pattern.events[index]
      let span = analysis.spans[index]
      let sounding = event.soundingDuration
      let after = span.end - (event.time + sounding)
      let start = "\(event.type.rawValue) at \(Self.seconds(event.time)) s"
      if event.type.isContinuous, sounding > 0, after > 0 {
        let word = event.value(of: .sustained) == 0 ? "fade-out" : "release"
        let of = sounding < event.duration ? " of its \(Self.seconds(event.duration)) s" : ""
        cause = (
          word,
          "the \(word) of \(subject) (\(start), \(Self.seconds(sounding)) s\(of) + \(word) \(Self.seconds(after)) s)"
        )
      } else {
        cause = ("sound", "the end of \(subject) (\(start), sounding \(Self.seconds(span.end - span.start)) s)")
      }
    case .eventDuration(let index):
      let event = pattern.events[index]
      cause = (
        "eventDuration",
        "the EventDuration of \(subject) (\(event.type.rawValue) at \(Self.seconds(event.time)) s + \(Self.seconds(event.duration)) s; its sound ends at \(Self.seconds(analysis.spans[index].end)) s)"
      )
    case .parameter(let index):
      let parameter = pattern.parameters[index]
      cause = (
        "parameter", "the Time of \(subject) (\(parameter.id.rawValue) at \(Self.seconds(parameter.time)) s)"
      )
    case .curve(let index):
      let curve = pattern.curves[index]
      cause = (
        "curve",
        "the Time of \(subject) (\(curve.id.rawValue) curve starting at \(Self.seconds(curve.time)) s; its later points do not count)"
      )
    }
    kind = cause.kind
    let tailText = "a tail of \(Self.seconds(tail)) s"
    if tail > 0 {
      text = name == nil ? "\(tailText) (no events or controls)" : "\(cause.text) + \(tailText)"
    } else {
      text = cause.text
    }
  }

  /// The JSON path of the element `source` names, or for one built without a path its kind and
  /// index (`event 3`); `nil` for ``LengthSource/nothing``.
  private static func name(of source: LengthSource, in pattern: Pattern) -> String? {
    let (path, kind, index): (JSONPath, String, Int)
    switch source {
    case .nothing: return nil
    case .sound(let event), .eventDuration(let event):
      (path, kind, index) = (pattern.events[event].path, "event", event)
    case .parameter(let parameter): (path, kind, index) = (pattern.parameters[parameter].path, "parameter", parameter)
    case .curve(let curve): (path, kind, index) = (pattern.curves[curve].path, "curve", curve)
    }
    return path.components.isEmpty ? "\(kind) \(index)" : path.description
  }

  private static func seconds(_ value: Double) -> String { NumberText.fixed(value, 3) }
}
