import Foundation
import HapticRender

/// When a player plays which part of its pattern, in engine seconds, and what was sent to it:
/// turned into the pattern it played by ``playedPattern(until:)``.
struct PlaybackTimeline {
  /// A stretch of playback: from `engineStart` (until `engineEnd`, or open), the pattern plays
  /// from `patternStart` at `rate` pattern seconds per engine second.
  struct Segment {
    var engineStart: Double
    var engineEnd: Double?
    var patternStart: Double
    var rate: Double
    var isMuted: Bool
    var loopLength: Double?
  }

  let pattern: LoadedPattern
  /// The pattern's length (docs/signal-model.md §5.2), where a non-looping segment ends by itself.
  let patternDuration: Double
  private(set) var segments: [Segment] = []
  /// Controls sent to the player, at engine times, in the order sent.
  private(set) var sentParameters: [DynamicParameter] = []
  private(set) var sentCurves: [ParameterCurve] = []

  init(pattern: LoadedPattern) {
    self.pattern = pattern
    patternDuration = (try? PatternAnalysis(pattern).duration) ?? 0
  }

  /// The open segment, if playback runs.
  var isPlaying: Bool { segments.last.map { $0.engineEnd == nil } ?? false }

  /// The engine time at which the open segment starts (later than now for a start scheduled
  /// ahead), if playback runs.
  var playingSince: Double? { isPlaying ? segments.last?.engineStart : nil }

  /// Where in the pattern playback is (or stopped) at engine time `time`.
  func patternPosition(at time: Double) -> Double? {
    guard let last = segments.last else { return nil }
    let end = min(time, last.engineEnd ?? time)
    var position = last.patternStart + (end - last.engineStart) * last.rate
    if let loop = last.loopLength, loop > 0 { position = position.truncatingRemainder(dividingBy: loop) }
    return position
  }

  /// The engine time at which an open, non-looping segment runs out of pattern.
  var naturalEnd: Double? {
    guard let last = segments.last, last.engineEnd == nil, last.loopLength == nil else { return nil }
    return last.engineStart + max(patternDuration - last.patternStart, 0) / last.rate
  }

  mutating func start(at time: Double, from position: Double, rate: Double, isMuted: Bool, loopLength: Double?) {
    stop(at: time)
    segments.append(
      Segment(
        engineStart: time, engineEnd: nil, patternStart: position, rate: rate, isMuted: isMuted,
        loopLength: loopLength))
  }

  mutating func stop(at time: Double) {
    guard let last = segments.last, last.engineEnd == nil else { return }
    segments[segments.count - 1].engineEnd = max(time, last.engineStart)
  }

  /// Records a control sent at engine time `time` (its own relative time added).
  ///
  /// - Throws: ``CHHapticError`` for an unknown control or a value that is not a number.
  mutating func send(_ parameter: CHHapticDynamicParameter, at time: Double) throws {
    sentParameters.append(try parameter.model(at: time + parameter.relativeTime, position: nextPosition))
  }

  /// Records a curve scheduled at engine time `time` (its own relative time added).
  mutating func schedule(_ curve: CHHapticParameterCurve, at time: Double) throws {
    sentCurves.append(try curve.model(at: time + curve.relativeTime, position: nextPosition))
  }

  /// Sent controls apply after the pattern's own at the same time, in the order sent.
  private var nextPosition: TextPosition {
    let lastOwn = (pattern.parameters.map(\.position.line) + pattern.curves.map(\.position.line)).max() ?? 0
    return TextPosition(line: lastOwn + 1 + sentParameters.count + sentCurves.count, column: 1)
  }

  /// The pattern as it played: each segment's events and controls moved to engine time (cut
  /// where the segment ends, repeated when it loops), plus the controls sent. An open segment
  /// ends when the pattern does, or at `end` when it loops.
  func playedPattern(until end: Double) -> LoadedPattern {
    var played = Pattern(version: pattern.version, metadata: pattern.metadata)
    for segment in segments where !segment.isMuted {
      let segmentEnd = segment.engineEnd ?? naturalEnd ?? end  // only the last segment is open
      let length = segment.loopLength ?? patternDuration
      var cycleStart = segment.engineStart - segment.patternStart / segment.rate
      repeat {
        let window = max(segment.engineStart, cycleStart)..<segmentEnd
        let cycleEnd = cycleStart + length / segment.rate
        func engineTime(_ time: Double) -> Double? {
          let moved = cycleStart + time / segment.rate
          return window.contains(moved) && (time < length || segment.loopLength == nil) ? moved : nil
        }
        for var event in pattern.events {
          guard let time = engineTime(event.time) else { continue }
          let end = min(time + event.duration / segment.rate, window.upperBound, cycleEnd)
          event.time = time
          if event.duration > 0 { event.duration = max(end - time, 0) }
          played.events.append(event)
        }
        for var parameter in pattern.parameters {
          guard let time = engineTime(parameter.time) else { continue }
          parameter.time = time
          played.parameters.append(parameter)
        }
        for var curve in pattern.curves {
          guard let time = engineTime(curve.time) else { continue }
          curve.time = time
          curve.points = curve.points.map { ParameterCurve.Point(time: $0.time / segment.rate, value: $0.value) }
          played.curves.append(curve)
        }
        cycleStart = cycleEnd
      } while segment.loopLength != nil && length > 0 && cycleStart < segmentEnd
    }
    played.parameters += sentParameters
    played.curves += sentCurves
    return LoadedPattern(played, waveforms: pattern.waveforms)
  }
}
