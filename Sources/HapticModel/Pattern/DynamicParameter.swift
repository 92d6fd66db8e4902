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

  /// A step change; `value` is clamped to `id.range`. Elements built in code have no position
  /// or path unless given; ties at one time apply in position order.
  public init(
    id: DynamicParameterID, time: Double, value: Double, position: TextPosition = TextPosition(line: 0, column: 0),
    path: JSONPath = JSONPath()
  ) {
    self.id = id
    self.time = time
    self.value = min(max(value, id.range.lowerBound), id.range.upperBound)
    self.position = position
    self.path = path
  }
}
