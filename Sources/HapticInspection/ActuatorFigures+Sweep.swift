import HapticAudio
import HapticPipeline
import HapticSynthesis

extension ActuatorFigures {
  /// Renders the target and the felt acceleration and calls `measure` for every frame of every
  /// window that contains it, with the two envelopes, the felt magnitude and the two samples at
  /// that frame.
  ///
  /// A block that no window's envelopes reach (frames more than `half` before the next window
  /// and after every open one, as between a sound's ring-down and the next event) is rendered
  /// but not measured; the envelopes start afresh at the next block that one reaches, whose
  /// frames within `half` of a window are all taken, so every envelope measured is the same.
  static func sweep(
    _ pattern: some RenderablePattern, options: RenderOptions, windows: inout [Window], half: Int,
    measure: (inout Window, Int, Double, Double, Double, (target: Double, felt: Double)) -> Void
  ) throws {
    var source = try ActuatorSource(pattern, options: options)
    var block = AudioBlock(channelCount: 2, capacity: options.blockSize)
    // The magnitudes' maxima over ±half frames, while a window reaches the frames taken.
    var envelopes: (target: SlidingMaximum, felt: SlidingMaximum)?
    var levels = (target: [Double](repeating: 0, count: max(block.capacity, half)), felt: [Double]())
    levels.felt = levels.target
    // The samples of the last `half + 1` frames taken, to meet their envelopes, and the place
    // of the next one.
    var recent = [(target: Double, felt: Double)](repeating: (0, 0), count: half + 1)
    var place = 0
    var next = 0  // the first window not yet open
    var open: [Int] = []
    var openUntil = Int.max  // the smallest `last` of the open windows
    var input = 0  // frames taken
    var isRendered = false
    while !isRendered {
      if try !source.read(into: &block) {
        // `half` frames of silence after the last: the envelopes of the last frames.
        isRendered = true
        block = AudioBlock(channelCount: 2, capacity: half)
        block.setFrameCount(half)
      }
      let count = block.frameCount
      defer { input += count }
      guard !open.isEmpty || (next < windows.count && windows[next].first - half < input + count) else {
        envelopes = nil
        continue
      }
      if envelopes == nil { envelopes = (SlidingMaximum(half: half), SlidingMaximum(half: half)) }
      block.channels[0].withUnsafeBufferPointer { target in
        block.channels[1].withUnsafeBufferPointer { felt in
          levels.target.withUnsafeMutableBufferPointer { targetLevels in
            levels.felt.withUnsafeMutableBufferPointer { feltLevels in
              recent.withUnsafeMutableBufferPointer { recent in
                // Unchecked: `count` frames lie in the block, whose capacity the levels have.
                envelopes!.target.take(
                  UnsafeBufferPointer(rebasing: target[..<count]), maxima: targetLevels.baseAddress!)
                envelopes!.felt.take(UnsafeBufferPointer(rebasing: felt[..<count]), maxima: feltLevels.baseAddress!)
                for index in 0..<count {
                  recent[place] = (Double(target[index]), Double(felt[index]))
                  // The frame `half` before: the oldest in `recent`, just after the one written.
                  place = place == half ? 0 : place + 1
                  let frame = input + index - half
                  guard frame >= 0 else { continue }
                  while next < windows.count, windows[next].first <= frame {
                    open.append(next)
                    openUntil = min(openUntil, windows[next].last)
                    next += 1
                  }
                  if frame > openUntil {
                    open.removeAll { windows[$0].last < frame }
                    openUntil = open.map { windows[$0].last }.min() ?? .max
                  }
                  let signed = recent[place]
                  // By index: an iterator over `open` would retain and release it at every frame.
                  for member in open.indices {
                    let window = open[member]
                    measure(&windows[window], frame, targetLevels[index], feltLevels[index], abs(signed.felt), signed)
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}
