import HapticAudio
import HapticModel
import HapticSupport
import HapticSynthesis

/// A pattern being rendered, as a `FrameSource`, with the peak policy applied.
///
/// - `limit` (the default): a `PeakLimiter` follows the renderer whenever the sum of the
///   amplitudes of the voices that sound together allows a sample above the ceiling
///   (`RenderOptions.ceiling`); it changes only the frames near an overload.
/// - `normalize` and `error`: the pattern is rendered once when the source is made, to measure
///   its peak (unless that sum proves no sample can exceed full scale); reading renders it
///   again with the gain that policy needs.
/// - `clip`: samples are clamped as they are read.
///
/// The waveforms of `AudioCustom` events come decoded, beside the pattern (``PatternLoader`` decodes them).
public struct PatternSource: FrameSource {
  private var renderer: Renderer
  private let policy: PeakPolicy
  /// What the render produced so far: the peak grows as blocks are read; normalization is
  /// known from the start.
  public private(set) var report: RenderReport
  /// With `limit`, when an overload is possible: the limiter, which pulls from `renderer`.
  private var limiter: PeakLimiter?
  /// Whether reading measures the frames' peak for ``report`` (not for an actuator's target,
  /// whose render reports the drive's peak instead).
  package var measuresPeak = true

  /// - Throws: `RenderError` for bad options or an overflow (`RenderError.peakOverflow(peak:)`).
  public init(_ pattern: some RenderablePattern, options: RenderOptions = RenderOptions()) throws(RenderError) {
    let loaded = pattern.loadedPattern
    try self.init(
      Renderer(pattern: loaded.pattern, waveforms: loaded.playableWaveforms, options: options), options: options)
  }

  /// The source of a renderer already made with `options`.
  ///
  /// - Throws: `RenderError.peakOverflow(peak:)`.
  package init(_ renderer: Renderer, options: RenderOptions) throws(RenderError) {
    self.renderer = renderer
    policy = options.peakPolicy
    report = RenderReport(frameCount: renderer.frameCount, sampleRate: options.sampleRate, layout: renderer.layout)
    report.limiterCeiling = options.ceiling
    guard renderer.peakBound > options.ceiling else { return }
    switch policy {
    case .clip:
      return
    case .limit:
      limiter = PeakLimiter(
        channelCount: renderer.layout.channelCount, frameCount: renderer.frameCount, sampleRate: options.sampleRate,
        blockSize: options.blockSize, ceiling: options.ceiling)
    case .normalize, .error:
      var probe = renderer
      var block = AudioBlock(channelCount: renderer.layout.channelCount, capacity: options.blockSize)
      while probe.render(into: &block) { report.peak = max(report.peak, block.peak) }
      guard report.peak > 1 else { return }
      if policy == .error { throw RenderError.peakOverflow(peak: report.peak) }
      let gain = Decibels.minusOne / report.peak
      report.normalizationGain = gain
      self.renderer.gain *= Float(gain)
    }
  }

  public var sampleRate: Int { renderer.sampleRate }
  public var channelCount: Int { renderer.layout.channelCount }
  public var frameCount: Int { renderer.frameCount }

  /// Processor time the synthesis is expected to take per frame, in nanoseconds of the
  /// project's machine: ``Renderer``'s estimate, and with a limiter its work
  /// (`PeakLimiter.nanosecondsPerFrame`) on the frames where the voices' bounds exceed the
  /// ceiling.
  package var nanosecondsPerFrame: Double {
    let limited = limiter == nil ? 0 : Double(renderer.framesOverCeiling) * PeakLimiter.nanosecondsPerFrame
    return renderer.nanosecondsPerFrame + limited / Double(max(renderer.frameCount, 1))
  }

  /// Whether a peak limiter follows the synthesis (the `limit` policy, when an overload is
  /// possible): only then can ``readingAhead()`` put the two on separate threads.
  package var isLimited: Bool { limiter != nil }

  /// This source with its synthesis on a thread of its own: the limiter then works beside the
  /// synthesis instead of after it, on the same frames (see ``Render/readsAheadForFiles`` for
  /// when that pays).
  ///
  /// - Precondition: ``isLimited``.
  package consuming func readingAhead() -> LimitedReadAhead {
    guard let limiter else { preconditionFailure("no limiter to read ahead of") }
    return LimitedReadAhead(renderer, limiter: limiter, report: report)
  }

