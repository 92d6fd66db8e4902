/// A deterministic look-ahead peak limiter (`--peak limit`): wherever a sample exceeds full
/// scale, the gain of every channel comes down over the 5 ms before it, just enough to bring
/// that sample to the ceiling (−1 dBFS), and returns to 1 over 50 ms after it.
///
/// Frame `n` of the output is input frame `n` times the gain ``LimiterGain`` computes once the
/// next `lookahead − 1` frames are known. While that gain is at rest, frames up to the next
/// one above full scale pass straight through the delay line, without a gain computation.
///
/// Invariants: the output does not depend on how frames are grouped into blocks; frames more
/// than `lookahead` before or `lookahead + release` after every overload pass unchanged, bit
/// for bit (the gain is exactly 1 there); no output sample exceeds full scale, and none that
/// did exceeds the ceiling by more than rounding. Memory: one render block and a few buffers
/// of `lookahead` frames.
struct PeakLimiter: Sendable {
  /// Output ceiling, linear: −1 dBFS.
  static let ceiling = Decibels.minusOne
  /// Look-ahead (and attack) time in seconds.
  static let lookaheadSeconds = 0.005
  /// Release time in seconds.
  static let releaseSeconds = 0.050

  let channelCount: Int
  /// Frames of the renderer's output, and so of the limiter's.
  let frameCount: Int
  /// Look-ahead in frames, ≥ 1.
  var lookahead: Int { gain.lookahead }
  /// Frames the renderer renders per block: the capacity of the blocks it pulls.
  var blockSize: Int { input.capacity }

  /// The renderer's latest block (after its end, the silence that drains the delay line), and
  /// the next of its frames to push.
  private var input: AudioBlock
  private var inputIndex = 0
  private var isInputDone = false
  /// For each frame of `input`, its largest sample magnitude.
  private var loudest: [Float]
  /// The gain of each frame written by the current push, one block long.
  private var gains: [Double]
  /// The last `lookahead` input frames, by channel, in a ring indexed by frame % lookahead.
  private var delayed: [[Float]]
  private var gain: LimiterGain

  /// Largest sample magnitude read from the renderer so far, before limiting.
  private(set) var inputPeak = 0.0
  /// Separate overloads limited so far (each time the gain left 1).
  var overloadCount: Int { gain.overloadCount }
  /// The smallest gain applied so far, 0 … 1.
  var smallestGain: Double { gain.smallestGain }

  /// - Parameters:
  ///   - frameCount: Frames the renderer renders in all.
  ///   - blockSize: Frames the renderer renders per block.
  init(channelCount: Int, frameCount: Int, sampleRate: Int, blockSize: Int) {
    self.channelCount = channelCount
    self.frameCount = frameCount
    let lookahead = max(1, Int((Self.lookaheadSeconds * Double(sampleRate)).rounded()))
    gain = LimiterGain(
      ceiling: Self.ceiling, lookahead: lookahead,
      release: max(1, Int((Self.releaseSeconds * Double(sampleRate)).rounded())))
    input = AudioBlock(channelCount: channelCount, capacity: blockSize)
    loudest = Array(repeating: 0, count: blockSize)
    gains = Array(repeating: 1, count: blockSize)
    delayed = Array(repeating: Array(repeating: 0, count: lookahead), count: channelCount)
  }

  /// Fills `block` with the next limited frames of the renderer's output; after the renderer's
  /// last block the delay line is drained with silence, so the output has exactly
  /// ``frameCount`` frames.
  ///
  /// - Parameter render: The renderer's next block, as ``Renderer/render(into:)`` gives it,
  ///   into a block of the renderer's channel count and block size.
  /// - Returns: `false` when every frame has been delivered; `block` is then untouched.
  mutating func read(into block: inout AudioBlock, from render: (inout AudioBlock) -> Bool) -> Bool {
    var written = 0
    while written < block.capacity {
      if inputIndex == input.frameCount, !refill(from: render) { break }
      let count = min(input.frameCount - inputIndex, block.capacity - written)
      let quiet = gain.isAtRest && gain.frameCount >= lookahead - 1 ? quietFrames(upTo: count) : 0
      let firstFrame = gain.frameCount
      let pushed: Int
      let emitted: Int
      if quiet > 0 {
        gain.pushQuiet(quiet)
        (pushed, emitted) = (quiet, quiet)
      } else {
        (pushed, emitted) = loudest.withUnsafeBufferPointer { loudest in
          gains.withUnsafeMutableBufferPointer { gains in
            gain.push(
              UnsafeBufferPointer(rebasing: loudest[inputIndex..<inputIndex + count]), gains: gains.baseAddress!)
          }
        }
      }
      shift(pushed, from: firstFrame, into: &block, at: written, emitted: emitted, scaled: quiet == 0)
      inputIndex += pushed
      written += emitted
    }
    guard written > 0 else { return false }
    block.setFrameCount(written)
    return true
  }

