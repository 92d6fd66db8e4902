import HapticSupport

/// Limits a reference envelope to what the actuator can still stop in time: the level at a
/// frame may be no higher than the level from which braking at full strength reaches every
/// later level of the reference by its frame.
///
/// With braking strength `B` (the steady level of the strongest drive, in acceleration units),
/// an envelope falls from `m` to `(m + B)·e^(−t/τ) − B` in `t` at the fastest. So the limit at
/// frame `n` is `min over k ≥ 0 of (L[n+k] + B)·e^(k/T) − B`, `L` the level that must be
/// reached at each frame, over the `window` frames
/// beyond which no reference level matters. The minimum is kept by a monotonic queue (each
/// frame enters and leaves it once), so the cost per frame is constant on average.
///
/// Values enter `window` frames ahead of the frame whose limit is read: the governor delays
/// the reference by `window` frames.
///
/// A frame here is one reference taken, whatever its length: ``DriveController`` gives one per
/// control step, and `T`, τ counted in them, as the time constant.
package struct BrakeGovernor: Sendable {
  /// Frames looked ahead.
  package let window: Int
  private let strength: Double
  /// `growth[j] = e^(j/T)`, `j = 0 … window`.
  private let growth: [Double]
  /// The last `window + 1` references, in a ring; `slot` is where the next one goes, and after
  /// it has gone, where the oldest is.
  private var references: [ComplexSample]
  private var slot = 0
  /// The monotonic queue: frames (absolute) and `|R| + B`, in a ring of `window + 1` slots.
  private var queue: [(frame: Int, level: Double)]
  private var head = 0
  private var count = 0
  /// The frame of the next reference to enter.
  private var nextFrame = 0

  /// - Parameters:
  ///   - strength: `B`, > 0, in acceleration units (1 is the rated level).
  ///   - timeConstant: `T`, τ in frames (references taken).
  ///   - highestLevel: the largest reference level that must be stopped in time.
  package init(strength: Double, timeConstant: Double, highestLevel: Double) {
    self.strength = strength
    window = max(
      1,
      Int(
        (timeConstant * PortableMath.log2((highestLevel + strength) / strength) * 0.693_147_180_559_945_3).rounded(.up))
    )
    growth = (0...window).map { PortableMath.exp(Double($0) / timeConstant) }
    references = Array(repeating: .zero, count: window + 1)
    queue = Array(repeating: (0, 0), count: window + 1)
  }

  /// Takes `count` references of 0 after at least `window + 1` of them: what `count` calls of
  /// ``next(_:level:)`` with 0 do, whose results are all exactly 0. The rings then hold zeros
  /// and the queue every frame of the window at the level `B` (none of them is ever dropped
  /// from the back, as `B·e^(k/T) > B` for `k ≥ 1`), so only their frames move on.
  package mutating func skipRest(_ count: Int) {
    let slots = window + 1
    precondition(self.count == slots, "the governor skips only after a window of zeros")
    nextFrame += count
    slot = (slot + count) % slots
    head = (head + count) % slots
    let oldest = nextFrame - slots
    for offset in 0..<slots {
      let position = head + offset < slots ? head + offset : head + offset - slots
      queue[position].frame = oldest + offset
    }
  }

  /// Takes the reference of frame `f` and the level that must be stopped at that frame (the
  /// reference's magnitude, or less where its edges are known to be spread); returns the
  /// reference of frame `f − window`, limited, and whether the limit lowered it by more than
  /// 1 %.
  @inline(__always)
  package mutating func next(
    _ reference: ComplexSample, level required: Double
  ) -> (reference: ComplexSample, isLimited: Bool) {
    let frame = nextFrame
    nextFrame += 1
    let slots = window + 1
    // The ring holds frames `frame − window … frame`: the oldest is in the slot after the newest.
    references[slot] = reference
    slot = slot + 1 == slots ? 0 : slot + 1
    let level = required + strength
    let current = frame - window
    // Drop from the front the frames that left the window, then from the back every entry that
    // can no longer be the minimum (V = level·e^(frame·c)).
    while count > 0, queue[head].frame < current {
      head = head + 1 == slots ? 0 : head + 1
      count -= 1
    }
    while count > 0 {
      let back = head + count - 1 < slots ? head + count - 1 : head + count - 1 - slots
      guard queue[back].level >= level * growth[frame - queue[back].frame] else { break }
      count -= 1
    }
    let tail = head + count < slots ? head + count : head + count - slots
    queue[tail] = (frame, level)
    count += 1
    guard current >= 0 else { return (.zero, false) }
    let limit = queue[head].level * growth[queue[head].frame - current] - strength
    let original = references[slot]  // frame `current`, the oldest
    let squared = original.magnitudeSquared
    guard squared > limit * max(limit, 0) else { return (original, false) }
    // A cut of less than 1 % is the plan meeting the reference, not lowering it.
    let magnitude = squared.squareRoot()
    return (limit > 0 ? original * (limit / magnitude) : .zero, limit < 0.99 * magnitude)
  }
}
