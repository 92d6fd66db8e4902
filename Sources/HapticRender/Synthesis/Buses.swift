/// The mix buses for one block: haptic `H` (mono) and audio `L`, `R`.
struct Buses {
  var haptic: [Float]
  var left: [Float]
  var right: [Float]
  /// Absolute frame of index 0.
  var startFrame = 0

  init(capacity: Int) {
    haptic = Array(repeating: 0, count: capacity)
    left = haptic
    right = haptic
  }

  /// Zeroes the first `count` frames and moves the block to `startFrame`.
  mutating func reset(startFrame: Int, count: Int) {
    self.startFrame = startFrame
    for index in 0..<count {
      haptic[index] = 0
      left[index] = 0
      right[index] = 0
    }
  }
}
