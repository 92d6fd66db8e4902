/// The gain curve of ``PeakLimiter``: frame by frame, from the loudest sample of each frame
/// pushed, the gain of the frame leaving the look-ahead delay line.
///
/// - required gain `r(k) = ceiling / m(k)` where frame `k`'s loudest magnitude `m(k)` exceeds
///   the ceiling (the threshold is the ceiling), else 1;
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
package struct LimiterGain: Sendable {
  /// Output ceiling, linear, 0 < c ≤ 1: frames louder than it are brought down to it.
  package let ceiling: Double
  /// The ceiling in the samples' precision: a frame is loud when its magnitude exceeds it.
  private let threshold: Float
  /// Look-ahead in frames, ≥ 1.
  package let lookahead: Int
  /// Frames pushed so far.
  package private(set) var frameCount = 0
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
  /// By place, the smallest required gain of the previous block from that place to its end;
  /// 1 after its last place.
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
  package var overloadCount: Int { release.overloadCount }
  /// The smallest gain applied so far, 0 … 1 (since ``restartSmallestGain()``).
  package var smallestGain: Double { release.smallestGain }

  /// Starts ``smallestGain`` afresh from the gain of the last frame that left the delay line (1
  /// before the first).
  package mutating func restartSmallestGain() {
    release.restartSmallestGain()
  }

  package init(ceiling: Double, lookahead: Int, release: Int) {
    self.ceiling = ceiling
    threshold = Float(ceiling)
    self.lookahead = lookahead
    self.release = LimiterRelease(release: release)
    held = Array(repeating: 1, count: lookahead)
    heldSum = Double(lookahead)
    blockRequired = Array(repeating: 1, count: lookahead)
    previousSuffixMinimum = Array(repeating: 1, count: lookahead + 1)
  }

  /// Whether the gain is 1 and stays 1 until a frame above the ceiling is pushed: every held
  /// gain of the last `lookahead` frames is 1, and no release is under way.
  package var isAtRest: Bool { heldBelowOne == 0 && release.gain == 1 }

  /// Pushes every frame of `loudest`; while the gain is at rest, frames up to the next one
  /// above the ceiling skip the gain computation (their gains are exactly 1 and not written).
  ///
  /// - Parameters:
  ///   - gains: The gains by place: the gain of the `k`-th frame this call settles (leaving the
  ///     delay line) is at place `place + k`; room for `loudest.count` values from `place`.
  ///   - scaled: Receives the stretches of places whose gains were written, in order, a
  ///     stretch that continues its last one merged with it.
  /// - Returns: How many frames settled.
  package mutating func pushAll(
    _ loudest: UnsafeBufferPointer<Float>, gains: UnsafeMutablePointer<Double>, place: Int,
    scaled: inout [Range<Int>]
  ) -> Int {
    var index = 0
    var settled = 0
    while index < loudest.count {
      let rest = UnsafeBufferPointer(rebasing: loudest[index...])
      let quiet = isAtRest && frameCount >= lookahead - 1 ? Self.framesAtOrBelow(threshold, rest) : 0
      if quiet > 0 {
        pushQuiet(quiet)
        settled += quiet
        index += quiet
        continue
      }
      let start = place + settled
      let (pushed, emitted) = push(rest, gains: gains + start)
      assert(emitted <= pushed, "more gains emitted than frames pushed")
      if emitted > 0 {
        if let last = scaled.last, last.upperBound == start {
          scaled[scaled.count - 1] = last.lowerBound..<start + emitted
        } else {
          scaled.append(start..<start + emitted)
        }
      }
      settled += emitted
      index += pushed
    }
    return settled
  }

  /// Pushes frames whose loudest magnitudes are `loudest`, stopping after the first frame
  /// that leaves the gain at rest (at least one frame is pushed).
  ///
  /// - Parameter gains: Receives the gain of each frame that leaves the delay line, one per
  ///   frame pushed once `lookahead − 1` frames are in it; room for `loudest.count` values.
  /// - Returns: How many frames were pushed, and how many gains written.
  package mutating func push(_ loudest: UnsafeBufferPointer<Float>, gains: UnsafeMutablePointer<Double>)
    -> (pushed: Int, emitted: Int)
  {
    var pushed = 0
    var emitted = 0
    while pushed < loudest.count {
      let rest = UnsafeBufferPointer(rebasing: loudest[pushed...])
      // Not a number counts as above the ceiling here, as in `framesAtOrBelow`.
      if heldBelowOne > 0 || !(rest[0] <= threshold) {
        let (held, written) = pushHeld(rest, gains: gains + emitted)
        pushed += held
        emitted += written
      } else {
        // Every required gain of the window is 1, and so is the mean of the held gains: only
        // the release moves the gain.
        requiredAreOne = true
        let count: Int
        if release.gain < 1, frameCount + 1 >= lookahead {
          count = release.rise(upTo: Self.framesAtOrBelow(threshold, rest), gains: gains + emitted)
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

  /// Pushes `count` frames none of which exceeds the ceiling, while the gain is at rest: the
  /// same state as ``push(_:gains:)`` leaves, every gain being 1.
  private mutating func pushQuiet(_ count: Int) {
    precondition(isAtRest, "quiet frames skip the gain computation only at rest")
    frameCount += count
    slot = frameCount % lookahead
    requiredAreOne = true
  }

  /// Pushes frames through the held and smoothed gains, from the first of `loudest` while a
  /// held gain of the window is below 1 (at least one frame): a block's stretch at a time, its
  /// required gains eight at a time, then frame by frame the held gains, their sum, their mean
  /// and the release (one loop, so that the sum's chain of additions and the release's overlap).
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
    // Unchecked below: places stay in 0 ..< lookahead, the size of `held` and `blockRequired`,
    // and `previousSuffixMinimum` holds one more; `gains` has room for a value per frame pushed.
    held.withUnsafeMutableBufferPointer { held in
      blockRequired.withUnsafeMutableBufferPointer { blockRequired in
        previousSuffixMinimum.withUnsafeMutableBufferPointer { previousSuffixMinimum in
          repeat {
            // The frames up to the end of the current block, or of `loudest`. The required
            // gains written past a frame that ends the push are written again before they are
            // read: the frames after it are pushed in order.
            let stretch = min(lookahead - slot, loudest.count - pushed)
            Self.writeRequired(
              UnsafeBufferPointer(rebasing: loudest[pushed..<pushed + stretch]), ceiling: ceiling,
              threshold: threshold, into: blockRequired.baseAddress! + slot)
            // A new block starts from a prefix minimum of 1, which every required gain reaches.
            if slot == 0 { prefixMinimum = 1 }
            // The first `lookahead − 1` frames of all fill the delay line and leave none.
            let firstLeaving = lookahead - 1 - frameCount
            var place = slot
            repeat {
              let required = blockRequired[place]
              // Held: the smallest required gain of the last `lookahead` frames; the suffix
              // minimum after the block's last place is 1, which the prefix never exceeds.
              prefixMinimum = min(prefixMinimum, required)
              let holding = min(previousSuffixMinimum[place + 1], prefixMinimum)
              // The sum of the held gains of the window; exactly `window` when all are 1,
              // whatever rounding it gathered.
              let old = held[place]
              heldBelowOne += (holding < 1 ? 1 : 0) - (old < 1 ? 1 : 0)
              held[place] = holding
              heldSum += holding - old
              if heldBelowOne == 0 { heldSum = window }
              if place - slot >= firstLeaving {
                // Smoothed: the mean of the held gains, at most 1; then the release.
                gains[emitted] = release.follow(min(heldSum / window, 1))
                emitted += 1
              }
              place += 1
            } while place < slot + stretch && heldBelowOne > 0
            frameCount += place - slot
            pushed += place - slot
            if place == lookahead {
              // The block is complete: it becomes the previous one.
              Self.writeSuffixMinima(of: UnsafeBufferPointer(blockRequired), into: previousSuffixMinimum)
              place = 0
            }
            slot = place
          } while pushed < loudest.count && heldBelowOne > 0
        }
      }
    }
    (self.slot, self.frameCount, self.prefixMinimum) = (slot, frameCount, prefixMinimum)
    (self.heldSum, self.heldBelowOne, self.release) = (heldSum, heldBelowOne, release)
    return (pushed, emitted)
  }

  /// Writes to each place of `target` the smallest of `values` from that place to the end.
  ///
  /// Four places at a time, from the end: the four's own running minima first, which do not
  /// wait for the places after them, then each with the minimum after the four, so that the
  /// chain of comparisons from place to place is one per four places. A minimum is exact in any
  /// order: the same values as one place at a time.
  private static func writeSuffixMinima(
    of values: UnsafeBufferPointer<Double>, into target: UnsafeMutableBufferPointer<Double>
  ) {
    var after = 1.0
    var place = values.count
    while place >= 4 {
      let fourth = values[place - 1]
      let third = min(values[place - 2], fourth)
      let second = min(values[place - 3], third)
      let first = min(values[place - 4], second)
      target[place - 1] = min(fourth, after)
      target[place - 2] = min(third, after)
      target[place - 3] = min(second, after)
      after = min(first, after)
      target[place - 4] = after
      place -= 4
    }
    while place > 0 {
      place -= 1
      after = min(values[place], after)
      target[place] = after
    }
  }

  /// Writes the required gain of each of `loudest` to `target`, eight at a time: `ceiling / m`
  /// for a magnitude `m` above `threshold` (at most 1), else 1 (not a number included).
  private static func writeRequired(
    _ loudest: UnsafeBufferPointer<Float>, ceiling: Double, threshold: Float, into target: UnsafeMutablePointer<Double>
  ) {
    let source = UnsafeRawPointer(loudest.baseAddress!)
    let output = UnsafeMutableRawPointer(target)
    var index = 0
    while index + 8 <= loudest.count {
      let magnitude = SIMD8<Double>(source.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<Float>.self))
      var required = SIMD8<Double>(repeating: 1)
      let over = magnitude .> Double(threshold)
      if any(over) { required.replace(with: pointwiseMin(ceiling / magnitude, required), where: over) }
      output.storeBytes(of: required, toByteOffset: index * 8, as: SIMD8<Double>.self)
      index += 8
    }
    while index < loudest.count {
      let magnitude = loudest[index]
      target[index] = magnitude > threshold ? min(ceiling / Double(magnitude), 1) : 1
      index += 1
    }
  }

  /// How many of `loudest` come before the first above `threshold` (or not a number): all of
  /// them when none is. Compares eight at a time.
  private static func framesAtOrBelow(_ threshold: Float, _ loudest: UnsafeBufferPointer<Float>) -> Int {
    guard let base = loudest.baseAddress else { return 0 }
    let source = UnsafeRawPointer(base)
    var index = 0
    while index + 8 <= loudest.count {
      let group = source.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<Float>.self)
      if !all(group .<= threshold) { break }
      index += 8
    }
    while index < loudest.count, loudest[index] <= threshold { index += 1 }
    return index
  }
}
