import Foundation
import HapticRender

/// Dense patterns: many short events, where the synthesis, not the write, may set the time.
extension BenchmarkCase {
  static let dense: [BenchmarkCase] = [
    endToEnd(
      transientPattern(count: 100_000), encoding: .pcm16, name: "transients-100k-wav16",
      summary: "`render -b 16` as a process: 100,000 transients from their AHAP file (19 MB), 16-bit WAV"),
    endToEnd(
      transientPattern(count: 100_000), encoding: .pcm16, threads: 1, name: "transients-100k-wav16-j1",
      summary: "the same with `-j 1`: the synthesis on one thread, to see what the others add"),
    audioEvents(
      count: 100_000, name: "audio-events-100k",
      summary: "`render` as a process: 100,000 AudioContinuous events of 1 ms, 1 ms apart"),
    audioEvents(
      count: 200_000, name: "audio-events-200k",
      summary: "`render` as a process: 200,000 AudioContinuous events of 1 ms, 1 ms apart"),
  ]

  /// The built `render` as a process on `count` short `AudioContinuous` events: its peak memory
  /// is the file's bytes, the events, the schedule and the voices. No reference: the output
  /// is stereo.
  static func audioEvents(count: Int, name: String, summary: String) -> BenchmarkCase {
    var benchmark = endToEnd(audioEventPattern(count: count), name: name, summary: summary)
    benchmark.reference = nil
    return benchmark
  }

  /// `count` `AudioContinuous` events of 1 ms, 1 ms apart, with no parameters (78 bytes each).
  static func audioEventPattern(count: Int) -> String {
    let elements = (0..<count).map { index in
      "{\"Event\":{\"Time\":\(Double(index) / 1_000),\"EventType\":\"AudioContinuous\",\"EventDuration\":0.001}}"
    }
    return "{\"Version\": 1, \"Pattern\": [\(elements.joined(separator: ",\n"))]}"
  }
}
