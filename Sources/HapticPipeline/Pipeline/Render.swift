import HapticAudio
import HapticFiles
import HapticModel
import HapticSupport
import HapticSynthesis

/// The one-call API: a pattern to frames in memory, to a callback, or to an audio file.
///
/// ```swift
/// var diagnostics = Diagnostics()
/// if let pattern = try PatternLoader().load(path: "breath.ahap", diagnostics: &diagnostics) {
///   try Render.toFile(pattern, destination: .file("breath.wav"), format: AudioFileFormat(path: "breath.wav"))
/// }
/// ```
public enum Render {
  /// Renders `pattern` block by block, applies the peak policy and hands each block to `sink`.
  ///
  /// See ``PatternSource`` for the peak policies and waveforms; memory stays independent of
  /// the pattern's length. Blocks are rendered on other threads while `sink` handles the
  /// previous ones on the calling thread: the synthesis and the peak limiter, when there is one,
  /// on `RenderOptions.threads`, each a time range at a time; their content and order do not
  /// change.
  ///
  /// - Throws: `RenderError` for bad options or an overflow (`RenderError.peakOverflow(peak:)`),
  ///   before `sink` sees any block; whatever `sink` throws.
  @discardableResult
  public static func stream(
    _ pattern: some RenderablePattern, options: RenderOptions = RenderOptions(),
    into sink: (AudioBlock) throws -> Void
  ) throws -> RenderReport {
    if options.actuator != nil {
      return try run(ActuatorSource(pattern, options: options), blockSize: options.blockSize, into: sink)
    }
    let source = try PatternSource(pattern, options: options)
    return try run(
      source, blockSize: options.blockSize, readsAhead: true, threadCount: threadCount(source, options), into: sink)
  }

  /// Renders `pattern` into an audio file, atomically: on any error nothing is left at the
  /// destination and an existing file there is untouched. A lossy format lowers the limiter's
  /// ceiling to `RenderOptions.lossyCeiling`. The calling thread encodes and
  /// writes; see `readsAheadForFiles` for the threads that render.
  ///
  /// With an Android layout (`ChannelLayout.android`) an Ogg Vorbis or Opus file is written
  /// by `TaggedOggWriter` with the comment `ANDROID_HAPTIC=1`; MP3 is refused
  /// (`EncodingError.androidTagUnsupported(_:)`), since it cannot carry it.
  @discardableResult
  public static func toFile(
    _ pattern: some RenderablePattern, options: RenderOptions = RenderOptions(),
    destination: AudioFileWriter.Destination, format: AudioFileFormat
  ) throws -> RenderReport {
    var options = options
    if format.container.isLossy { options.ceiling = min(options.ceiling, RenderOptions.lossyCeiling) }
    if options.actuator != nil {
      let source = try ActuatorSource(pattern, options: options)
      var writer = try AudioFileWriter(
        to: destination, format: format, sampleRate: options.sampleRate, channelCount: source.channelCount,
        frameCount: source.frameCount)
      let report = try run(source, blockSize: options.blockSize) { try writer.write($0) }
      try writer.finish()
      return report
    }
    let source = try PatternSource(pattern, options: options)
    let hapticChannels = source.report.layout.androidHapticChannelCount
    if hapticChannels > 0, format.container == .mp3 {
      throw EncodingError.androidTagUnsupported(format.container)
    }
    if hapticChannels > 0, format.container == .ogg || format.container == .opus {
      // libsndfile cannot write the ANDROID_HAPTIC comment that Android's Ogg reader looks for.
      var writer = try TaggedOggWriter(
        to: destination, codec: format.container == .ogg ? .vorbis : .opus, sampleRate: options.sampleRate,
        channelCount: source.channelCount, tags: [("ANDROID_HAPTIC", String(hapticChannels))])
      let report = try run(
        source, blockSize: options.blockSize, readsAhead: readsAheadForFiles,
        threadCount: threadCount(source, options, writingTo: format)
      ) { block in
        try writer.write(block)
      }
      try writer.finish()
      return report
    }
    var writer = try AudioFileWriter(
      to: destination, format: format, sampleRate: options.sampleRate, channelCount: source.channelCount,
      frameCount: source.frameCount)
    let report = try run(
      source, blockSize: options.blockSize, readsAhead: readsAheadForFiles,
      threadCount: threadCount(source, options, writingTo: format)
    ) { block in
      try writer.write(block)
    }
    try writer.finish()
    return report
  }

  /// Whether the render of a file runs the synthesis on a thread of its own ahead of the peak
  /// limiter, when there is one (``PatternSource/readingAhead()``): only with three processors or
  /// more, one each for the synthesis, the limiter and the encoder. On two, the three take
  /// turns: 100,000 overlapping transients written to a 24-bit WAV took 0.25 s on three
  /// threads, 0.195 s with the synthesis and the limiter sharing one. (``stream(_:options:into:)``
  /// reads ahead whatever the processors: its sink is usually far lighter than an encoder.)
  package static var readsAheadForFiles: Bool { ProcessorBudget.count >= 3 }

