import HapticAudio
import HapticModel
import HapticSynthesis

/// Several patterns rendered side by side and summed, each with its own controls: what an
/// engine plays when several players sound at once. Memory stays independent of the length.
///
/// Every pattern is rendered with `options` and one channel layout (stereo when any of them has
/// audio events and `options.layout` is `auto`); each applies the peak policy on its own, and
/// the sum is clipped to ±1 (``clippedSamples`` counts the samples that were). Their haptic
/// voices share one actuator: each starts in phase with the strongest continuous haptic voice
/// of any pattern sounding at its onset (docs/signal-model.md §3.2), as in one pattern.
public struct MixedSource: FrameSource {
  private var sources: [PatternSource]
  /// Per source: its current block and how many of its frames were used.
  private var pending: [(block: AudioBlock, used: Int, isDone: Bool)]
  public let sampleRate: Int
  public let channelCount: Int
  public let frameCount: Int
  /// The layout every pattern is rendered with.
  public let layout: ChannelLayout
  /// Samples of the sum beyond ±1 so far, clamped.
  public private(set) var clippedSamples = 0

  /// - Throws: `RenderError` for bad options or a pattern that cannot be rendered.
  public init(_ patterns: [LoadedPattern], options: RenderOptions = RenderOptions()) throws(RenderError) {
    var options = options
    options.layout = options.layout.resolved(for: patterns.map(\.pattern))
    try options.validate()
    var voices: [[Voice]] = []
    var schedules: [Schedule] = []
    for pattern in patterns {
      let schedule = try Schedule(pattern: pattern.pattern, waveforms: pattern.playableWaveforms, options: options)
      voices.append(schedule.voices)
      schedules.append(schedule)
    }
    PhaseAlignment.align(&voices)
    var sources: [PatternSource] = []
    for (aligned, var schedule) in zip(voices, schedules) {
      schedule.voices = aligned
      sources.append(try PatternSource(Renderer(schedule, options: options), options: options))
    }
    self.sources = sources
    layout = options.layout
    sampleRate = options.sampleRate
    channelCount = options.layout.channelCount
    frameCount = sources.map(\.frameCount).max() ?? 0
    pending = sources.map { _ in
      (AudioBlock(channelCount: options.layout.channelCount, capacity: options.blockSize), 0, false)
    }
  }

  public mutating func read(into block: inout AudioBlock) throws -> Bool {
    var produced = 0
    for channel in 0..<channelCount { block.withUnsafeMutableChannel(channel) { $0.update(repeating: 0) } }
    for index in sources.indices {
      var filled = 0
      while filled < block.capacity, !pending[index].isDone {
        if pending[index].used == pending[index].block.frameCount {
          pending[index].used = 0
          if !sources[index].read(into: &pending[index].block) {
            pending[index].isDone = true
            break
          }
        }
        let count = min(block.capacity - filled, pending[index].block.frameCount - pending[index].used)
        for channel in 0..<channelCount {
          let from = pending[index].used
          pending[index].block.channels[channel].withUnsafeBufferPointer { input in
            block.withUnsafeMutableChannel(channel) { output in
              for frame in 0..<count { output[filled + frame] += input[from + frame] }
            }
          }
        }
        pending[index].used += count
        filled += count
      }
      produced = max(produced, filled)
    }
    guard produced > 0 else { return false }
    block.setFrameCount(produced)
    clippedSamples += block.clip()
    return true
  }
}
