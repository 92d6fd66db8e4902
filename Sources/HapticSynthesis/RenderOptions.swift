import HapticSupport

/// Everything about a render that is not in the pattern.
public struct RenderOptions: Sendable, Codable {
  /// Output sample rate in Hz, 1000 … 384000. Default 48000.
  public var sampleRate: Int = 48_000
  /// Frames rendered per block, 1 … 65536; the output does not depend on it. Default 32768
  /// (large blocks make the hand-over between the rendering and the writing thread rare).
  public var blockSize: Int = 32_768
  /// Channel layout. Default `auto`.
  public var layout: ChannelLayout = .auto
  /// Multiplies every haptic intensity before the amplitude law, 0 … 1. Default 1.
  public var intensityScale: Double = 1
  /// Final gain in dB. Default 0.
  public var gainDecibels: Double = 0
  /// Silence added after the end of the pattern, in seconds, ≥ 0. Default 0.
  public var tailSeconds: Double = 0
  /// What to do when a sample exceeds full scale. Default `limit`.
  public var peakPolicy: PeakPolicy = .limit
  /// The largest sample magnitude `limit` lets through, linear, 0 < c ≤ 1: its threshold and
  /// its ceiling. Default 1 (full scale, for PCM); `Render.toFile(_:options:destination:format:)`
  /// lowers it to ``lossyCeiling`` for the lossy formats, whose decoders overshoot.
  public var ceiling: Double = 1
  /// The ceiling for Ogg Vorbis, Opus and MP3: −1 dBFS (a full-scale haptic channel decodes to
  /// 1.01 from Vorbis and 1.05 from Opus).
  public static var lossyCeiling: Double { Decibels.minusOne }
  /// The signal model. Default ``SignalProfile/preview``.
  public var profile: SignalProfile = .preview
  /// When set, the render writes one channel for an actuator (the drive, or the acceleration it
  /// produces; ``ActuatorRendering``) instead of the layout's channels. Default `nil`.
  public var actuator: ActuatorRendering?
  /// Longest output accepted, in seconds, pattern and tail, whatever makes it long (event
  /// times, durations, controls, the length of a waveform file), 0 < d ≤ 604800 (a week).
  /// Default one hour.
  public var maximumDurationSeconds: Double = 3_600
  /// Threads that synthesize one render, each a time range of it at a time: `nil` for one per
  /// processor the process may use, and one more where they apply the peak limiter (a thread
  /// waits for the limiter's state from the range before), but one on two processors when a
  /// file's encoding is expected to cost at least half the synthesis; 1 (or less) synthesizes
  /// on one thread. The output is the same bit for bit whatever the count. Default `nil`.
  public var threads: Int?

  /// Most sound accepted, in seconds summed over every event (overlapping events count each):
  /// ten times ``maximumDurationSeconds``, so that no pattern makes a render run for hours.
  public var maximumVoiceSeconds: Double { 10 * maximumDurationSeconds }

  /// The amplitude of a haptic voice at an effective intensity of 0 … 1: the profile's
  /// amplitude law, after ``intensityScale``.
  package func amplitude(intensity: Double) -> Double { profile.amplitude(intensity: intensity * intensityScale) }

  /// Accepted sample rates in Hz.
  public static let sampleRates = 1_000...384_000
  /// Accepted intensity scales.
  public static let intensityScales = 0.0...1.0
  /// Accepted gains in dB.
  public static let gainsDecibels = -120.0...60.0
  /// Accepted block sizes in frames.
  public static let blockSizes = 1...65_536
  /// Accepted longest outputs in seconds: up to a week, so that every frame index fits an `Int`
  /// at any sample rate.
  public static let maximumDurations = 0.0...604_800

  public init() {}
}

/// What the output stage does when a sample's magnitude exceeds 1.
public enum PeakPolicy: String, Sendable, CaseIterable, Codable {
  /// Bring each sample above ``RenderOptions/ceiling`` down to it with a look-ahead limiter
  /// (5 ms attack, 50 ms release), leaving the rest of the output untouched; see `PeakLimiter`.
  case limit
  /// Scale the whole output so its peak is −1 dBFS (0.891), and say so.
  case normalize
  /// Clamp each sample to ±1 and count them.
  case clip
  /// Refuse to write.
  case error
}

extension RenderOptions {
  /// Checks each option against its range (``Setting/bounds``), then the actuator's model; the
  /// one place options are checked.
  ///
  /// - Throws: ``RenderError/optionOutOfRange(_:value:range:)`` for the first value out of
  ///   range, or the actuator's error (``ActuatorModel/validate(sampleRate:isDriven:)``).
  public func validate() throws(RenderError) {
    try Setting.sampleRate.check(Double(sampleRate))
    try Setting.blockSize.check(Double(blockSize))
    try Setting.intensityScale.check(intensityScale)
    try Setting.gain.check(gainDecibels)
    try Setting.tail.check(tailSeconds)
    try Setting.maximumDuration.check(maximumDurationSeconds)
    try Setting.ceiling.check(ceiling)
    try actuator?.validate(sampleRate: sampleRate)
  }
}
