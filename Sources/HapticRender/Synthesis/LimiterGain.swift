/// The gain curve of ``PeakLimiter``: frame by frame, from the loudest sample of each frame
/// pushed, the gain of the frame leaving the look-ahead delay line.
///
/// - required gain `r(k) = ceiling / m(k)` where frame `k`'s loudest magnitude `m(k)` exceeds 1,
///   else 1;
/// - held: the smallest `r` of the last `lookahead` frames;
/// - smoothed: the mean of the held values of the last `lookahead` frames (the attack ramp),
///   which reaches `r(k)` by the time frame `k` leaves the delay line;
/// - released: the gain rises at most `(1 − lowest)/release` per frame back to 1.
///
/// The held value is found in constant time per frame (van Herk and Gil-Werman): frames are
/// grouped in blocks of `lookahead` from frame 0, and the last `lookahead` frames are a suffix
/// of the previous block and a prefix of the current one, whose minima are kept.
///
/// Memory: three rings of `lookahead` values.
struct LimiterGain: Sendable {
  /// Output ceiling, linear.
  let ceiling: Double
  /// Look-ahead in frames, ≥ 1.
  let lookahead: Int
  /// Release in frames, ≥ 1.
  let release: Int

  /// Frames pushed so far.
  private(set) var frameCount = 0
  /// `frameCount % lookahead`: the next frame's place in its block and in the rings.
  private var slot = 0
  /// The held gains of the last `lookahead` frames, in a ring indexed by frame % lookahead.
  private var held: [Double]
  /// Sum of `held` and how many of its values are below 1 (when none are, the mean is
  /// exactly 1, whatever rounding the sum gathered).
  private var heldSum: Double
  private var heldBelowOne = 0
  /// The required gains of the current block's frames so far, by place.
  private var blockRequired: [Double]
  /// By place, the smallest required gain of the previous block from that place to its end.
  private var previousSuffixMinimum: [Double]
  /// The smallest required gain of the current block's frames so far.
  private var prefixMinimum = 1.0
  /// Set when every required gain of the last `lookahead` frames is 1 but the blocks above
  /// were not kept up to date (the frames skipped the gain computation); they are filled with
  /// 1 before the next frame that needs them.
  private var requiredAreOne = true
  /// The gain of the last frame that left the delay line, and the lowest since it was last 1.
  private var gain = 1.0
  private var lowest = 1.0

  /// Separate overloads limited so far (each time the gain left 1).
  private(set) var overloadCount = 0
  /// The smallest gain applied so far, 0 … 1.
  private(set) var smallestGain = 1.0

  init(ceiling: Double, lookahead: Int, release: Int) {
    self.ceiling = ceiling
    self.lookahead = lookahead
    self.release = release
    held = Array(repeating: 1, count: lookahead)
    heldSum = Double(lookahead)
    blockRequired = Array(repeating: 1, count: lookahead)
    previousSuffixMinimum = Array(repeating: 1, count: lookahead)
  }

  /// Whether the gain is 1 and stays 1 until a frame above full scale is pushed: every held
  /// gain of the last `lookahead` frames is 1, and no release is under way.
  var isAtRest: Bool { heldBelowOne == 0 && gain == 1 }

