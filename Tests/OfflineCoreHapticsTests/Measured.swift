import HapticRender
import OfflineCoreHaptics
import _HapticRenderTestSupport

/// What a render holds, measured: its stretches of sound.
enum Measured {
  static let rate = RenderedSamples.rate

  /// A stretch of sound: where it starts, in seconds, and its peak.
  struct Burst {
    var onset: Double
    var peak: Double
  }

  static func samples(_ engine: CHHapticEngine) throws -> [Float] {
    try RenderedSamples.of { try engine.render(to: $0, options: $1) }
  }

  static func samples(_ pattern: CHHapticPattern) throws -> [Float] {
    try RenderedSamples.of { try pattern.render(to: $0, options: $1) }
  }

  /// The stretches of sound apart by 5 ms of silence or more, in `samples` at `rate`.
  static func bursts(_ samples: [Float], rate: Int = rate) -> [Burst] {
    Signal.bursts(samples, minimumGap: rate / 200).map {
      Burst(onset: Double($0.lowerBound) / Double(rate), peak: Signal.peak(samples[$0]))
    }
  }

  /// The stretches of sound in the first channel of the audio file at `path`.
  static func bursts(inFile path: String) throws -> [Burst] {
    let reader = try AudioFileReader(path: path)
    return bursts(try reader.readAll()[0], rate: reader.sampleRate)
  }

  static func bursts(_ engine: CHHapticEngine) throws -> [Burst] {
    bursts(try samples(engine))
  }

  static func bursts(_ pattern: CHHapticPattern) throws -> [Burst] {
    bursts(try samples(pattern))
  }

  /// Onsets in seconds, each within 1.5 frames of `expected`.
  static func onsets(_ bursts: [Burst], are expected: [Double]) -> Bool {
    bursts.count == expected.count
      && zip(bursts, expected).allSatisfy { abs($0.onset - $1) <= 1.5 / Double(rate) }
  }

  /// A transient of `intensity` (sharpness 1, as the rigid impact's) at `time`.
  static func tap(_ intensity: Float, at time: TimeInterval = 0) -> CHHapticEvent {
    CHHapticEvent(
      eventType: .hapticTransient,
      parameters: [
        CHHapticEventParameter(parameterID: .hapticIntensity, value: intensity),
        CHHapticEventParameter(parameterID: .hapticSharpness, value: 1),
      ],
      relativeTime: time)
  }
}

/// A value that timer closures and handlers on other threads share with a test.
final class Guarded<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
