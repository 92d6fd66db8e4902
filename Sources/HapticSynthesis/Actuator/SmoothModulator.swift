import HapticSupport

/// Writes the drive of a control step from the drive envelopes of the steps around it, each held
/// over its step and then smoothed by a raised cosine (a Hann window) a quarter of a period of f0
/// on each side: the drive is `Re(V(t)·e^(iω0t))`, `V` the envelopes so smoothed
/// (docs/actuators.md §2.2).
///
/// Held envelopes switch at the steps' edges: a push that turns to braking jumps by up to twice
/// the drive in one sample and spreads energy far above f0, which the actuator passes on as a
/// tick. Smoothed, a change of the envelope takes half a period, so the drive's energy stays
/// near f0 and its steps between samples stay far below those of a sine at 3·f0 (the figures
/// are in the docs). The smoothing weights are a partition of unity and never negative:
/// `|V(t)|` is at most the largest envelope, so the drive's true peak (between samples too) is
/// within the envelopes' bound.
///
/// The output fades in from 0 over a raised cosine of half a period: a drive that the pattern
/// asks for at its first frame starts from 0.
///
/// Invariants: deterministic; a step's frames depend on the envelopes of the ``reach`` steps
/// before it and after it only, so the drive is ``reach`` steps later than the envelopes.
struct SmoothModulator: Sendable {
  /// Steps on each side of a step whose envelopes it mixes: 1 or 2 (the window's half-width,
  /// a quarter of a period, is at most a step and 3 frames).
  let reach: Int
  private let stepFrames: Int
  /// `weights[i·stepFrames + j]`: the weight of the envelope `i − reach` steps away in frame `j`.
  let weights: [Double]
  /// ``weights`` times `cos(ω0·j/fs)` and `sin(ω0·j/fs)`, in single precision (the drive's).
  private let cosineWeights: [Float]
  private let sineWeights: [Float]
  /// The rows of ``weights`` that weigh in most of a step's frames, and the groups of four
  /// frames (by their first) that hold frames where the others do (a few at each edge of a
  /// step), with which of the four those are: only there are all the rows summed.
  private let denseRows: Range<Int>
  private let edgeGroups: [(start: Int, lanes: SIMDMask<SIMD4<Int32>>)]
  /// The last `2·reach + 1` envelopes, the oldest at `index`.
  private var envelopes: [ComplexSample]
  private var index = 0
  /// The envelopes of the step last written, oldest first, times the conjugate of its phasor
  /// (`2·reach + 1` ≤ 5 of them).
  private(set) var bases = (real: SIMD8<Double>(), imaginary: SIMD8<Double>())
  /// The phasor of the step being written.
  private var phasor: ResonancePhasor
  /// The raised cosine of the output's fade-in, over half a period.
  private let fadeIn: [Float]

  /// - Parameters:
  ///   - stepFrames: Frames in a control step.
  ///   - periodFrames: Frames in a period of f0; the window spans half of one.
  ///   - frequency, sampleRate: f0 and fs, in Hz.
  ///   - firstStep: The step of the first envelope pushed (negative before the first frame).
  ///   - carrier: `(sin, cos)` of `ω0·j/fs` for the frames `j` of a step.
  init(
    stepFrames: Int, periodFrames: Double, frequency: Double, sampleRate: Int, firstStep: Int,
    carrier: [(sine: Double, cosine: Double)]
  ) {
    self.stepFrames = stepFrames
    let half = max(1, Int((periodFrames / 4).rounded()))
    reach = (half + stepFrames - 1) / stepFrames
    // A discrete Hann window over `±half` frames, normalised to a sum of 1.
    let window = (-half...half).map { 0.5 + 0.5 * Sine.precise(turns: Double($0) / Double(2 * half)).cosine }
    let total = window.reduce(0, +)
    var weights = [Double](repeating: 0, count: (2 * reach + 1) * stepFrames)
    for frame in 0..<stepFrames {
      for (offset, value) in window.enumerated() {
        // The held envelope at `frame − shift` belongs to the step `floor((frame − shift)/s)`.
        let shift = offset - half
        let difference = frame - shift
        let step = difference >= 0 ? difference / stepFrames : -((-difference + stepFrames - 1) / stepFrames)
        weights[(step + reach) * stepFrames + frame] += value / total
      }
    }
    self.weights = weights
    cosineWeights = weights.indices.map { Float(weights[$0] * carrier[$0 % stepFrames].cosine) }
    sineWeights = weights.indices.map { Float(weights[$0] * carrier[$0 % stepFrames].sine) }
    // The outer rows weigh only where the window reaches two steps away: at most a few frames.
    let last = (2 * reach) * stepFrames
    let isSparse = [0, last].map { row in (0..<stepFrames).filter { weights[row + $0] != 0 }.count < stepFrames / 2 }
    let sparseRows = reach > 1 && isSparse[0] && isSparse[1] ? 1 : 0
    denseRows = sparseRows..<(2 * reach + 1 - sparseRows)
    // Past the last whole group, every frame is summed from all the rows.
    let edges = (0..<(stepFrames & ~3)).filter { sparseRows > 0 && (weights[$0] != 0 || weights[last + $0] != 0) }
    // The edge groups' sum is written for five rows, the most a reach of 2 gives.
    precondition(edges.isEmpty || reach == 2, "edge groups beyond five rows")
    edgeGroups = Dictionary(grouping: edges) { $0 & ~3 }.sorted { $0.key < $1.key }.map { start, frames in
      var lanes = SIMDMask<SIMD4<Int32>>()
      for frame in frames { lanes[frame - start] = true }
      return (start, lanes)
    }
    envelopes = Array(repeating: .zero, count: 2 * reach + 1)
    phasor = ResonancePhasor(
      frequency: frequency, sampleRate: sampleRate, framesPerStep: stepFrames, firstStep: firstStep - reach)
    let fade = max(1, Int((periodFrames / 2).rounded()))
    fadeIn = (0..<fade).map { Float(0.5 - 0.5 * Sine.precise(turns: Double($0) / Double(2 * fade)).cosine) }
  }

