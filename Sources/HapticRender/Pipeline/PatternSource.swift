/// A pattern being rendered, as a ``FrameSource``, with the peak policy applied.
///
/// - `limit` (the default): a ``PeakLimiter`` follows the renderer whenever the sum of the
///   amplitudes of the voices that sound together allows a sample above full scale; it changes
///   only the frames near an overload.
/// - `normalize` and `error`: the pattern is rendered once when the source is made, to measure
///   its peak (unless that sum proves no sample can exceed full scale); reading renders it
///   again with the gain that policy needs.
/// - `clip`: samples are clamped as they are read.
///
/// The waveforms of `AudioCustom` events must be decoded already (``PatternLoader`` does it).
public struct PatternSource: FrameSource {
  private var renderer: Renderer
  private let policy: PeakPolicy
  /// What the render produced so far: the peak grows as blocks are read; normalization is
  /// known from the start.
  public private(set) var report: RenderReport
  /// With `limit`, when an overload is possible: the limiter, and the rendered block it reads.
  private var limiter: PeakLimiter?
  private var rendered: AudioBlock
  private var renderedIndex = 0
  private var isRenderingDone = false

  /// - Throws: ``RenderError`` for bad options or `--peak error` overflow.
  public init(_ pattern: Pattern, options: RenderOptions = RenderOptions()) throws(RenderError) {
    renderer = try Renderer(pattern: pattern, options: options)
    policy = options.peakPolicy
    report = RenderReport(frameCount: renderer.frameCount, sampleRate: options.sampleRate, layout: renderer.layout)
    rendered = AudioBlock(channelCount: renderer.layout.channelCount, capacity: options.blockSize)
    guard renderer.peakBound > 1 else { return }
    switch policy {
    case .clip:
      return
    case .limit:
      limiter = PeakLimiter(channelCount: renderer.layout.channelCount, sampleRate: options.sampleRate)
    case .normalize, .error:
      var probe = renderer
      while probe.render(into: &rendered) { report.peak = max(report.peak, rendered.peak) }
      guard report.peak > 1 else { return }
      if policy == .error { throw RenderError.peakOverflow(peak: report.peak) }
      let gain = Decibels.minusOne / report.peak
      report.normalizationGain = gain
      renderer.gain *= Float(gain)
    }
  }

  public var sampleRate: Int { renderer.sampleRate }
  public var channelCount: Int { renderer.layout.channelCount }
  public var frameCount: Int { renderer.frameCount }

  public mutating func read(into block: inout AudioBlock) -> Bool {
    if limiter != nil { return readLimited(into: &block) }
    guard renderer.render(into: &block) else { return false }
    if report.normalizationGain == nil { report.peak = max(report.peak, block.peak) }
    if policy == .clip { report.clippedSamples += block.clip() }
    return true
  }

  /// Fills `block` with limited frames: the limiter's output lags its input by its latency,
  /// which is drained with silence once the renderer is done.
  private mutating func readLimited(into block: inout AudioBlock) -> Bool {
    guard var limiter else { return false }
    defer {
      report.limitedOverloads = limiter.overloadCount
      report.smallestLimiterGain = limiter.smallestGain
      self.limiter = limiter
    }
    var written = 0
    while written < block.capacity {
      if renderedIndex < rendered.frameCount {
        if limiter.push(frame: renderedIndex, of: rendered, into: &block, at: written) { written += 1 }
        renderedIndex += 1
      } else if !isRenderingDone, renderer.render(into: &rendered) {
        report.peak = max(report.peak, rendered.peak)
        renderedIndex = 0
      } else if limiter.framesIn < renderer.frameCount + limiter.lookahead - 1 {
        isRenderingDone = true
        if limiter.push(frame: 0, of: nil, into: &block, at: written) { written += 1 }
      } else {
        break
      }
    }
    guard written > 0 else { return false }
    block.setFrameCount(written)
    return true
  }
}
