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

  /// Starts a segment; a loop starts from `position` within its length (an offset past it
  /// plays what it would reach by looping).
  mutating func start(at time: Double, from position: Double, rate: Double, isMuted: Bool, loopLength: Double?) {
    stop(at: time)
    var start = position
    if let loopLength, loopLength > 0 { start = position.truncatingRemainder(dividingBy: loopLength) }
    segments.append(
      Segment(
        engineStart: time, engineEnd: nil, patternStart: start, rate: rate, isMuted: isMuted, loopLength: loopLength))
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
  /// ends when the pattern does, or at `end` when it loops; one that starts after `end` and
  /// loops has played nothing.
  ///
  /// Makes ``playedElementCount(until:)`` elements: check that first.
  func playedPattern(until end: Double) -> LoadedPattern {
    var played = Pattern(version: pattern.version, metadata: pattern.metadata)
    for segment in segments where !segment.isMuted {
      let cycles = self.cycles(of: segment, until: end)
      guard cycles.count > 0 else { continue }
      let events = pattern.events.filter { cycles.plays($0.time) }
      let parameters = pattern.parameters.filter { cycles.plays($0.time) }
      let curves = pattern.curves.filter { cycles.plays($0.time) }
      for cycle in 0..<Int(cycles.count) {
        let cycleStart = cycles.firstStart + Double(cycle) * cycles.length / segment.rate
        let cycleEnd = cycleStart + cycles.length / segment.rate
        func engineTime(_ time: Double) -> Double? {
          let moved = cycleStart + time / segment.rate
          return moved >= max(segment.engineStart, cycleStart) && moved < cycles.end ? moved : nil
        }
        for var event in events {
          guard let time = engineTime(event.time) else { continue }
          let end = min(time + event.duration / segment.rate, cycles.end, cycleEnd)
          event.time = time
          if event.duration > 0 { event.duration = max(end - time, 0) }
          played.events.append(event)
        }
        for var parameter in parameters {
          guard let time = engineTime(parameter.time) else { continue }
          parameter.time = time
          played.parameters.append(parameter)
        }
        for var curve in curves {
          guard let time = engineTime(curve.time) else { continue }
          curve.time = time
          curve.points = curve.points.map { ParameterCurve.Point(time: $0.time / segment.rate, value: $0.value) }
          played.curves.append(curve)
        }
      }
    }
    played.parameters += sentParameters
    played.curves += sentCurves
    return LoadedPattern(played, waveforms: pattern.waveforms)
  }

  /// At most how many events, controls and curves ``playedPattern(until:)`` makes, counted
  /// without making them (a loop of a millionth of a second over an hour counts 3.6e9 times
  /// what it holds).
  func playedElementCount(until end: Double) -> Double {
    var count = Double(sentParameters.count + sentCurves.count)
    for segment in segments where !segment.isMuted {
      let cycles = self.cycles(of: segment, until: end)
      guard cycles.count > 0 else { continue }
      let held =
        pattern.events.count { cycles.plays($0.time) } + pattern.parameters.count { cycles.plays($0.time) }
        + pattern.curves.count { cycles.plays($0.time) }
      if held > 0 { count += cycles.count * Double(held) }
    }
    return count
  }

  /// Until when, in engine seconds, the segments sound at least: where each was stopped, ran
  /// out of pattern, or, looping, where it stops or `end`.
  func playedLength(until end: Double) -> Double {
    segments.filter { !$0.isMuted }.map { segment in
      let cycles = cycles(of: segment, until: end)
      guard segment.loopLength == nil else { return cycles.end }
      return min(cycles.end, segment.engineStart + max(patternDuration - segment.patternStart, 0) / segment.rate)
    }.max() ?? 0
  }

  /// The passes of `segment` through its pattern (or its loop) until `end`.
  private struct Cycles {
    /// Engine time at which the first pass would have begun (before the segment's start when
    /// it starts within the pattern).
    var firstStart: Double
    /// Pattern seconds per pass.
    var length: Double
    /// Passes, 0 when the segment ends where it starts or before (a loop scheduled after the
    /// end); a large count is a `Double` so that it is counted before anything is made.
    var count: Double
    /// Engine time at which the segment ends.
    var end: Double
    var isLoop: Bool

    /// Whether an element at pattern time `time` can play in a pass: in a loop, only before
    /// its end.
    func plays(_ time: Double) -> Bool { !isLoop || time < length }
  }

  private func cycles(of segment: Segment, until end: Double) -> Cycles {
    let segmentEnd = segment.engineEnd ?? naturalEnd ?? end  // only the last segment is open
    let length = segment.loopLength ?? patternDuration
    let firstStart = segment.engineStart - segment.patternStart / segment.rate
    var cycles = Cycles(
      firstStart: firstStart, length: length, count: 1, end: segmentEnd, isLoop: segment.loopLength != nil)
    if segmentEnd <= segment.engineStart {
      cycles.count = 0
    } else if cycles.isLoop, length > 0 {
      cycles.count = max(((segmentEnd - firstStart) / (length / segment.rate)).rounded(.up), 1)
    }
    return cycles
  }
}