  /// Pushes frames whose loudest magnitudes are `loudest`, stopping after the first frame
  /// that leaves the gain at rest (at least one frame is pushed).
  ///
  /// - Parameter gains: Receives the gain of each frame that leaves the delay line, one per
  ///   frame pushed once `lookahead − 1` frames are in it; room for `loudest.count` values.
  /// - Returns: How many frames were pushed, and how many gains written.
  mutating func push(_ loudest: UnsafeBufferPointer<Float>, gains: UnsafeMutablePointer<Double>)
    -> (pushed: Int, emitted: Int)
  {
    // Moved out so that the loop below writes through pointers, without a uniqueness check
    // per write; moved back at the end.
    var held = self.held
    var blockRequired = self.blockRequired
    var previousSuffixMinimum = self.previousSuffixMinimum
    self.held = []
    self.blockRequired = []
    self.previousSuffixMinimum = []
    defer {
      self.held = held
      self.blockRequired = blockRequired
      self.previousSuffixMinimum = previousSuffixMinimum
    }
    let lookahead = lookahead
    var pushed = 0
    var emitted = 0
    held.withUnsafeMutableBufferPointer { held in
      blockRequired.withUnsafeMutableBufferPointer { blockRequired in
        previousSuffixMinimum.withUnsafeMutableBufferPointer { previousSuffixMinimum in
          // Unchecked below: `slot` stays in 0 ..< lookahead, the rings' size.

          /// Pushes the required gain of the next frame: returns the mean of the held gains.
          func smoothedGain(required: Double) -> Double {
            // Held: the smallest required gain of the last `lookahead` frames.
            if requiredAreOne {
              previousSuffixMinimum.update(repeating: 1)
              blockRequired.update(repeating: 1)
              prefixMinimum = 1
              requiredAreOne = false
            }
            blockRequired[slot] = required
            prefixMinimum = slot == 0 ? required : min(prefixMinimum, required)
            let holding = slot + 1 < lookahead ? min(previousSuffixMinimum[slot + 1], prefixMinimum) : prefixMinimum
            if slot + 1 == lookahead {
              // The block is complete: it becomes the previous one.
              var suffix = 1.0
              for place in stride(from: lookahead - 1, through: 0, by: -1) {
                suffix = min(suffix, blockRequired[place])
                previousSuffixMinimum[place] = suffix
              }
            }

            // Smoothed: the mean of the held gains of the window.
            let old = held[slot]
            if old < 1 { heldBelowOne -= 1 }
            if holding < 1 { heldBelowOne += 1 }
            held[slot] = holding
            heldSum += holding - old
            if heldBelowOne == 0 {
              heldSum = Double(lookahead)
              return 1
            }
            return min(heldSum / Double(lookahead), 1)
          }

          while pushed < loudest.count {
            if heldBelowOne == 0, gain < 1, frameCount + 1 >= lookahead, loudest[pushed] <= 1 {
              // A release run: every required gain is 1, so only the release moves the gain.
              let run = releaseRun(loudest[pushed...], gains: gains + emitted)
              frameCount += run
              slot = frameCount % lookahead
              requiredAreOne = true
              pushed += run
              emitted += run
              if isAtRest { break }
              continue
            }
            let magnitude = Double(loudest[pushed])
            let smoothed: Double
            if heldBelowOne == 0, magnitude <= 1 {
              // The mean of the held gains stays exactly 1 (the release may still be rising).
              requiredAreOne = true
              smoothed = 1
            } else {
              smoothed = smoothedGain(required: magnitude > 1 ? ceiling / magnitude : 1)
            }
            frameCount += 1
            slot = slot + 1 == lookahead ? 0 : slot + 1
            pushed += 1
            if frameCount >= lookahead {
              gains[emitted] = released(smoothed)
              emitted += 1
            }
            if isAtRest { break }
          }
        }
      }
    }
    return (pushed, emitted)
  }

  /// Pushes `count` frames none of which exceeds full scale, while the gain is at rest: the
  /// same state as ``push(_:gains:)`` leaves, every gain being 1.
  mutating func pushQuiet(_ count: Int) {
    precondition(isAtRest, "quiet frames skip the gain computation only at rest")
    frameCount += count
    slot = frameCount % lookahead
    requiredAreOne = true
  }

  /// The release over frames at or below full scale while every held gain is 1: each frame's
  /// gain is ``released(_:)``'s for a target of 1, with ``releaseStep`` computed once (`lowest`
  /// stays put until the gain is back to 1).
  ///
  /// - Returns: How many frames of `loudest` it took (at least 1): up to the first above full
  ///   scale, or through the one whose gain reaches 1.
  private mutating func releaseRun(_ loudest: Slice<UnsafeBufferPointer<Float>>, gains: UnsafeMutablePointer<Double>)
    -> Int
  {
    let step = releaseStep
    let limit = Self.framesAtOrBelowFullScale(UnsafeBufferPointer(rebasing: loudest))
    var gain = gain
    var run = 0
    while run < limit {
      // The additions that stay inside the gain's binade, in closed form, then the next one
      // as is. Each gain is `min(1, previous + step)` either way: in closed form it is below 1.
      let (count, increment) = RepeatedAddition.stretch(from: gain, step: step)
      let start = gain
      let stretch = min(count, limit - run)
      for index in 0..<stretch { gains[run + index] = start + Double(index + 1) * increment }
      gain = start + Double(stretch) * increment
      run += stretch
      guard run < limit else { break }
      gain = min(1, gain + step)
      gains[run] = gain
      run += 1
      if gain >= 1 { break }
    }
    self.gain = gain
    if gain >= 1 { lowest = 1 }
    return run
  }

  /// How many of `loudest` come before the first above full scale (or not a number): all of
  /// them when none is. Compares eight at a time.
  static func framesAtOrBelowFullScale(_ loudest: UnsafeBufferPointer<Float>) -> Int {
    guard let base = loudest.baseAddress else { return 0 }
    let source = UnsafeRawPointer(base)
    var index = 0
    while index + 8 <= loudest.count {
      let group = source.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<Float>.self)
      if !all(group .<= 1) { break }
      index += 8
    }
    while index < loudest.count, loudest[index] <= 1 { index += 1 }
    return index
  }

  /// How much the gain rises per frame after an overload: from the lowest gain back to 1 over
  /// `release` frames.
  private var releaseStep: Double { (1 - lowest) / Double(release) }

  /// `target`, or less while the gain is still rising back after an overload.
  private mutating func released(_ target: Double) -> Double {
    if target < gain {
      if gain == 1 { overloadCount += 1 }
      gain = target
      lowest = min(lowest, target)
      smallestGain = min(smallestGain, target)
    } else if gain < 1 {
      gain = min(target, gain + releaseStep)
      if gain >= 1 {
        gain = 1
        lowest = 1
      }
    }
    return gain
  }
}
