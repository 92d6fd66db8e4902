/// A `Parameter` element: a step change of a dynamic parameter at `time`.
public struct DynamicParameter: Sendable {
  public var id: DynamicParameterID
  /// Seconds from the pattern's start, ≥ 0.
  public var time: Double
  /// Clamped to `id.range`.
  public var value: Double
  /// Where the element is in its file, and its JSON path.
  public var position: TextPosition
  public var path: JSONPath
}
