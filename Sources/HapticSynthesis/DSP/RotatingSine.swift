/// `sin(2π · (n · increment + offset))` for consecutive frames `n ≥ 0` of a constant-frequency
/// voice, eight frames at a time.
///
/// Each group of eight frames is the previous group rotated by `8 · increment` turns (one
/// complex multiplication per frame, instead of a polynomial); every ``resyncFrames`` frames
/// the group is computed afresh with ``Sine/precise(turns:)``, so the rounding of the
/// rotations cannot gather.
///
/// Invariants: the value of frame `n` depends only on `n`, `increment` and `offset`, never on how the
/// frames are split between calls; |error| < 1e-12 against `sin(2π · n · increment)` beyond
/// the rounding of the phase `n · increment` itself (tested), far below the 6e-8 step of the 32-bit float output and the 1e-9 of ``Sine/of(turns:)``.
package struct RotatingSine: Sendable {
  /// Turns per frame.
  package let increment: Double
  /// The phase at frame 0, in turns.
  package let offset: Double
  /// The rotation from one group to the next: cos and sin of `2π · 8 · increment`.
  private let stepCosine: Double
  private let stepSine: Double
  /// First frame of the current group, a multiple of 8.
  private var group = 0
  /// The cosines and sines of frames `group ..< group + 8`.
  private var cosines: SIMD8<Double>
  private var sines: SIMD8<Double>

  /// Frames between two exact groups, a multiple of 8: 127 rotations at most.
  package static let resyncFrames = 1_024

  /// An oscillator whose first frames to be read start at `frame` (≥ 0): reading from there on
  /// needs no rotation to reach it.
  ///
  /// - Parameter offset: The phase at frame 0, in turns.
  package init(increment: Double, startingAt frame: Int = 0, offset: Double = 0) {
    self.increment = increment
    self.offset = offset
    (stepSine, stepCosine) = Sine.precise(turns: 8 * increment)
    group = frame & ~7
    (cosines, sines) = Self.exact(group: group, increment: increment, offset: offset)
  }

  /// Writes the sines of frames `first ..< first + count` to `output`.
  ///
  /// - Complexity: O(count) when `first` is where the previous call ended (or 0 on the first
  ///   call); otherwise up to 127 more rotations to reach `first`.
  package mutating func fill(_ output: UnsafeMutablePointer<Double>, from first: Int, count: Int) {
    visit(from: first, count: count, into: Store(output: output))
  }

  /// Adds `amplitude` times the sines of frames `first ..< first + count` to `output`, each
  /// product rounded once to `Float`: what ``fill(_:from:count:)`` followed by
  /// ``Buses/addProducts(_:_:count:to:)`` with every level `amplitude` adds, without the
  /// buffers between them.
  ///
  /// - Complexity: as ``fill(_:from:count:)``.
  package mutating func add(_ amplitude: Double, to output: UnsafeMutablePointer<Float>, from first: Int, count: Int) {
    visit(from: first, count: count, into: AddScaled(output: output, amplitude: amplitude))
  }

  /// What takes the sines from ``visit(from:count:into:)``, by their index from 0.
  private protocol Target {
    func take(_ sines: SIMD8<Double>, at index: Int)
    func take(_ sine: Double, at index: Int)
  }

  /// Writes the sines.
  private struct Store: Target {
    let output: UnsafeMutablePointer<Double>

    @inline(__always)
    func take(_ sines: SIMD8<Double>, at index: Int) {
      UnsafeMutableRawPointer(output + index).storeBytes(of: sines, as: SIMD8<Double>.self)
    }

    @inline(__always)
    func take(_ sine: Double, at index: Int) { output[index] = sine }
  }

  /// Adds the sines times an amplitude, each product rounded once to `Float`.
  private struct AddScaled: Target {
    let output: UnsafeMutablePointer<Float>
    let amplitude: Double

    @inline(__always)
    func take(_ sines: SIMD8<Double>, at index: Int) {
      // Converted four at a time, which compiles to vector conversions.
      let products = amplitude * sines
      let rounded = SIMD8<Float>(
        lowHalf: SIMD4<Float>(products.lowHalf), highHalf: SIMD4<Float>(products.highHalf))
      let out = UnsafeMutableRawPointer(output + index)
      out.storeBytes(of: out.loadUnaligned(as: SIMD8<Float>.self) + rounded, as: SIMD8<Float>.self)
    }

    @inline(__always)
    func take(_ sine: Double, at index: Int) { output[index] += Float(amplitude * sine) }
  }

  /// Hands the sines of frames `first ..< first + count` to `target`: eight at a time where
  /// whole groups line up, one at a time elsewhere.
  @inline(__always)
  private mutating func visit(from first: Int, count: Int, into target: some Target) {
    precondition(first >= 0, "frames count from the voice's onset")
    var frame = first
    var index = 0
    while index < count {
      if frame < group || frame >= group + 8 { seek(frame & ~7) }
      if frame == group, count - index >= 8 {
        // Whole groups: rotated in registers up to the next exact group or the end of the
        // output, as `seek` rotates them.
        var (cosines, sines) = (cosines, sines)
        target.take(sines, at: index)
        index += 8
        frame += 8
        while count - index >= 8, frame % Self.resyncFrames != 0 {
          (cosines, sines) = rotated(cosines, sines)
          target.take(sines, at: index)
          index += 8
          frame += 8
        }
        (group, self.cosines, self.sines) = (frame - 8, cosines, sines)
      } else {
        target.take(sines[frame - group], at: index)
        index += 1
        frame += 1
      }
    }
  }

  /// Makes the group starting at `target` (a multiple of 8) current: the next group by one
  /// rotation, any other from the exact group at or before it.
  private mutating func seek(_ target: Int) {
    if target != group + 8 {
      group = target - target % Self.resyncFrames
      (cosines, sines) = Self.exact(group: group, increment: increment, offset: offset)
    }
    while group < target {
      group += 8
      if group % Self.resyncFrames == 0 {
        (cosines, sines) = Self.exact(group: group, increment: increment, offset: offset)
      } else {
        (cosines, sines) = rotated(cosines, sines)
      }
    }
  }

  /// The group after the one of `cosines` and `sines`: turned by `8 · increment` turns.
  @inline(__always)
  private func rotated(_ cosines: SIMD8<Double>, _ sines: SIMD8<Double>) -> (SIMD8<Double>, SIMD8<Double>) {
    (cosines * stepCosine - sines * stepSine, sines * stepCosine + cosines * stepSine)
  }

  /// The cosines and sines of frames `group ..< group + 8`, each from its phase
  /// `n · increment + offset`.
  private static func exact(group: Int, increment: Double, offset: Double) -> (SIMD8<Double>, SIMD8<Double>) {
    var turns = SIMD8<Double>()
    for lane in 0..<8 { turns[lane] = Double(group + lane) * increment + offset }
    let (sines, cosines) = Sine.precise(turns: turns)
    return (cosines, sines)
  }
}
