/// A deterministic look-ahead peak limiter (`--peak limit`): wherever a sample exceeds full
/// scale, the gain of every channel comes down over the 5 ms before it, just enough to bring
/// that sample to the ceiling (−1 dBFS), and returns to 1 over 50 ms after it.
///
/// Frame `n` of the output is input frame `n` times the gain computed once the next
/// `lookahead − 1` frames are known:
/// - required gain `r(k) = ceiling / |x(k)|` where a sample of frame `k` exceeds 1, else 1;
/// - held: the smallest `r` of the last `lookahead` frames;
/// - smoothed: the mean of the held values of the last `lookahead` frames (the attack ramp),
///   which reaches `r(k)` by the time frame `k` leaves the delay line;
/// - released: the gain rises at most `(1 − lowest)/release` per frame back to 1.
///
/// Invariants: the output does not depend on how frames are grouped into blocks; frames more
/// than `lookahead` before or `lookahead + release` after every overload pass unchanged, bit
/// for bit (the gain is exactly 1 there); no output sample exceeds the ceiling by more than
/// rounding. Memory: one render block and a few buffers of `lookahead` frames.
struct PeakLimiter: Sendable {
  /// Output ceiling, linear: −1 dBFS.
  static let ceiling = Decibels.minusOne
  /// Look-ahead (and attack) time in seconds.
  static let lookaheadSeconds = 0.005
  /// Release time in seconds.
  static let releaseSeconds = 0.050

  let channelCount: Int
  /// Look-ahead in frames, ≥ 1.
  let lookahead: Int
  /// Release in frames, ≥ 1.
  let release: Int

  /// The renderer's latest block, and the next of its frames to push.
  private var input: AudioBlock
  private var inputIndex = 0
  private var isInputDone = false
  /// Input frames pushed so far (silence after the renderer's end included).
  private var framesIn = 0

  /// The last `lookahead` input frames, by channel, in a ring indexed by frame % lookahead.
  private var delayed: [[Float]]
  /// The held gains of the last `lookahead` frames, in the same ring.
  private var held: [Double]
  /// Sum of `held` and how many of its values are below 1 (when none are, the mean is
  /// exactly 1, whatever rounding the sum gathered).
  private var heldSum: Double
  private var heldBelowOne = 0
  /// Monotonic queue of (frame, required gain) for the sliding minimum, gains increasing from
  /// front to back; a ring of `lookahead` entries, which is all a window can hold.
  private var queueFrames: [Int]
  private var queueGains: [Double]
  private var queueFront = 0
  private var queueCount = 0
  /// The gain applied to the last output frame, and the lowest since it was last 1.
  private var gain = 1.0
  private var lowest = 1.0

  /// Largest sample magnitude read from the renderer so far, before limiting.
  private(set) var inputPeak = 0.0
  /// Separate overloads limited so far (each time the gain left 1).
  private(set) var overloadCount = 0
  /// The smallest gain applied so far, 0 … 1.
  private(set) var smallestGain = 1.0

  /// - Parameter blockSize: Frames the renderer renders per block.
  init(channelCount: Int, sampleRate: Int, blockSize: Int) {
    self.channelCount = channelCount
    lookahead = max(1, Int((Self.lookaheadSeconds * Double(sampleRate)).rounded()))
    release = max(1, Int((Self.releaseSeconds * Double(sampleRate)).rounded()))
    input = AudioBlock(channelCount: channelCount, capacity: blockSize)
    delayed = Array(repeating: Array(repeating: 0, count: lookahead), count: channelCount)
    held = Array(repeating: 1, count: lookahead)
    heldSum = Double(lookahead)
    queueFrames = Array(repeating: 0, count: lookahead)
    queueGains = Array(repeating: 1, count: lookahead)
  }

  /// Fills `block` with the next limited frames of `renderer`'s output; after the renderer's
  /// last block the delay line is drained with silence, so the output has exactly
  /// `renderer.frameCount` frames.
  ///
  /// - Returns: `false` when every frame has been delivered; `block` is then untouched.
  mutating func read(from renderer: inout Renderer, into block: inout AudioBlock) -> Bool {
    var written = 0
    while written < block.capacity {
      if inputIndex < input.frameCount {
        if push(frame: inputIndex, into: &block, at: written) { written += 1 }
        inputIndex += 1
      } else if !isInputDone, renderer.render(into: &input) {
        inputPeak = max(inputPeak, input.peak)
        inputIndex = 0
      } else if framesIn < renderer.frameCount + lookahead - 1 {
        isInputDone = true
        if push(frame: nil, into: &block, at: written) { written += 1 }
      } else {
        break
      }
    }
    guard written > 0 else { return false }
    block.setFrameCount(written)
    return true
  }

  /// Pushes input frame `frame` (silence when `nil`) and writes the frame that leaves the
  /// delay line, if any, at `outputIndex` of `output`.
  ///
  /// - Returns: `true` when a frame was written.
  private mutating func push(frame: Int?, into output: inout AudioBlock, at outputIndex: Int) -> Bool {
    let slot = framesIn % lookahead
    var required = 1.0
    for channel in 0..<channelCount {
      let sample = frame.map { input.channels[channel][$0] } ?? 0
      delayed[channel][slot] = sample
      let magnitude = Double(abs(sample))
      if magnitude > 1 { required = min(required, Self.ceiling / magnitude) }
    }
    let smoothed = smooth(hold(required))
    framesIn += 1
    guard framesIn >= lookahead else { return false }
    let applied = releaseLimited(smoothed)
    let leaving = framesIn % lookahead  // the oldest frame in the ring
    for channel in 0..<channelCount {
      let sample = delayed[channel][leaving]
      output.withUnsafeMutableChannel(channel) {
        $0[outputIndex] = applied == 1 ? sample : Float(Double(sample) * applied)
      }
    }
    return true
  }

  /// The smallest required gain of the last `lookahead` frames, `required` included.
  private mutating func hold(_ required: Double) -> Double {
    let frame = framesIn
    if queueCount > 0, queueFrames[queueFront] <= frame - lookahead {  // at most one leaves per frame
      queueFront = (queueFront + 1) % lookahead
      queueCount -= 1
    }
    while queueCount > 0, queueGains[(queueFront + queueCount - 1) % lookahead] >= required { queueCount -= 1 }
    let back = (queueFront + queueCount) % lookahead
    queueFrames[back] = frame
    queueGains[back] = required
    queueCount += 1
    return queueGains[queueFront]
  }
  /// The mean of the held gains of the last `lookahead` frames, `value` included.
  private mutating func smooth(_ value: Double) -> Double {
    let slot = framesIn % lookahead
    let old = held[slot]
    if old < 1 { heldBelowOne -= 1 }
    if value < 1 { heldBelowOne += 1 }
    held[slot] = value
    heldSum += value - old
    if heldBelowOne == 0 {
      heldSum = Double(lookahead)
      return 1
    }
    return min(heldSum / Double(lookahead), 1)
  }

  /// `target`, or less while the gain is still rising back after an overload.
  private mutating func releaseLimited(_ target: Double) -> Double {
    if target < gain {
      if gain == 1 { overloadCount += 1 }
      gain = target
      lowest = min(lowest, target)
      smallestGain = min(smallestGain, target)
    } else if gain < 1 {
      gain = min(target, gain + (1 - lowest) / Double(release))
      if gain >= 1 {
        gain = 1
        lowest = 1
      }
    }
    return gain
  }
}
