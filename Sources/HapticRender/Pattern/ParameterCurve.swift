/// A `ParameterCurve` element: a dynamic parameter interpolated linearly between points.
public struct ParameterCurve: Sendable {
  /// A control point; `time` is relative to the curve's own `time`.
  public struct Point: Sendable, Hashable {
    /// Seconds after the curve's start, ≥ 0.
    public var time: Double
    /// Clamped to the control's range.
    public var value: Double
  }

  public var id: DynamicParameterID
  /// Seconds from the pattern's start, ≥ 0.
  public var time: Double
  /// Points in time order (at least one).
  public var points: [Point]
  /// Where the element is in its file, and its JSON path.
  public var position: TextPosition
  public var path: JSONPath
}
