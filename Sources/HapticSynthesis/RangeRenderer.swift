import HapticAudio

/// One of several renderers that share the render of a pattern by time range: the frames are
/// cut into ranges of `rangeFrames`, and range `k` is this renderer's when `k` leaves `index`
/// when divided by `count`. It renders its ranges one after another and skips the others
/// (``Renderer/skip(to:)``), so its blocks are those of a render of every frame, bit for bit,
/// less the other renderers' ranges.
package struct RangeRenderer: Sendable {
  /// The render, at the frame after the last block given.
  package private(set) var renderer: Renderer
  private let index: Int
  private let count: Int
  /// Frames of a range.
  package let rangeFrames: Int

  /// - Parameters:
  ///   - renderer: A render not started yet.
  ///   - index: Which of the `count` renderers this one is, `0 ..< count`.
  ///   - rangeFrames: Frames of a range: a whole number of the blocks it renders into, so that
  ///     no block crosses the end of a range, and of ``RotatingSine/resyncFrames``, where every
  ///     oscillator computes its sines afresh, so that a voice started at a range's first
  ///     frame reads the sines it would have reached.
  package init(_ renderer: Renderer, index: Int, of count: Int, rangeFrames: Int) {
    precondition(index >= 0 && index < count && rangeFrames > 0, "no such range")
    precondition(rangeFrames % RotatingSine.resyncFrames == 0, "a range that ends between two exact sines")
    self.renderer = renderer
    self.index = index
    self.count = count
    self.rangeFrames = rangeFrames
  }

  /// Renders the next block of this renderer's ranges into `block`, as
  /// ``Renderer/render(into:)`` does.
  ///
  /// - Returns: `false` when the ranges left are other renderers'.
  package mutating func render(into block: inout AudioBlock) -> Bool {
    let next = nextFrame
    if next != renderer.position { renderer.skip(to: next) }
    return renderer.render(into: &block)
  }

  /// Renders the frames from where the last block ended into `block`, whoever's range they lie
  /// in, without skipping: the frames after one of this renderer's ranges, to look ahead of it.
  /// The next ``render(into:)`` skips on to this renderer's next range, which must start after
  /// them (see ``framesBetweenRanges``).
  ///
  /// - Returns: `false` at the render's end.
  package mutating func renderOn(into block: inout AudioBlock) -> Bool {
    renderer.render(into: &block)
  }

  /// Frames of the other renderers' ranges between two of this renderer's.
  package var framesBetweenRanges: Int { rangeFrames * (count - 1) }

  /// The first frame of the next block ``render(into:)`` gives: the renderer's position in one
  /// of this renderer's ranges, else the start of its next one; the render's frame count when
  /// there is none.
  package var nextFrame: Int {
    let range = renderer.position / rangeFrames
    let mine = range + (index - range % count + count) % count
    return mine == range ? renderer.position : min(mine * rangeFrames, renderer.frameCount)
  }
}
