import HapticAudio
import HapticSupport

/// A deterministic look-ahead peak limiter (`--peak limit`): wherever a sample exceeds the
/// ceiling (its threshold), the gain of every channel comes down over the 5 ms before it, just
/// enough to bring that sample to the ceiling, and returns to 1 over 50 ms after it. So the
/// output peak never falls when the input's rises.
///
/// Frame `n` of the output is input frame `n` times the gain ``LimiterGain`` computes once the
/// next `lookahead − 1` frames are known. A rendered block waits until the gains of all its
/// frames are known (the first `lookahead − 1` frames of the next block decide the last ones),
/// is multiplied in place where a gain is below 1, and is then handed over as it is. While the
/// gain is at rest, frames up to the next one above the ceiling pass unchanged, without a gain
/// computation.
///
/// Invariants: the output does not depend on how frames are grouped into blocks; frames more
/// than `lookahead` before or `lookahead + release` after every overload pass unchanged, bit
/// for bit (the gain is exactly 1 there); no output sample exceeds the ceiling by more than
/// rounding. Memory: two render blocks (more when a block
/// is shorter than the look-ahead), each with a gain per frame.
package struct PeakLimiter: Sendable {
  /// Output ceiling, linear, 0 < c ≤ 1 (``RenderOptions/ceiling``).
  package var ceiling: Double { gain.ceiling }
  /// Look-ahead (and attack) time in seconds.
  package static let lookaheadSeconds = 0.005
  /// Release time in seconds.
  package static let releaseSeconds = 0.050
  /// Processor time the limiter is expected to take per frame where the voices' amplitude
  /// bounds exceed the ceiling, in nanoseconds of the project's machine (as
  /// `Voice.synthesisNanoseconds`): measured on 600 s of two overlapping full-intensity
  /// buzzes, over the ceiling throughout (`render-benchmark --costs`).
  package static let nanosecondsPerFrame = 2.5

  package let channelCount: Int
  /// Frames of the renderer's output, and so of the limiter's.
  package let frameCount: Int
  /// Look-ahead in frames, ≥ 1.
  package var lookahead: Int { gain.lookahead }
  /// Frames the renderer renders per block: the capacity of the blocks it pulls.
  package let blockSize: Int

  /// A rendered block waiting for the gains of its frames, which the frames after it decide.
  private struct Pending {
    var block: AudioBlock
    /// The frame the block starts at.
    var firstFrame = 0
    /// The gain of each frame of the stretches in `scaled`, by place in the block.
    var gains: [Double]
    /// The stretches of places whose frames are multiplied by their gains; the other frames
    /// pass unchanged (their gain is exactly 1).
    var scaled: [Range<Int>] = []
    /// Frames already copied out, when the block is read into blocks of another shape; its
    /// gains are applied before the first frame leaves.
    var delivered = 0
  }

  /// The blocks rendered whose frames are not all delivered, oldest first: the frames after
  /// the last `lookahead − 1` ones known decide their gains.
  private var pending: [Pending] = []
  /// Blocks delivered, kept to render into again.
  private var spare: [Pending] = []
  /// Frames rendered so far, and frames whose gain is known.
  private var renderedFrames = 0
  private var settledFrames = 0
  private var isInputDone = false
  /// For each frame of the latest block pushed, its largest sample magnitude.
  private var loudest: [Float]
  private var gain: LimiterGain

  /// Largest sample magnitude read from the renderer so far, before limiting.
  package private(set) var inputPeak = 0.0
  /// Separate overloads limited so far (each time the gain left 1).
  package var overloadCount: Int { gain.overloadCount }
  /// The smallest gain applied so far, 0 … 1.
  package var smallestGain: Double { gain.smallestGain }
  /// The three figures above together.
  package var figures: LimiterFigures {
    var figures = LimiterFigures()
    (figures.inputPeak, figures.overloadCount, figures.smallestGain) = (inputPeak, overloadCount, smallestGain)
    return figures
  }

  /// - Parameters:
  ///   - frameCount: Frames the renderer renders in all.
  ///   - blockSize: Frames the renderer renders per block.
  ///   - ceiling: The largest output magnitude, linear, 0 < c ≤ 1.
  package init(channelCount: Int, frameCount: Int, sampleRate: Int, blockSize: Int, ceiling: Double) {
    self.channelCount = channelCount
    self.frameCount = frameCount
    self.blockSize = blockSize
    gain = Self.gain(ceiling: ceiling, sampleRate: sampleRate)
    loudest = Array(repeating: 0, count: blockSize)
  }

  /// The gain curve at the first frame of a render at `sampleRate`, for a `ceiling` (linear,
  /// 0 < c ≤ 1).
  package static func gain(ceiling: Double, sampleRate: Int) -> LimiterGain {
    LimiterGain(
      ceiling: ceiling, lookahead: max(1, Int((lookaheadSeconds * Double(sampleRate)).rounded())),
      release: max(1, Int((releaseSeconds * Double(sampleRate)).rounded())))
  }

  /// Fills `block` with the next limited frames of the renderer's output, which has exactly
  /// ``frameCount`` frames: a rendered block itself, its gains applied in place, when `block`
  /// has the renderer's shape and the next frames start a rendered block; else a copy.
  ///
  /// - Parameter render: The renderer's next block, as ``Renderer/render(into:)`` gives it,
  ///   into a block of the renderer's channel count and block size.
  /// - Returns: `false` when every frame has been delivered; `block` is then untouched.
  package mutating func read(into block: inout AudioBlock, from render: (inout AudioBlock) -> Bool) -> Bool {
    var written = 0
    while written < block.capacity {
      guard settleOldest(from: render) else { break }
      if pending[0].delivered == 0 {
        let (gains, scaled) = (pending[0].gains, pending[0].scaled)
        gains.withUnsafeBufferPointer { Self.apply($0.baseAddress!, over: scaled, shift: 0, to: &pending[0].block) }
      }
      if written == 0, pending[0].delivered == 0, block.capacity == blockSize,
        block.channels.count == channelCount
      {
        // The whole rendered block, handed over without a copy; the caller's block is
        // rendered into later.
        swap(&block, &pending[0].block)
        recycleOldest()
        return true
      }
      let rendered = pending[0].block
      let count = min(rendered.frameCount - pending[0].delivered, block.capacity - written)
      for channel in 0..<channelCount {
        rendered.channels[channel].withUnsafeBufferPointer { source in
          block.withUnsafeMutableChannel(channel) { target in
            // Unchecked: `count` frames lie inside both blocks at these places.
            assert(
              count >= 0 && written + count <= target.count && pending[0].delivered + count <= source.count,
              "frames copied past the end of a block")
            (target.baseAddress! + written).update(from: source.baseAddress! + pending[0].delivered, count: count)
          }
        }
      }
      written += count
      pending[0].delivered += count
      if pending[0].delivered == rendered.frameCount { recycleOldest() }
    }
    guard written > 0 else { return false }
    block.setFrameCount(written)
    return true
  }

  /// Renders and pushes blocks until the gain of every frame of the oldest pending block is
  /// known; after the renderer's last block, silence drains the look-ahead.
  ///
  /// - Returns: `false` when every frame has been delivered.
  private mutating func settleOldest(from render: (inout AudioBlock) -> Bool) -> Bool {
    while pending.isEmpty || settledFrames < pending[0].firstFrame + pending[0].block.frameCount {
      if !isInputDone {
        var next =
          spare.popLast()
          ?? Pending(
            block: AudioBlock(channelCount: channelCount, capacity: blockSize),
            gains: Array(repeating: 1, count: blockSize))
        if render(&next.block) {
          let count = next.block.frameCount
          next.firstFrame = renderedFrames
          renderedFrames += count
          inputPeak = max(
            inputPeak, loudest.withUnsafeMutableBufferPointer { Self.measureLoudest(next.block, into: $0.baseAddress!) }
          )
          // Consumed, so that the pending block's buffers stay uniquely referenced and
          // writing its gains copies nothing.
          pending.append(consume next)
          push(count)
          continue
        }
        spare.append(next)
        isInputDone = true
      }
      let remaining = frameCount + lookahead - 1 - gain.frameCount
      guard remaining > 0, settledFrames < frameCount else { return false }
      let count = min(remaining, blockSize)
      loudest.withUnsafeMutableBufferPointer { $0[0..<count].update(repeating: 0) }
      push(count)
    }
    return true
  }

  /// Pushes the first `count` frames of `loudest` through the gain; the gains of the frames
  /// that leave the look-ahead are written in their blocks.
  private mutating func push(_ count: Int) {
    var index = 0
    while index < count {
      // The gains written go to the block of the next frame to settle, from its place there:
      // at most as many frames are pushed as that block has left.
      var block = 0
      while pending[block].firstFrame + pending[block].block.frameCount <= settledFrames { block += 1 }
      let place = settledFrames - pending[block].firstFrame
      let frames = min(count - index, pending[block].block.frameCount - place)
      // Swapped out and back, so that writing the gains and the stretches copies neither.
      var scaled: [Range<Int>] = []
      swap(&scaled, &pending[block].scaled)
      settledFrames += loudest.withUnsafeBufferPointer { loudest in
        pending[block].gains.withUnsafeMutableBufferPointer { gains in
          // Unchecked: at most `frames` gains settle, and they fit in the block from `place`.
          assert(place >= 0 && place + frames <= gains.count, "gains written past the end of a block")
          return gain.pushAll(
            UnsafeBufferPointer(rebasing: loudest[index..<index + frames]), gains: gains.baseAddress!, place: place,
            scaled: &scaled)
        }
      }
      swap(&scaled, &pending[block].scaled)
      index += frames
    }
  }

  /// Multiplies the frames of `block` in `stretches` by their gains, in place: `gains[k]` is
  /// the gain of the frame at place `k − shift` of the block, and the stretches are in the
  /// same places as `gains`; the parts of a stretch outside the block's frames are left out.
  package static func apply(
    _ gains: UnsafePointer<Double>, over stretches: [Range<Int>], shift: Int, to block: inout AudioBlock
  ) {
    let frameCount = block.frameCount
    for channel in 0..<block.channels.count {
      block.withUnsafeMutableChannel(channel) { samples in
        for stretch in stretches {
          let (first, end) = (max(stretch.lowerBound - shift, 0), min(stretch.upperBound - shift, frameCount))
          guard first < end else { continue }
          // Unchecked: `first ..< end` lies inside the block's frames.
          assert(end <= samples.count, "a scaled stretch outside the block's frames")
          Self.scale(samples.baseAddress! + first, count: end - first, by: gains + first + shift)
        }
      }
    }
  }

  /// Moves the oldest pending block, delivered, to the spares.
  private mutating func recycleOldest() {
    var delivered = pending.removeFirst()
    delivered.scaled.removeAll(keepingCapacity: true)
    delivered.delivered = 0
    spare.append(delivered)
  }

  /// Writes the largest sample magnitude of each frame of `input` to `loudest`, which has room
  /// for its frames.
  ///
  /// - Returns: The largest of them.
  package static func measureLoudest(_ input: AudioBlock, into loudest: UnsafeMutablePointer<Float>) -> Double {
    let count = input.frameCount
    var largest: Float = 0
    for channel in 0..<input.channels.count {
      let channelLargest = input.channels[channel].withUnsafeBufferPointer { samples in
        // Unchecked: `count` ≤ the block's capacity. The running maximum is local, so it
        // stays in registers.
        assert(count <= samples.count, "more frames than the block holds")
        let source = UnsafeRawPointer(samples.baseAddress!)
        let target = UnsafeMutableRawPointer(loudest)
        var largest = SIMD8<Float>()
        var frame = 0
        while frame + 8 <= count {
          var magnitude = source.loadUnaligned(fromByteOffset: frame * 4, as: SIMD8<Float>.self)
          magnitude.replace(with: -magnitude, where: magnitude .< 0)
          if channel > 0 {
            let others = target.loadUnaligned(fromByteOffset: frame * 4, as: SIMD8<Float>.self)
            magnitude.replace(with: others, where: others .> magnitude)
          }
          target.storeBytes(of: magnitude, toByteOffset: frame * 4, as: SIMD8<Float>.self)
          largest.replace(with: magnitude, where: magnitude .> largest)
          frame += 8
        }
        var largestInTail: Float = 0
        while frame < count {
          var magnitude = abs(samples[frame])
          if channel > 0, loudest[frame] > magnitude { magnitude = loudest[frame] }
          loudest[frame] = magnitude
          largestInTail = max(largestInTail, magnitude)
          frame += 1
        }
        return max(largest.max(), largestInTail)
      }
      largest = max(largest, channelLargest)
    }
    return Double(largest)
  }

  /// `sample` times `gain`, in double precision; exactly `sample` when `gain` is 1.
  private static func applying(_ gain: Double, to sample: Float) -> Float { Float(Double(sample) * gain) }

  /// Multiplies `count` samples by their `gains`, eight at a time, each as ``applying(_:to:)``.
  private static func scale(_ samples: UnsafeMutablePointer<Float>, count: Int, by gains: UnsafePointer<Double>) {
    let values = UnsafeMutableRawPointer(samples)
    let factors = UnsafeRawPointer(gains)
    var index = 0
    while index + 8 <= count {
      let group = SIMD8<Double>(values.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<Float>.self))
      let product = group * factors.loadUnaligned(fromByteOffset: index * 8, as: SIMD8<Double>.self)
      values.storeBytes(of: SIMD8<Float>(product), toByteOffset: index * 4, as: SIMD8<Float>.self)
      index += 8
    }
    while index < count {
      samples[index] = applying(gains[index], to: samples[index])
      index += 1
    }
  }
}
