/// Marks of a plot gathered by the pixel they fall in, so that a picture holds at most one mark
/// per pixel whatever the number of events: the first mark of a pixel keeps its place in the
/// drawing order, and each later one merges into it.
///
/// A pattern whose marks all fall in different pixels is drawn exactly as if each were drawn.
package struct PixelMarks<Mark> {
  /// The marks to draw, in the order their pixels were first reached.
  package private(set) var marks: [Mark] = []
  /// For each pixel reached, the index of its mark in `marks`.
  private var indexByPixel: [Int: Int] = [:]

  /// Adds `mark` in `pixel` (any key that names one pixel of the plot): as a new mark, or
  /// merged by `merge` into the mark already there.
  package mutating func add(_ mark: Mark, in pixel: Int, merge: (inout Mark, Mark) -> Void) {
    if let index = indexByPixel[pixel] {
      merge(&marks[index], mark)
    } else {
      indexByPixel[pixel] = marks.count
      marks.append(mark)
    }
  }
}
