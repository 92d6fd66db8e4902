/// A `ParameterCurve` element: a dynamic parameter interpolated linearly between points.
public struct ParameterCurve: Sendable {
  /// A control point; `time` is relative to the curve's own `time`.
  public struct Point: Sendable, Hashable {
    /// Seconds after the curve's start, ≥ 0.
    public var time: Double
    /// Clamped to the control's range.
    public var value: Double

    public init(time: Double, value: Double) {
      self.time = time
      self.value = value
    }
  }

  public var id: DynamicParameterID
  /// Seconds from the pattern's start, ≥ 0.
  public var time: Double
  /// Points in time order (at least one).
  public var points: [Point]
  /// Where the element is in its file, and its JSON path.
  public var position: TextPosition
  public var path: JSONPath

  /// A curve; point values are clamped to `id.range` and points sorted by time. Elements built
  /// in code have no position or path unless given; ties at one time apply in position order.
  public init(
    id: DynamicParameterID, time: Double, points: [Point], position: TextPosition = TextPosition(line: 0, column: 0),
    path: JSONPath = JSONPath()
  ) {
    self.id = id
    self.time = time
    self.points = points.map {
      Point(time: $0.time, value: min(max($0.value, id.range.lowerBound), id.range.upperBound))
    }
    .enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    self.position = position
    self.path = path
  }
}
