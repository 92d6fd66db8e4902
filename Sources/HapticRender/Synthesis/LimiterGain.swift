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
  /// The last stage: the gain of the last frame that left the delay line.
  private var release: LimiterRelease

  /// Separate overloads limited so far (each time the gain left 1).
  var overloadCount: Int { release.overloadCount }
  /// The smallest gain applied so far, 0 … 1.
  var smallestGain: Double { release.smallestGain }

  init(ceiling: Double, lookahead: Int, release: Int) {
    self.ceiling = ceiling
    self.lookahead = lookahead
    self.release = LimiterRelease(release: release)
    held = Array(repeating: 1, count: lookahead)
    heldSum = Double(lookahead)
    blockRequired = Array(repeating: 1, count: lookahead)
    previousSuffixMinimum = Array(repeating: 1, count: lookahead)
  }

  /// Whether the gain is 1 and stays 1 until a frame above full scale is pushed: every held
  /// gain of the last `lookahead` frames is 1, and no release is under way.
  var isAtRest: Bool { heldBelowOne == 0 && release.gain == 1 }

  /// Pushes frames whose loudest magnitudes are `loudest`, stopping after the first frame
  /// that leaves the gain at rest (at least one frame is pushed).
  ///
  /// - Parameter gains: Receives the gain of each frame that leaves the delay line, one per
  ///   frame pushed once `lookahead − 1` frames are in it; room for `loudest.count` values.
  /// - Returns: How many frames were pushed, and how many gains written.
  mutating func push(_ loudest: UnsafeBufferPointer<Float>, gains: UnsafeMutablePointer<Double>)
    -> (pushed: Int, emitted: Int)
  {
    var pushed = 0
    var emitted = 0
    while pushed < loudest.count {
      let rest = UnsafeBufferPointer(rebasing: loudest[pushed...])
      // Not a number counts as above full scale here, as in `framesAtOrBelowFullScale`.
      if heldBelowOne > 0 || !(rest[0] <= 1) {
        let (held, written) = pushHeld(rest, gains: gains + emitted)
        pushed += held
        emitted += written
      } else {
        // Every required gain of the window is 1, and so is the mean of the held gains: only
        // the release moves the gain.
        requiredAreOne = true
        let count: Int
        if release.gain < 1, frameCount + 1 >= lookahead {
          count = release.rise(upTo: Self.framesAtOrBelowFullScale(rest), gains: gains + emitted)
          emitted += count
        } else {
          count = 1
          if frameCount + 1 >= lookahead {
            gains[emitted] = release.follow(1)
            emitted += 1
          }
        }
        frameCount += count
        slot = frameCount % lookahead
        pushed += count
      }
      if isAtRest { break }
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

  /// Pushes frames one by one through the held and smoothed gains, from the first of `loudest`
  /// while a held gain of the window is below 1 (at least one frame).
  ///
  /// - Returns: How many frames were pushed, and how many gains written to `gains`.
  private mutating func pushHeld(_ loudest: UnsafeBufferPointer<Float>, gains: UnsafeMutablePointer<Double>)
    -> (pushed: Int, emitted: Int)
  {
    if requiredAreOne {
      blockRequired.withUnsafeMutableBufferPointer { $0.update(repeating: 1) }
      previousSuffixMinimum.withUnsafeMutableBufferPointer { $0.update(repeating: 1) }
      prefixMinimum = 1
      requiredAreOne = false
    }
    // The state in locals, so that it stays in registers through the loop.
    let (ceiling, lookahead, window) = (ceiling, lookahead, Double(lookahead))
    var (slot, frameCount, prefixMinimum) = (slot, frameCount, prefixMinimum)
    var (heldSum, heldBelowOne, release) = (heldSum, heldBelowOne, release)
    var pushed = 0
    var emitted = 0
    // Unchecked below: `slot` stays in 0 ..< lookahead, the size of the three buffers.
    held.withUnsafeMutableBufferPointer { held in
      blockRequired.withUnsafeMutableBufferPointer { blockRequired in
        previousSuffixMinimum.withUnsafeMutableBufferPointer { previousSuffixMinimum in
          repeat {
            let magnitude = Double(loudest[pushed])
            let required = magnitude > 1 ? ceiling / magnitude : 1
            // Held: the smallest required gain of the last `lookahead` frames.
            blockRequired[slot] = required
            prefixMinimum = slot == 0 ? required : min(prefixMinimum, required)
            let holding: Double
            if slot + 1 < lookahead {
              holding = min(previousSuffixMinimum[slot + 1], prefixMinimum)
            } else {
              // The block is complete: it becomes the previous one.
              holding = prefixMinimum
              var suffix = 1.0
              for place in stride(from: lookahead - 1, through: 0, by: -1) {
                suffix = min(suffix, blockRequired[place])
                previousSuffixMinimum[place] = suffix
              }
            }
            // Smoothed: the mean of the held gains of the window; exactly 1 when all are,
            // whatever rounding the sum gathered.
            let old = held[slot]
            heldBelowOne += (holding < 1 ? 1 : 0) - (old < 1 ? 1 : 0)
            held[slot] = holding
            heldSum += holding - old
            let smoothed: Double
            if heldBelowOne == 0 {
              heldSum = window
              smoothed = 1
            } else {
              smoothed = min(heldSum / window, 1)
            }
            slot = slot + 1 == lookahead ? 0 : slot + 1
            frameCount += 1
            pushed += 1
            if frameCount >= lookahead {
              gains[emitted] = release.follow(smoothed)
              emitted += 1
            }
          } while pushed < loudest.count && heldBelowOne > 0
        }
      }
    }
    (self.slot, self.frameCount, self.prefixMinimum) = (slot, frameCount, prefixMinimum)
    (self.heldSum, self.heldBelowOne, self.release) = (heldSum, heldBelowOne, release)
    return (pushed, emitted)
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
}
