/// The one-call API: a pattern to frames in memory, to a callback, or to an audio file.
///
/// ```swift
/// var diagnostics = Diagnostics()
/// if let pattern = try Pattern.load(path: "breath.ahap", diagnostics: &diagnostics) {
///   try Render.toFile(pattern, destination: .file("breath.wav"), format: AudioFileFormat(path: "breath.wav"))
/// }
/// ```
public enum Render {
  /// Renders `pattern` block by block, applies the peak policy and hands each block to `sink`.
  ///
  /// With the `normalize` and `error` policies the pattern is rendered twice: once to measure
  /// the peak, once to deliver it; memory stays independent of the pattern's length. The
  /// waveforms of `AudioCustom` events are decoded first, once per file; their paths must be
  /// resolved already (see ``WaveformResolver``).
  ///
  /// - Throws: ``EncodingError`` for an unreadable waveform, ``RenderError`` for bad options or
  ///   `--peak error` overflow, before `sink` sees any block; whatever `sink` throws.
  @discardableResult
  public static func stream(
    _ pattern: Pattern, options: RenderOptions = RenderOptions(),
    into sink: (AudioBlock) throws -> Void
  ) throws -> RenderReport {
    let waveforms = try WaveformLibrary(loadingFor: pattern)
    var renderer = try Renderer(pattern: pattern, options: options, waveforms: waveforms)
    var block = AudioBlock(channelCount: renderer.layout.channelCount, capacity: options.blockSize)
    var report = RenderReport(
      frameCount: renderer.frameCount, sampleRate: options.sampleRate, layout: renderer.layout)

    if options.peakPolicy != .clip {
      var probe = renderer
      while probe.render(into: &block) { report.peak = max(report.peak, block.peak) }
      if report.peak > 1 {
        if options.peakPolicy == .error { throw RenderError.peakOverflow(peak: report.peak) }
        report.normalizationGain = Decibels.minusOne / report.peak
        renderer.gain *= Float(report.normalizationGain ?? 1)
      }
    }
    while renderer.render(into: &block) {
      if options.peakPolicy == .clip {
        report.peak = max(report.peak, block.peak)
        report.clippedSamples += block.clip()
      }
      try sink(block)
    }
    return report
  }

  /// Renders `pattern` into an audio file, atomically: on any error nothing is left at the
  /// destination and an existing file there is untouched.
  @discardableResult
  public static func toFile(
    _ pattern: Pattern, options: RenderOptions = RenderOptions(),
    destination: AudioFileWriter.Destination, format: AudioFileFormat
  ) throws -> RenderReport {
    let channelCount = options.layout.resolved(for: pattern).channelCount
    let writer = try AudioFileWriter(
      to: destination, format: format, sampleRate: options.sampleRate, channelCount: channelCount)
    let report = try stream(pattern, options: options) { block in try writer.write(block) }
    try writer.finish()
    return report
  }

  /// Renders `pattern` into memory, one array of frames per output channel.
  public static func toMemory(
    _ pattern: Pattern, options: RenderOptions = RenderOptions()
  ) throws -> RenderedAudio {
    var channels: [[Float]] = []
    let report = try stream(pattern, options: options) { block in
      if channels.isEmpty { channels = Array(repeating: [], count: block.channels.count) }
      for index in block.channels.indices {
        channels[index].append(contentsOf: block.channels[index][0..<block.frameCount])
      }
    }
    if channels.isEmpty { channels = Array(repeating: [], count: report.layout.channelCount) }
    return RenderedAudio(channels: channels, sampleRate: options.sampleRate, report: report)
  }
}

/// What a render produced, for reporting.
public struct RenderReport: Sendable {
  public var frameCount: Int
  public var sampleRate: Int
  public var layout: ChannelLayout
  /// Largest sample magnitude before the peak policy (with `clip`, of the delivered frames).
  public var peak: Double = 0
  /// The gain normalization applied, when the peak exceeded full scale.
  public var normalizationGain: Double?
  /// Samples clamped to ±1 under the `clip` policy.
  public var clippedSamples = 0

  /// Duration in seconds.
  public var duration: Double { Double(frameCount) / Double(sampleRate) }
}

/// Rendered frames held in memory.
public struct RenderedAudio: Sendable {
  /// One array per output channel, all of the same length.
  public var channels: [[Float]]
  public var sampleRate: Int
  public var report: RenderReport
}

extension AudioBlock {
  /// Largest magnitude among the valid frames.
  var peak: Double {
    var peak: Float = 0
    for channel in channels {
      for frame in 0..<frameCount { peak = max(peak, abs(channel[frame])) }
    }
    return Double(peak)
  }

  /// Clamps the valid frames to ±1.
  ///
  /// - Returns: How many samples were clamped.
  mutating func clip() -> Int {
    var clipped = 0
    for index in channels.indices {
      for frame in 0..<frameCount where abs(channels[index][frame]) > 1 {
        channels[index][frame] = min(max(channels[index][frame], -1), 1)
        clipped += 1
      }
    }
    return clipped
  }
}
