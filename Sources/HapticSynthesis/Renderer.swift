import HapticAudio
import HapticModel
import HapticSupport

/// Renders a pattern block by block (a pull API).
///
/// Future voices wait in schedule order and join the active list when their onset falls in
/// the block being rendered; each voice writes only the frames of its own span.
///
/// Invariants:
/// - The output is bit-identical for every block size: each frame's value depends only on
///   its absolute index, and voices are summed in schedule order.
/// - Frames outside every voice's span are exactly 0.
/// - Memory depends on the number of events and the block size, not on the duration.
public struct Renderer: Sendable {
  /// The layout, `auto` resolved.
  public let layout: ChannelLayout
  /// Total frames the render produces.
  public let frameCount: Int
  public let sampleRate: Int
  /// Linear gain applied to every output sample.
  public var gain: Float

  /// An upper bound of every output sample's magnitude, gain included: when it is at most 1,
  /// the output cannot exceed full scale.
  public var peakBound: Double { unscaledPeakBound * Double(gain) }

  private let unscaledPeakBound: Double
  /// Frames where the voices' amplitude bounds, with the options' gain, exceed their ceiling
  /// (``Schedule/framesOverCeiling``).
  package let framesOverCeiling: Int
  private let schedule: [Voice]
  private let controls: Controls
  private var nextVoice = 0
  private var active: [SoundingVoice] = []
  /// The first frame of the next block.
  package private(set) var position = 0
  private var buses: Buses

  /// Prepares a render; no sample is computed yet.
  ///
  /// - Throws: ``RenderError`` for options out of range or a carrier above half the rate.
  /// - Parameters:
  ///   - pattern: The pattern to render.
  ///   - waveforms: The decoded audio of its `AudioCustom` waveforms, by `Waveform.path`
  ///     (as `PatternLoader` gives them); an `AudioCustom` event without one is an error.
  ///   - options: Rate, layout, profile, gain and the rest of the render's settings.
  public init(pattern: Pattern, waveforms: [String: SampledAudio] = [:], options: RenderOptions) throws(RenderError) {
    try options.validate()
    self.init(try Schedule(pattern: pattern, waveforms: waveforms, options: options), options: options)
  }

  /// Prepares the render of a schedule already made (options checked): one of an engine's
  /// players, whose voices ``PhaseAlignment/align(_:)-lists`` aligned with the other players'.
  package init(_ schedule: Schedule, options: RenderOptions) {
    self.schedule = schedule.voices
    controls = schedule.controls
    unscaledPeakBound = schedule.peakBound
    framesOverCeiling = schedule.framesOverCeiling
    frameCount = schedule.frameCount
    sampleRate = options.sampleRate
    layout = options.layout.resolved(hasAudioEvents: schedule.hasAudioEvents)
    gain = Float(Decibels.gain(options.gainDecibels))
    buses = Buses(capacity: options.blockSize, usesAudio: schedule.hasAudioEvents)
  }

  /// Processor time the synthesis is expected to take per frame of the render, in the
  /// nanoseconds of ``Voice/synthesisNanoseconds``: the voices' figures, and 0.3 ns per sample
  /// for clearing and mixing the blocks (measured on 600 s of silence). O(voices).
  package var nanosecondsPerFrame: Double {
    let voiceCost = schedule.withUnsafeBufferPointer { voices in
      voices.indices.reduce(0.0) { $0 + voices[$1].synthesisNanoseconds }
    }
    return 0.3 * Double(layout.channelCount) + voiceCost / Double(max(frameCount, 1))
  }