  /// The threads that synthesize the render of `source`: `options.threads`, or one per
  /// processor the process may use and, where the threads limit their own ranges, one more;
  /// but no more than the render has time ranges (``RangedSynthesis``), and at least 1.
  ///
  /// The ranges' limiting is one chain through the threads: a thread waits for the limiter's
  /// state from the range before, and the extra thread renders meanwhile. On two processors
  /// the 100,000 transients to a 16-bit WAV took 0.152 s on three threads, 0.169 s on two and
  /// 0.160 s on four.
  ///
  /// On two processors or fewer, a render written to `format` gets one thread unless the
  /// synthesis's estimate (``PatternSource/nanosecondsPerFrame``) is more than twice the
  /// encoder's (`AudioFileFormat.nanosecondsPerSample` times the channels): one
  /// thread then keeps pace with the writer, and more would take turns with it on the two
  /// processors and limit look-aheads twice. End to end on two processors: the 100,000
  /// transients to a 24-bit WAV (synthesis 1.6 times the encoder) 0.116 s on one thread
  /// against 0.128 s on three, the 1-hour session 0.254 s against 0.276 s on two, FLAC even; at
  /// 16 bits (2.5 times) the two are even; two full buzzes over the ceiling throughout (3 times,
  /// the limiter's work counted) 0.108 s on three against 0.127 s on one; audio events (about
  /// 100 times) 0.86 s on three against 1.46 s on one.
  ///
  /// - Parameters:
  ///   - format: The file's format; `nil` for a stream, whose sink is usually light.
  ///   - processors: Processors the process may use (``ProcessorBudget/count``).
  package static func threadCount(
    _ source: PatternSource, _ options: RenderOptions, writingTo format: AudioFileFormat? = nil,
    processors: Int = ProcessorBudget.count
  ) -> Int {
    let rangeFrames = RangedSynthesis.rangeBlocks(blockSize: options.blockSize) * options.blockSize
    let ranges = (source.frameCount + rangeFrames - 1) / rangeFrames
    if options.threads == nil, processors <= 2, let format,
      source.nanosecondsPerFrame <= 2 * format.nanosecondsPerSample * Double(source.channelCount)
    {
      return 1
    }
    let waits =
      source.isLimited && RangedSynthesis.limitsInRanges(threadCount: processors, blockSize: options.blockSize)
    return max(1, min(options.threads ?? processors + (waits ? 1 : 0), ranges))
  }

  /// Hands every block of `source` to `sink` on the calling thread while the blocks after it
  /// are rendered on others: with `threadCount` above 1, the synthesis and the limiter on that
  /// many threads, each a time range at a time, and the other peak policies beside `sink` (the
  /// limiter too, with ranges too long to limit on their threads: `RangedSynthesis`);
  /// otherwise the synthesis and the limiter, when there is one, on one thread, or each on its
  /// own when `readsAhead`.
  package static func run(
    _ source: PatternSource, blockSize: Int, readsAhead: Bool, threadCount: Int = 1,
    into sink: (AudioBlock) throws -> Void
  ) throws -> RenderReport {
    if threadCount > 1 {
      var ranged = source.synthesizedInRanges(threadCount: threadCount, blockSize: blockSize)
      var block = AudioBlock(channelCount: source.channelCount, capacity: blockSize)
      while ranged.read(into: &block) { try sink(block) }
      return ranged.report
    }
    if readsAhead, source.isLimited {
      let pipeline = BlockPipeline(source.readingAhead(), channelCount: source.channelCount, blockSize: blockSize) {
        $0.read(into: &$1)
      }
      return try pipeline.run(sink).report
    }
    let pipeline = BlockPipeline(source, channelCount: source.channelCount, blockSize: blockSize) {
      $0.read(into: &$1)
    }
    return try pipeline.run(sink).report
  }

  /// How far the drive of an actuator may run ahead of the thread that takes its blocks, in
  /// samples of output (frames times channels, 1.5 MB): 8 s of one channel at 48 kHz, longer
  /// than a breathing pattern's silent hold (7 s in 4-7-8). The drive costs several times the
  /// encoder's work per frame where the target sounds and almost nothing where it is silent,
  /// while the encoder's cost is the same everywhere: ahead by only a few blocks, it would wait
  /// for the encoder through a hold, and the encoder for it through the sound after
  /// (docs/performance.md §4).
  static let actuatorReadAheadSamples = 384_000

  /// The blocks the drive may make ahead: ``actuatorReadAheadSamples`` rounded up to whole
  /// blocks of `blockSize` frames of `channelCount` channels, at least 4 and at most 1,024 (a
  /// ring of thousands of tiny blocks would cost more than their frames).
  package static func actuatorReadAheadDepth(blockSize: Int, channelCount: Int) -> Int {
    let aheadFrames = actuatorReadAheadSamples / channelCount
    return min(1_024, max(BlockPipeline<ActuatorSource>.depth, (aheadFrames + blockSize - 1) / blockSize))
  }

  /// Hands every block of the actuator's `source` to `sink` on the calling thread while the
  /// target and the controller run on another, ``actuatorReadAheadDepth(blockSize:channelCount:)``
  /// blocks ahead at most.
  package static func run(
    _ source: ActuatorSource, blockSize: Int, into sink: (AudioBlock) throws -> Void
  ) throws -> RenderReport {
    let depth = actuatorReadAheadDepth(blockSize: blockSize, channelCount: source.channelCount)
    let ahead = ReadAhead(source, blockSize: blockSize, depth: depth)
    var block = AudioBlock(channelCount: source.channelCount, capacity: blockSize)
    while try ahead.read(into: &block) { try sink(block) }
    let finished = ahead.finish()
    var report = RenderReport(frameCount: finished.frameCount, sampleRate: finished.sampleRate, layout: .haptic)
    report.peak = finished.peak
    report.limitedOverloads = finished.limitedOverloads
    report.limiterCeiling = finished.driveCeiling
    report.smallestLimiterGain = finished.smallestDriveGain
    return report
  }

  /// Renders `pattern` into memory, one array of frames per output channel.
  public static func toMemory(
    _ pattern: some RenderablePattern, options: RenderOptions = RenderOptions()
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
