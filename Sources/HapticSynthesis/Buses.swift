/// The mix buses for one block: haptic `H` (mono) and audio `L`, `R`.
package struct Buses {
  package var haptic: [Float]
  package var left: [Float]
  package var right: [Float]
  /// Absolute frame of index 0.
  package var startFrame = 0
  /// Whether any voice writes `L` and `R` (otherwise they stay zero and are not cleared).
  package let usesAudio: Bool
  /// Room for a voice's intermediate values (a transient's fades), grown to the largest a
  /// voice asked for: made once per render, not once per voice.
  private var scratch: [Double] = []
  /// The transients' fade windows, by carrier: made once per render.
  package var fadeWindows = FadeWindows()

  package init(capacity: Int, usesAudio: Bool) {
    haptic = Array(repeating: 0, count: capacity)
    left = haptic
    right = haptic
    self.usesAudio = usesAudio
  }

  /// Calls `body` with the haptic bus and room for at least `scratchCount` values.
  package mutating func withHapticBus<Result>(
    scratch scratchCount: Int,
    _ body: (UnsafeMutableBufferPointer<Float>, UnsafeMutablePointer<Double>) -> Result
  ) -> Result {
    // Never empty: an empty array may have no address.
    if scratch.count < max(scratchCount, 1) { scratch = Array(repeating: 0, count: max(scratchCount, 1)) }
    return haptic.withUnsafeMutableBufferPointer { output in
      scratch.withUnsafeMutableBufferPointer { body(output, $0.baseAddress!) }
    }
  }

  /// Zeroes the first `count` frames and moves the block to `startFrame`.
  package mutating func reset(startFrame: Int, count: Int) {
    self.startFrame = startFrame
    haptic.withUnsafeMutableBufferPointer { $0[0..<count].update(repeating: 0) }
    if usesAudio {
      left.withUnsafeMutableBufferPointer { $0[0..<count].update(repeating: 0) }
      right.withUnsafeMutableBufferPointer { $0[0..<count].update(repeating: 0) }
    }
  }
}

extension Buses {
  /// Adds `levels[i] · sines[i]`, each product rounded once to Float, to `output[i]` for
  /// `i < count`, four frames at a time.
  package static func addProducts(
    _ levels: UnsafePointer<Double>, _ sines: UnsafePointer<Double>, count: Int, to output: UnsafeMutablePointer<Float>
  ) {
    let out = UnsafeMutableRawPointer(output)
    var index = 0
    while index + 4 <= count {
      let sine4 = UnsafeRawPointer(sines + index).loadUnaligned(as: SIMD4<Double>.self)
      let level4 = UnsafeRawPointer(levels + index).loadUnaligned(as: SIMD4<Double>.self)
      let sum = out.loadUnaligned(fromByteOffset: index * 4, as: SIMD4<Float>.self) + SIMD4<Float>(level4 * sine4)
      out.storeBytes(of: sum, toByteOffset: index * 4, as: SIMD4<Float>.self)
      index += 4
    }
    while index < count {
      output[index] += Float(levels[index] * sines[index])
      index += 1
    }
  }
}