  /// Renders the next block of the pattern into `block`.
  ///
  /// - Parameter block: Planar output with `layout.channelCount` channels and a capacity no
  ///   larger than the options' block size. On return `block.frameCount` is the number of
  ///   frames written, `1...block.capacity`.
  /// - Returns: `false` when the whole pattern has been rendered; `block` is then untouched.
  /// - Complexity: O(frames × active voices). Allocates only when voices start or end.
  public mutating func render(into block: inout AudioBlock) -> Bool {
    precondition(block.channels.count == layout.channelCount, "block has the wrong channel count")
    // `count` fits both the block and the buses, so the unchecked writes below stay inside both.
    let count = min(block.capacity, buses.haptic.count, frameCount - position)
    guard count > 0 else { return false }
    assert(count <= block.capacity && count <= buses.haptic.count)
    let blockEnd = position + count
    buses.reset(startFrame: position, count: count)

    while nextVoice < schedule.count, schedule[nextVoice].onsetFrame < blockEnd {
      active.append(SoundingVoice(schedule[nextVoice], controls: controls))
      nextVoice += 1
    }
    for index in active.indices {
      let frames = max(position, active[index].onsetFrame)..<min(blockEnd, active[index].endFrame)
      if !frames.isEmpty { active[index].render(frames, into: &buses) }
    }
    active.removeAll { $0.endFrame <= blockEnd }

    mix(count, into: &block)
    block.setFrameCount(count)
    position = blockEnd
    return true
  }

  /// Moves the render on to `frame` (from the next block's first frame to ``frameCount``; a
  /// multiple of ``RotatingSine/resyncFrames``, where every oscillator computes its sines
  /// afresh, or ``frameCount``) without producing the frames before it; the blocks from there
  /// are those a render of every frame gives, bit for bit.
  ///
  /// A voice sounding at `frame` joins the active ones in schedule order; one whose state
  /// depends on the frames before (a phase summed frame by frame, an envelope followed under a
  /// control) is rendered over them into a bus that is thrown away, from its onset or from
  /// where it stood; the others start reading at `frame`.
  package mutating func skip(to frame: Int) {
    precondition(frame >= position && frame <= frameCount, "skipped backwards or past the end")
    precondition(frame % RotatingSine.resyncFrames == 0 || frame == frameCount, "skipped between two exact sines")
    active.removeAll { $0.endFrame <= frame }
    let sounding = active.count
    while nextVoice < schedule.count, schedule[nextVoice].onsetFrame < frame {
      if schedule[nextVoice].endFrame > frame { active.append(SoundingVoice(schedule[nextVoice], controls: controls)) }
      nextVoice += 1
    }
    var discarded: Buses?
    for index in active.indices where !active[index].startsAnywhere {
      var first = max(index < sounding ? position : active[index].onsetFrame, active[index].onsetFrame)
      if discarded == nil { discarded = Buses(capacity: buses.haptic.count, usesAudio: buses.usesAudio) }
      while first < frame {
        let count = min(buses.haptic.count, frame - first)
        discarded!.reset(startFrame: first, count: count)
        active[index].render(first..<first + count, into: &discarded!)
        first += count
      }
    }
    position = frame
  }

  private mutating func mix(_ count: Int, into block: inout AudioBlock) {
    let gain = gain
    if layout == .haptic, block.capacity == buses.haptic.count {
      // The haptic bus becomes the block's channel; the old channel is cleared next block.
      block.exchangeChannel(0, with: &buses.haptic)
      if gain != 1 {
        block.withUnsafeMutableChannel(0) { output in
          for frame in 0..<count { output[frame] = gain * output[frame] }
        }
      }
      return
    }
    func write(_ channel: Int, _ value: (Int) -> Float) {
      block.withUnsafeMutableChannel(channel) { output in
        for frame in 0..<count { output[frame] = gain * value(frame) }
      }
    }
    buses.haptic.withUnsafeBufferPointer { h in
      buses.left.withUnsafeBufferPointer { l in
        buses.right.withUnsafeBufferPointer { r in
          switch layout {
          case .haptic:
            write(0) { h[$0] }
          case .audio:
            write(0) { l[$0] }
            write(1) { r[$0] }
          case .stereo, .auto:
            write(0) { l[$0] + h[$0] }
            write(1) { r[$0] + h[$0] }
          case .mono:
            write(0) { h[$0] + (l[$0] + r[$0]) * 0.5 }
          case .quad, .dualsense:
            write(0) { l[$0] }
            write(1) { r[$0] }
            write(2) { h[$0] }
            write(3) { h[$0] }
          case .androidMono, .android:
            write(0) { (l[$0] + r[$0]) * 0.5 }
            write(1) { h[$0] }
          case .androidStereo:
            write(0) { l[$0] }
            write(1) { r[$0] }
            write(2) { h[$0] }
          }
        }
      }
    }
  }
}
