import Foundation
import HapticRender

/// Inputs that once took a slow path, each in two sizes: the ratio of their times shows that the
/// path now scales with the input (main.swift checks each pair).
extension BenchmarkCase {
  static let scaling: [BenchmarkCase] = [
    load(escapedPattern(count: 1_000_000), name: "escapes-1m", summary: "a Description of 1,000,000 \\u escapes"),
    load(escapedPattern(count: 2_000_000), name: "escapes-2m", summary: "a Description of 2,000,000 \\u escapes"),
    synthesis(
      curvesPattern(curves: 2_000, events: 1_300), name: "curves-2000",
      summary: "2,000 16-point control curves under 1,300 short events"),
    synthesis(
      curvesPattern(curves: 6_000, events: 3_900), name: "curves-6000",
      summary: "6,000 16-point control curves under 3,900 short events"),
    waveform(rate: 96_000, name: "waveform-96k", summary: "AudioCustom events looping a 96 kHz stereo WAV"),
    waveform(rate: 384_000, name: "waveform-384k", summary: "AudioCustom events looping a 384 kHz stereo WAV"),
  ]

  /// Two looped `AudioCustom` events playing a stereo 440 Hz tone of 3,750 frames written at
  /// `rate` Hz, rendered into memory (loading not timed).
  static func waveform(rate: Int, name: String, summary: String) -> BenchmarkCase {
    BenchmarkCase(name: name, summary: summary) {
      let folder = try Scratch()
      let tone = (0..<3_750).map { Float(0.25 * sin(2 * Double.pi * 440 * Double($0) / Double(rate))) }
      var writer = try AudioFileWriter(
        to: .file("\(folder.path)/tone.wav"), format: AudioFileFormat(.wav, encoding: .pcm16), sampleRate: rate,
        channelCount: 2)
      try writer.write(AudioBlock(channels: [tone, tone]))
      try writer.finish()
      try waveformPattern(file: "tone.wav").write(toFile: "\(folder.path)/in.ahap", atomically: false, encoding: .utf8)
      var diagnostics = Diagnostics()
      guard let pattern = try PatternLoader().load(path: "\(folder.path)/in.ahap", diagnostics: &diagnostics) else {
        throw BenchmarkError("benchmark pattern rejected: \(diagnostics.all)")
      }
      let watch = Stopwatch()
      let audio = try Render.toMemory(pattern)
      let (wall, processor) = watch.read()
      return Measurement(
        audioSeconds: audio.report.durationSeconds, frames: audio.report.frameCount, wallSeconds: wall,
        processorSeconds: processor)
    }
  }
}