  /// The envelope `offset − reach` steps from the step last written (`offset` in
  /// `0...2·reach`), or, before ``push(_:into:)`` writes it, the `offset`-th oldest.
  @inline(__always)
  func envelope(_ offset: Int) -> ComplexSample {
    // `index + offset` is below twice the count: a subtraction, not a division, wraps it.
    let position = index + offset
    return envelopes[position < envelopes.count ? position : position - envelopes.count]
  }

  /// Calls `body` with the real and the imaginary parts of ``bases`` as buffers of
  /// `2·reach + 1` values (read by index, a vector's lanes would be stored again at each read).
  @inline(__always)
  func withBases<Result>(
    _ body: (UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>) -> Result
  ) -> Result {
    withUnsafeBytes(of: bases.real) { reals in
      withUnsafeBytes(of: bases.imaginary) { imaginaries in
        body(
          UnsafeBufferPointer(start: reals.baseAddress!.assumingMemoryBound(to: Double.self), count: envelopes.count),
          UnsafeBufferPointer(
            start: imaginaries.baseAddress!.assumingMemoryBound(to: Double.self), count: envelopes.count))
      }
    }
  }

  /// The mean of the fade-in over the frames of step `step` from the first frame: 1 past it,
  /// 0 before the first frame (never played).
  func fadeShare(step: Int) -> Double {
    let start = step * stepFrames
    guard start < fadeIn.count else { return 1 }
    guard start >= 0 else { return 0 }
    let faded = (start..<(start + stepFrames)).reduce(0.0) { $0 + ($1 < fadeIn.count ? Double(fadeIn[$1]) : 1) }
    return faded / Double(stepFrames)
  }

  /// Whether every envelope it holds is 0: the steps it writes are 0 until one that is not is
  /// pushed.
  var isSilent: Bool { envelopes.allSatisfy { $0 == .zero } }

  /// Takes the envelope of the newest step and writes the drive of the step ``reach`` before it.
  /// Returns
  /// the index of the step written (a step before the first frame, never played, is written as
  /// zeros) and whether the fade-in changed it.
  @inline(__always)
  mutating func push(_ envelope: ComplexSample, into drive: UnsafeMutablePointer<Float>) -> (step: Int, isFaded: Bool) {
    let written = (step: phasor.step, isFaded: phasor.step * stepFrames < fadeIn.count)
    envelopes[index] = envelope
    index = index + 1 == envelopes.count ? 0 : index + 1
    let rotation = phasor.value.conjugate
    phasor.advance()
    guard written.step >= 0 else {
      drive.update(repeating: 0, count: stepFrames)
      return written
    }
    if isSilent {
      bases = (SIMD8(), SIMD8())
      drive.update(repeating: 0, count: stepFrames)
      return written
    }
    // The envelopes in the frame of the step's first frame, oldest first, stored and read one
    // lane at a time through pointers (a lane set by index stores the whole vector again, and
    // a vector read over lanes just stored waits for them).
    let (envelopes, oldest) = (self.envelopes, index)
    withUnsafeMutableBytes(of: &bases.real) { reals in
      withUnsafeMutableBytes(of: &bases.imaginary) { imaginaries in
        for offset in 0..<envelopes.count {
          let position = oldest + offset < envelopes.count ? oldest + offset : oldest + offset - envelopes.count
          let base = envelopes[position] * rotation
          reals.storeBytes(of: base.real, toByteOffset: offset * 8, as: Double.self)
          imaginaries.storeBytes(of: base.imaginary, toByteOffset: offset * 8, as: Double.self)
        }
      }
    }
    withBases { reals, imaginaries in write(reals: reals, imaginaries: imaginaries, into: drive) }
    let start = written.step * stepFrames
    for frame in 0..<max(0, min(stepFrames, fadeIn.count - start)) { drive[frame] *= fadeIn[start + frame] }
    return written
  }

