import HapticFiles
import HapticPipeline
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// The peak limiter on the synthesis threads, each over its own time ranges
/// (docs/architecture.md §4): the samples and the limiter's figures of one thread, bit for bit.
@Suite struct RangeLimitingTests {
  /// `pattern` rendered into memory under a ceiling of 0.25 on `threads`.
  private static func render(
    _ pattern: some RenderablePattern, sampleRate: Int, blockSize: Int, threads: Int
  ) throws -> RenderedAudio {
    var options = RenderOptions()
    options.sampleRate = sampleRate
    options.blockSize = blockSize
    options.ceiling = 0.25
    options.threads = threads
    return try Render.toMemory(pattern, options: options)
  }

  /// The render on 2, 3 and 8 threads against `one`, the render on one.
  private static func expectTheSame(
    as one: RenderedAudio, _ pattern: some RenderablePattern, sampleRate: Int, blockSize: Int
  ) throws {
    for threads in [2, 3, 8] {
      let many = try render(pattern, sampleRate: sampleRate, blockSize: blockSize, threads: threads)
      #expect(
        many.channels[0].map(\.bitPattern) == one.channels[0].map(\.bitPattern),
        "\(threads) threads, \(sampleRate) Hz, blocks of \(blockSize)")
      #expect(many.report.limitedOverloads == one.report.limitedOverloads)
      #expect(many.report.smallestLimiterGain == one.report.smallestLimiterGain)
      #expect(many.report.peak == one.report.peak)
    }
  }

  /// A limiter that never comes to rest: a loud buzz held down for its whole length, across
  /// dozens of ranges, to the render's last frame (the frames after it are silence), so each
  /// range's thread limits from the state the range before left; at the lowest rate (a
  /// look-ahead of 5 frames), at 24 kHz, and at the highest (a look-ahead of 1,920 frames, a
  /// range of 2,048).
  @Test(arguments: [(1_000, 1), (24_000, 64), (24_000, 256), (384_000, 64)])
  func aLimiterHeldAcrossRangesGivesTheSamplesOfOneThread(_ sampleRate: Int, _ blockSize: Int) throws {
    let rangeFrames = RangedSynthesis.rangeBlocks(blockSize: blockSize) * blockSize
    let seconds = max(1.5, Double(12 * rangeFrames) / Double(sampleRate))
    let pattern = try F.pattern(
      "{\"Pattern\": [\(F.event("HapticContinuous", time: 0, duration: seconds, ["HapticIntensity": 1])), "
        + "\(F.event("HapticTransient", time: seconds / 2, ["HapticIntensity": 1]))]}")
    let one = try Self.render(pattern, sampleRate: sampleRate, blockSize: blockSize, threads: 1)
    let samples = one.channels[0]
    #expect(samples.count > 10 * rangeFrames)
    // Held down through the buzz: no sample above the ceiling, and the loudest ones near it at
    // every range's start.
    #expect(Signal.peak(samples[...]) <= 0.25 && one.report.peak > 0.9 && one.report.limitedOverloads == 1)
    let window = max(rangeFrames / 8, sampleRate / 40)
    for start in stride(from: rangeFrames, to: samples.count - window, by: rangeFrames) {
      #expect(Signal.peak(samples[start..<start + window]) > 0.2, "frame \(start)")
    }
    try Self.expectTheSame(as: one, pattern, sampleRate: sampleRate, blockSize: blockSize)
  }

  /// Transients that start at a range's first frame and overload the limiter, which rests in
  /// between: the gain falls a look-ahead before the loud frames, in the last frames of the
  /// range before, which both ranges compute; each overload is counted once.
  @Test func overloadsAtTheEndOfARangeAreCountedOnce() throws {
    let (sampleRate, blockSize) = (24_000, 64)
    let rangeFrames = RangedSynthesis.rangeBlocks(blockSize: blockSize) * blockSize
    let events = (3...8).map { range in
      F.event("HapticTransient", time: Double(range * rangeFrames) / Double(sampleRate), ["HapticIntensity": 1])
    }
    let pattern = try F.pattern("{\"Pattern\": [\(events.joined(separator: ", "))]}")
    let one = try Self.render(pattern, sampleRate: sampleRate, blockSize: blockSize, threads: 1)
    #expect(one.report.limitedOverloads == 6 && Signal.peak(one.channels[0][...]) <= 0.25)
    try Self.expectTheSame(as: one, pattern, sampleRate: sampleRate, blockSize: blockSize)
  }

  /// A block size with few factors of 2 makes a range 1,024 blocks long (263,168 frames for
  /// blocks of 257): the threads only synthesize, and the limiter follows them on the thread that
  /// reads, to the same samples.
  @Test func rangesTooLongToHoldAreLimitedOnTheThreadThatReads() throws {
    #expect(!RangedSynthesis.limitsInRanges(threadCount: 2, blockSize: 257))
    #expect(RangedSynthesis.limitsInRanges(threadCount: 2, blockSize: 32_768))
    #expect(!RangedSynthesis.limitsInRanges(threadCount: 1, blockSize: 32_768))
    let events = (0..<4).map { index in
      F.event("HapticContinuous", time: Double(index) * 25, duration: 25, ["HapticIntensity": 1])
    }
    let pattern = try F.pattern("{\"Pattern\": [\(events.joined(separator: ", "))]}")
    let one = try Self.render(pattern, sampleRate: 8_000, blockSize: 257, threads: 1)
    #expect(one.channels[0].count > 3 * 257 * 1_024 && one.report.limitedOverloads > 0)
    try Self.expectTheSame(as: one, pattern, sampleRate: 8_000, blockSize: 257)
  }

  /// An actuator's render refused after its target's threads started (the actuator's ring
  /// after the pattern passes the duration limit), its target overloading the limiter on eight
  /// threads: the refusal comes back, the threads stopped, whatever they were waiting for.
  /// By default a limited render takes a thread more than the processors (one waits for the
  /// limiter's state from the range before while the others render), a render without the
  /// limiter one per processor, and neither more threads than it has ranges.
  @Test func aLimitedRenderTakesAThreadMoreThanTheProcessors() throws {
    // Two buzzes at full strength: louder than the ceiling, so limited.
    let buzz = F.event("HapticContinuous", time: 0, duration: 20, ["HapticIntensity": 1])
    let pattern = try F.pattern("{\"Pattern\": [\(buzz), \(buzz)]}")
    var options = RenderOptions()
    let limited = try PatternSource(pattern, options: options)
    #expect(limited.isLimited)
    let rangeFrames = RangedSynthesis.rangeBlocks(blockSize: options.blockSize) * options.blockSize
    let ranges = (limited.frameCount + rangeFrames - 1) / rangeFrames
    let processors = Batch.processorCount
    #expect(ranges >= 7)
    #expect(Render.threadCount(limited, options) == (processors >= 2 ? min(processors + 1, ranges) : 1))
    options.peakPolicy = .clip
    #expect(Render.threadCount(try PatternSource(pattern, options: options), options) == min(processors, ranges))
    options.threads = 2
    #expect(Render.threadCount(limited, options) == 2)
    let short = try F.pattern(
      "{\"Pattern\": [\(F.event("HapticContinuous", time: 0, duration: 0.5, ["HapticIntensity": 1]))]}")
    #expect(Render.threadCount(try PatternSource(short), RenderOptions()) == 1)
  }

  /// On two processors, a render into a file whose encoder costs at least half the synthesis
  /// takes one synthesis thread (the writer and it fill the two); a synthesis more than twice
  /// the encoder's work (the limiter's included), a machine with more processors, a stream or
  /// a chosen `threads` keep the count above.
  @Test func onTwoProcessorsALightSynthesisTakesOneThread() throws {
    func buzzes(_ type: String, _ parameter: String, _ value: Double) throws -> PatternSource {
      let buzz = F.event(type, time: 0, duration: 20, [parameter: value])
      return try PatternSource(try F.pattern("{\"Pattern\": [\(buzz), \(buzz)]}"))
    }
    // Two buzzes at half intensity (amplitude 0.25 each) never reach the ceiling; at full
    // intensity they are over it throughout, and the limiter works on every frame.
    let quiet = try buzzes("HapticContinuous", "HapticIntensity", 0.5)
    let loud = try buzzes("HapticContinuous", "HapticIntensity", 1)
    let tones = try buzzes("AudioContinuous", "AudioVolume", 1)
    #expect(!quiet.isLimited && loud.isLimited && tones.isLimited)
    #expect(loud.nanosecondsPerFrame > quiet.nanosecondsPerFrame + 1)
    #expect(tones.nanosecondsPerFrame > 5 * loud.nanosecondsPerFrame)
    var options = RenderOptions()
    func threads(_ source: PatternSource, _ format: AudioFileFormat?, processors: Int = 2) -> Int {
      Render.threadCount(source, options, writingTo: format, processors: processors)
    }
    let wav24 = try AudioFileFormat(.wav, encoding: .pcm24)
    let flac = try AudioFileFormat(.flac, encoding: .pcm16)
    #expect(threads(quiet, wav24) == 1)
    #expect(threads(loud, wav24) == 3)
    #expect(threads(loud, flac) == 1)
    // The tones are stereo: FLAC's two channels cost more than half their synthesis.
    #expect(tones.channelCount == 2)
    #expect(threads(tones, wav24) == 3)
    #expect(threads(tones, flac) == 1)
    #expect(threads(tones, try AudioFileFormat(.opus)) == 1)
    #expect(threads(quiet, nil) == 2)
    #expect(threads(loud, nil) == 3)
    #expect(threads(quiet, wav24, processors: 3) == 3)
    #expect(threads(loud, wav24, processors: 4) == 5)
    options.threads = 2
    #expect(threads(quiet, wav24) == 2)
  }

  @Test func aRefusedActuatorRenderStopsItsTargetsThreads() throws {
    let events = (0..<85).map { index in
      F.event("HapticTransient", time: Double(index) * 0.011, ["HapticIntensity": 1, "HapticSharpness": 0])
    }
    let pattern = try F.pattern("{\"Pattern\": [\(events.joined(separator: ", "))]}")
    var options = RenderOptions()
    options.blockSize = 64
    options.ceiling = 0.25
    options.threads = 8
    options.maximumDurationSeconds = 1
    // The target alone is within the limit, so its threads start.
    #expect(try Render.toMemory(pattern, options: options).report.limitedOverloads > 0)
    options.actuator = ActuatorRendering(model: .lra, name: "lra")
    do {
      _ = try Render.toMemory(pattern, options: options)
      Issue.record("an actuator render past the limit was not refused")
    } catch let error as RenderError {
      guard case .durationLimitExceeded(let seconds, let limit) = error else {
        Issue.record("refused for another reason: \(error)")
        return
      }
      #expect(seconds > 1 && limit == 1)
    }
    options.maximumDurationSeconds = 2
    let rendered = try Render.toMemory(pattern, options: options)
    #expect(rendered.channels[0].count > 48_000 && rendered.channels[0].contains { $0 != 0 })
  }
}

private typealias F = PatternFixtures