  /// Loads the renderer's next block into `input`, or once it has ended, the silence still
  /// to push; measures each frame's loudest sample.
  ///
  /// - Returns: `false` when every frame, silence included, has been pushed.
  private mutating func refill(from render: (inout AudioBlock) -> Bool) -> Bool {
    if !isInputDone, render(&input) {
      inputPeak = max(inputPeak, measureLoudest())
    } else {
      isInputDone = true
      let remaining = frameCount + lookahead - 1 - gain.frameCount
      guard remaining > 0 else { return false }
      let count = min(remaining, input.capacity)
      for channel in 0..<channelCount {
        input.withUnsafeMutableChannel(channel) { $0[0..<count].update(repeating: 0) }
      }
      input.setFrameCount(count)
      loudest.withUnsafeMutableBufferPointer { $0[0..<count].update(repeating: 0) }
    }
    inputIndex = 0
    return true
  }

  /// Fills `loudest` for the frames of `input`.
  ///
  /// - Returns: The largest of them.
  private mutating func measureLoudest() -> Double {
    let count = input.frameCount
    var largest: Float = 0
    loudest.withUnsafeMutableBufferPointer { loudest in
      for channel in 0..<channelCount {
        let channelLargest = input.channels[channel].withUnsafeBufferPointer { samples in
          // Unchecked: `count` ≤ the block's capacity, the size of both buffers. The running
          // maximum is local, so it stays in registers.
          let source = UnsafeRawPointer(samples.baseAddress!)
          let target = UnsafeMutableRawPointer(loudest.baseAddress!)
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
    }
    return Double(largest)
  }

  /// How many of the next `count` input frames come before the next one above full scale.
  private func quietFrames(upTo count: Int) -> Int {
    loudest.withUnsafeBufferPointer {
      LimiterGain.framesAtOrBelowFullScale(UnsafeBufferPointer(rebasing: $0[inputIndex..<inputIndex + count]))
    }
  }

  /// `sample` times `gain`, in double precision; exactly `sample` when `gain` is 1.
  private static func applying(_ gain: Double, to sample: Float) -> Float { Float(Double(sample) * gain) }

  /// Writes `count` samples to `target`: times their `gains`, eight at a time, each as
  /// ``applying(_:to:)``; as they are when `gains` is `nil`.
  private static func move(
    _ samples: UnsafePointer<Float>, count: Int, into target: UnsafeMutablePointer<Float>,
    gains: UnsafePointer<Double>?
  ) {
    guard let gains else {
      target.update(from: samples, count: count)
      return
    }
    let source = UnsafeRawPointer(samples)
    let factors = UnsafeRawPointer(gains)
    let output = UnsafeMutableRawPointer(target)
    var index = 0
    while index + 8 <= count {
      let group = SIMD8<Double>(source.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<Float>.self))
      let product = group * factors.loadUnaligned(fromByteOffset: index * 8, as: SIMD8<Double>.self)
      output.storeBytes(of: SIMD8<Float>(product), toByteOffset: index * 4, as: SIMD8<Float>.self)
      index += 8
    }
    while index < count {
      target[index] = applying(gains[index], to: samples[index])
      index += 1
    }
  }

  /// Moves `pushed` input frames (absolute frames `firstFrame…`) into the delay line and
  /// writes the `emitted` frames that leave it to `output` from `outputIndex` on, times
  /// `gains` when `scaled`.
  private mutating func shift(
    _ pushed: Int, from firstFrame: Int, into output: inout AudioBlock, at outputIndex: Int, emitted: Int,
    scaled: Bool
  ) {
    let lookahead = lookahead
    // The first frame that leaves: the pushes before the `lookahead`-th write nothing.
    let firstLeaving = firstFrame + pushed - emitted + 1 - lookahead
    for channel in 0..<channelCount {
      input.channels[channel].withUnsafeBufferPointer { source in
        delayed[channel].withUnsafeMutableBufferPointer { ring in
          gains.withUnsafeBufferPointer { gains in
            output.withUnsafeMutableChannel(channel) { target in
              // Unchecked: `emitted` frames fit in `output` after `outputIndex`, and in `gains`;
              // the source frames are the block's, and the ring's stretches lie inside it.
              let to = target.baseAddress! + outputIndex
              let factors = scaled ? gains.baseAddress! : nil
              // Frames before `firstFrame` are in the ring (in at most two stretches: up to its
              // end, then from its start), the others in `source`.
              let fromRing = min(max(firstFrame - firstLeaving, 0), emitted)
              if fromRing > 0 {
                let first = firstLeaving % lookahead
                let head = min(fromRing, lookahead - first)
                Self.move(ring.baseAddress! + first, count: head, into: to, gains: factors)
                Self.move(ring.baseAddress!, count: fromRing - head, into: to + head, gains: factors.map { $0 + head })
              }
              let sourceOffset = inputIndex + firstLeaving - firstFrame
              Self.move(
                source.baseAddress! + sourceOffset + fromRing, count: emitted - fromRing, into: to + fromRing,
                gains: factors.map { $0 + fromRing })
              // The last `lookahead` frames pushed stay in the ring, in at most two stretches.
              let kept = min(pushed, lookahead)
              let keptFrames = source.baseAddress! + inputIndex + pushed - kept
              let slot = (firstFrame + pushed - kept) % lookahead
              let head = min(kept, lookahead - slot)
              (ring.baseAddress! + slot).update(from: keptFrames, count: head)
              ring.baseAddress!.update(from: keptFrames + head, count: kept - head)
            }
          }
        }
      }
    }
  }
}