  /// Writes a step's drive from ``bases`` (`reals` and `imaginaries`), each rounded to single
  /// precision.
  @inline(__always)
  private func write(
    reals: UnsafeBufferPointer<Double>, imaginaries: UnsafeBufferPointer<Double>,
    into drive: UnsafeMutablePointer<Float>
  ) {
    let rows = envelopes.count
    let frames = stepFrames
    cosineWeights.withUnsafeBufferPointer { cosines in
      sineWeights.withUnsafeBufferPointer { sines in
        let (cosines, sines) = (cosines.baseAddress!, sines.baseAddress!)
        let vectorFrames = frames & ~3
        if denseRows.count == 3 {
          // From the three dense rows (`lra`'s), their envelopes splatted once.
          let first = denseRows.lowerBound
          let (real0, imaginary0) = (SIMD4(repeating: Float(reals[first])), SIMD4(repeating: Float(imaginaries[first])))
          let (real1, imaginary1) = (
            SIMD4(repeating: Float(reals[first + 1])), SIMD4(repeating: Float(imaginaries[first + 1]))
          )
          let (real2, imaginary2) = (
            SIMD4(repeating: Float(reals[first + 2])), SIMD4(repeating: Float(imaginaries[first + 2]))
          )
          let rowCosines = UnsafeRawPointer(cosines + first * frames)
          let rowSines = UnsafeRawPointer(sines + first * frames)
          let rowBytes = frames &* 4
          var offset = 0
          // Eight frames at a time (one register where the processor has eight-float vectors,
          // two otherwise), then the last four: each lane the same operations, the same bits.
          // The two loops are spelled out: one generic over the vector's width made the drive's
          // render 1.6 times slower (its vector arithmetic was left unspecialized).
          let (wide0, wideImaginary0) = (
            SIMD8(lowHalf: real0, highHalf: real0), SIMD8(lowHalf: imaginary0, highHalf: imaginary0)
          )
          let (wide1, wideImaginary1) = (
            SIMD8(lowHalf: real1, highHalf: real1), SIMD8(lowHalf: imaginary1, highHalf: imaginary1)
          )
          let (wide2, wideImaginary2) = (
            SIMD8(lowHalf: real2, highHalf: real2), SIMD8(lowHalf: imaginary2, highHalf: imaginary2)
          )
          while offset &+ 32 <= vectorFrames &* 4 {
            var value = SIMD8<Float>()
            value += rowCosines.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self) * wide0
            value -= rowSines.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self) * wideImaginary0
            value += rowCosines.loadUnaligned(fromByteOffset: offset &+ rowBytes, as: SIMD8<Float>.self) * wide1
            value -= rowSines.loadUnaligned(fromByteOffset: offset &+ rowBytes, as: SIMD8<Float>.self) * wideImaginary1
            value += rowCosines.loadUnaligned(fromByteOffset: offset &+ 2 &* rowBytes, as: SIMD8<Float>.self) * wide2
            value -=
              rowSines.loadUnaligned(fromByteOffset: offset &+ 2 &* rowBytes, as: SIMD8<Float>.self) * wideImaginary2
            UnsafeMutableRawPointer(drive).storeBytes(of: value, toByteOffset: offset, as: SIMD8<Float>.self)
            offset &+= 32
          }
          while offset < vectorFrames &* 4 {
            var value = SIMD4<Float>()
            value += rowCosines.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) * real0
            value -= rowSines.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) * imaginary0
            value += rowCosines.loadUnaligned(fromByteOffset: offset &+ rowBytes, as: SIMD4<Float>.self) * real1
            value -= rowSines.loadUnaligned(fromByteOffset: offset &+ rowBytes, as: SIMD4<Float>.self) * imaginary1
            value += rowCosines.loadUnaligned(fromByteOffset: offset &+ 2 &* rowBytes, as: SIMD4<Float>.self) * real2
            value -= rowSines.loadUnaligned(fromByteOffset: offset &+ 2 &* rowBytes, as: SIMD4<Float>.self) * imaginary2
            UnsafeMutableRawPointer(drive).storeBytes(of: value, toByteOffset: offset, as: SIMD4<Float>.self)
            offset &+= 16
          }
        }
        // Otherwise row by row over the step's frames, each row's envelope splatted once: per
        // frame the same additions, in the same order, as summing the rows frame by frame.
        for row in denseRows where denseRows.count != 3 {
          let real = SIMD4<Float>(repeating: Float(reals[row]))
          let imaginary = SIMD4<Float>(repeating: Float(imaginaries[row]))
          let rowCosines = UnsafeRawPointer(cosines + row * frames)
          let rowSines = UnsafeRawPointer(sines + row * frames)
          let isFirst = row == denseRows.lowerBound
          var offset = 0
          // Byte offsets within the row and the step, which hold `frames` values each.
          while offset < vectorFrames &* 4 {
            let written = UnsafeMutableRawPointer(drive) + offset
            var value = isFirst ? SIMD4<Float>() : written.loadUnaligned(as: SIMD4<Float>.self)
            value += rowCosines.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) * real
            value -= rowSines.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) * imaginary
            written.storeBytes(of: value, as: SIMD4<Float>.self)
            offset &+= 16
          }
        }
        // The frames where the outer rows weigh (two steps away: there are five rows), from all
        // the rows, each row's product added whole, four at a time: the others of their group
        // keep the dense rows' sum. The envelopes are splatted once for every group.
        if !edgeGroups.isEmpty {
          let (real0, imaginary0) = (SIMD4(repeating: Float(reals[0])), SIMD4(repeating: Float(imaginaries[0])))
          let (real1, imaginary1) = (SIMD4(repeating: Float(reals[1])), SIMD4(repeating: Float(imaginaries[1])))
          let (real2, imaginary2) = (SIMD4(repeating: Float(reals[2])), SIMD4(repeating: Float(imaginaries[2])))
          let (real3, imaginary3) = (SIMD4(repeating: Float(reals[3])), SIMD4(repeating: Float(imaginaries[3])))
          let (real4, imaginary4) = (SIMD4(repeating: Float(reals[4])), SIMD4(repeating: Float(imaginaries[4])))
          let rowBytes = frames &* 4
          for (start, lanes) in edgeGroups {
            let (rowCosines, rowSines) = (UnsafeRawPointer(cosines + start), UnsafeRawPointer(sines + start))
            var value = SIMD4<Float>()
            value +=
              rowCosines.loadUnaligned(as: SIMD4<Float>.self) * real0
              - rowSines.loadUnaligned(as: SIMD4<Float>.self) * imaginary0
            value +=
              rowCosines.loadUnaligned(fromByteOffset: rowBytes, as: SIMD4<Float>.self) * real1
              - rowSines.loadUnaligned(fromByteOffset: rowBytes, as: SIMD4<Float>.self) * imaginary1
            value +=
              rowCosines.loadUnaligned(fromByteOffset: 2 &* rowBytes, as: SIMD4<Float>.self) * real2
              - rowSines.loadUnaligned(fromByteOffset: 2 &* rowBytes, as: SIMD4<Float>.self) * imaginary2
            value +=
              rowCosines.loadUnaligned(fromByteOffset: 3 &* rowBytes, as: SIMD4<Float>.self) * real3
              - rowSines.loadUnaligned(fromByteOffset: 3 &* rowBytes, as: SIMD4<Float>.self) * imaginary3
            value +=
              rowCosines.loadUnaligned(fromByteOffset: 4 &* rowBytes, as: SIMD4<Float>.self) * real4
              - rowSines.loadUnaligned(fromByteOffset: 4 &* rowBytes, as: SIMD4<Float>.self) * imaginary4
            let written = UnsafeMutableRawPointer(drive + start)
            var dense = written.loadUnaligned(as: SIMD4<Float>.self)
            dense.replace(with: value, where: lanes)
            written.storeBytes(of: dense, as: SIMD4<Float>.self)
          }
        }
        // The last frames, from all the rows.
        for frame in vectorFrames..<frames {
          var value: Float = 0
          for row in 0..<rows {
            value +=
              cosines[row * frames + frame] * Float(reals[row]) - sines[row * frames + frame] * Float(imaginaries[row])
          }
          drive[frame] = value
        }
      }
    }
  }

  /// Takes `count` envelopes of 0 while ``isSilent``: what pushing them does.
  mutating func skipSilence(_ count: Int) {
    index = (index + count) % envelopes.count
    phasor.advance(by: count)
  }
}
