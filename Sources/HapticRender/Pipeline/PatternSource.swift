/// A pattern being rendered, as a ``FrameSource``, with the peak policy applied.
///
/// With the `normalize` and `error` policies the pattern is rendered once when the source is
/// made, to measure its peak, unless the sum of the amplitudes of the voices that sound
/// together proves that no sample can exceed full scale; reading renders it again with the
/// gain that policy needs. The waveforms of `AudioCustom` events must be decoded already
/// (``PatternLoader`` does it).
public struct PatternSource: FrameSource {
  private var renderer: Renderer
  private let policy: PeakPolicy
  /// What the render produced so far: the peak grows as blocks are read; normalization is
  /// known from the start.
  public private(set) var report: RenderReport

  /// - Throws: ``RenderError`` for bad options or `--peak error` overflow.
  public init(_ pattern: Pattern, options: RenderOptions = RenderOptions()) throws(RenderError) {
    renderer = try Renderer(pattern: pattern, options: options)
    policy = options.peakPolicy
    report = RenderReport(frameCount: renderer.frameCount, sampleRate: options.sampleRate, layout: renderer.layout)
    guard policy != .clip, renderer.peakBound > 1 else { return }
    var probe = renderer
    var block = AudioBlock(channelCount: renderer.layout.channelCount, capacity: options.blockSize)
    while probe.render(into: &block) { report.peak = max(report.peak, block.peak) }
    if report.peak > 1 {
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
    guard renderer.render(into: &block) else { return false }
    if report.normalizationGain == nil { report.peak = max(report.peak, block.peak) }
    if policy == .clip { report.clippedSamples += block.clip() }
    return true
  }
}