  /// This source with its synthesis on `threadCount` threads (≥ 2), each a time range of the
  /// render at a time (``RangedSynthesis``), the peak limiter too when there is one and
  /// ``RangedSynthesis/limitsInRanges(threadCount:blockSize:)``; the other peak policies (and
  /// the limiter otherwise) are applied on the thread that reads, to the same frames.
  package consuming func synthesizedInRanges(threadCount: Int, blockSize: Int) -> RangedSource {
    guard let limiter, RangedSynthesis.limitsInRanges(threadCount: threadCount, blockSize: blockSize) else {
      return RangedSource(
        RangedSynthesis(renderer, threadCount: threadCount, blockSize: blockSize), limiter: limiter, policy: policy,
        measuresPeak: measuresPeak, report: report)
    }
    let gain = PeakLimiter.gain(ceiling: limiter.ceiling, sampleRate: renderer.sampleRate)
    return RangedSource(
      RangedSynthesis(renderer, threadCount: threadCount, blockSize: blockSize, limiter: gain), limiter: nil,
      policy: policy, measuresPeak: measuresPeak, report: report)
  }

  public mutating func read(into block: inout AudioBlock) -> Bool {
    Self.read(
      into: &block, from: &renderer, limiter: &limiter, policy: policy, measuresPeak: measuresPeak, report: &report)
  }

  /// The next block of `frames` with the peak policy applied, the report brought up to date.
  fileprivate static func read(
    into block: inout AudioBlock, from frames: inout some RenderedBlocks, limiter: inout PeakLimiter?,
    policy: PeakPolicy, measuresPeak: Bool, report: inout RenderReport
  ) -> Bool {
    if var taken = limiter.take() {
      // Taken out and put back: a copy would duplicate the limiter's buffers on every block.
      defer { limiter = taken }
      guard taken.read(into: &block, from: { frames.render(into: &$0) }) else { return false }
      report.record(taken.figures)
      return true
    }
    guard frames.render(into: &block) else { return false }
    if measuresPeak, report.normalizationGain == nil { report.peak = max(report.peak, block.peak) }
    if policy == .clip { report.clippedSamples += block.clip() }
    return true
  }
}

/// What renders a pattern's blocks in order: its renderer, or threads that share the render.
private protocol RenderedBlocks {
  mutating func render(into block: inout AudioBlock) -> Bool
}

extension Renderer: RenderedBlocks {}
extension RangedSynthesis: RenderedBlocks {}

/// A ``PatternSource`` whose synthesis runs on several threads, each a time range at a time
/// (``PatternSource/synthesizedInRanges(threadCount:blockSize:)``); the frames and the report
/// are those of the source read on one thread.
///
/// Not copyable: copies would share the threads, each taking blocks the other needs.
package struct RangedSource: ~Copyable {
  private var synthesis: RangedSynthesis
  /// The limiter when it runs on the thread that reads (`nil` when the synthesis limits the
  /// frames itself).
  private var limiter: PeakLimiter?
  private let policy: PeakPolicy
  private let measuresPeak: Bool
  /// What the render produced so far, as ``PatternSource/report``.
  package private(set) var report: RenderReport

  fileprivate init(
    _ synthesis: RangedSynthesis, limiter: PeakLimiter?, policy: PeakPolicy, measuresPeak: Bool, report: RenderReport
  ) {
    self.synthesis = synthesis
    self.limiter = limiter
    self.policy = policy
    self.measuresPeak = measuresPeak
    self.report = report
  }

  /// The next frames, as ``PatternSource/read(into:)`` gives them.
  package mutating func read(into block: inout AudioBlock) -> Bool {
    if let figures = synthesis.limiterFigures {
      // The synthesis limits the frames; a range's figures are in before its first block.
      defer { report.record(synthesis.limiterFigures ?? figures) }
      return synthesis.render(into: &block)
    }
    return PatternSource.read(
      into: &block, from: &synthesis, limiter: &limiter, policy: policy, measuresPeak: measuresPeak, report: &report)
  }
}

/// A limited ``PatternSource`` whose synthesis runs on a thread of its own, ahead of the
/// limiter (``PatternSource/readingAhead()``); the frames and the report are those of the
/// source read on one thread.
///
/// Not copyable: copies would share the one synthesis, each taking blocks the other needs.
package struct LimitedReadAhead: ~Copyable {
  /// The synthesis, on its own thread.
  private let synthesis: BlockPipeline<Renderer>
  private var limiter: PeakLimiter
  /// What the render produced so far, as ``PatternSource/report``.
  package private(set) var report: RenderReport

  fileprivate init(_ renderer: Renderer, limiter: PeakLimiter, report: RenderReport) {
    synthesis = BlockPipeline(renderer, channelCount: limiter.channelCount, blockSize: limiter.blockSize) {
      $0.render(into: &$1)
    }
    self.limiter = limiter
    self.report = report
  }

  /// The next limited frames, as ``PatternSource/read(into:)`` gives them.
  package mutating func read(into block: inout AudioBlock) -> Bool {
    guard limiter.read(into: &block, from: synthesis.read) else { return false }
    report.record(limiter.figures)
    return true
  }
}

extension RenderReport {
  /// Takes the peak and the limiting so far from a limiter's figures.
  fileprivate mutating func record(_ figures: LimiterFigures) {
    peak = figures.inputPeak
    limitedOverloads = figures.overloadCount
    smallestLimiterGain = figures.smallestGain
  }
}
