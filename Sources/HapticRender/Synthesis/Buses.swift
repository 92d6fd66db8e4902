/// The mix buses for one block: haptic `H` (mono) and audio `L`, `R`.
struct Buses {
  var haptic: [Float]
  var left: [Float]
  var right: [Float]
  /// Absolute frame of index 0.
  var startFrame = 0
  /// Whether any voice writes `L` and `R` (otherwise they stay zero and are not cleared).
  let usesAudio: Bool

  init(capacity: Int, usesAudio: Bool) {
    haptic = Array(repeating: 0, count: capacity)
    left = haptic
    right = haptic
    self.usesAudio = usesAudio
  }

  /// Zeroes the first `count` frames and moves the block to `startFrame`.
  mutating func reset(startFrame: Int, count: Int) {
    self.startFrame = startFrame
    haptic.withUnsafeMutableBufferPointer { $0[0..<count].update(repeating: 0) }
    if usesAudio {
      left.withUnsafeMutableBufferPointer { $0[0..<count].update(repeating: 0) }
      right.withUnsafeMutableBufferPointer { $0[0..<count].update(repeating: 0) }
    }
  }
}
