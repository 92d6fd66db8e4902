import HapticModel

extension RenderOptions {
  /// The values a setting accepts: finite numbers from ``lowerBound`` (itself excluded when
  /// ``excludesLowerBound``) to ``upperBound`` (`infinity` when there is no upper bound; itself
  /// excluded when ``excludesUpperBound``).
  public struct Bounds: Hashable, Sendable, CustomStringConvertible {
    public var lowerBound: Double
    public var upperBound: Double
    public var excludesLowerBound: Bool
    public var excludesUpperBound: Bool

    /// The values of `range`, its lower bound excluded when `excludingLowerBound`, its upper
    /// bound when `excludingUpperBound`.
    public init(_ range: ClosedRange<Double>, excludingLowerBound: Bool = false, excludingUpperBound: Bool = false) {
      lowerBound = range.lowerBound
      upperBound = range.upperBound
      excludesLowerBound = excludingLowerBound
      excludesUpperBound = excludingUpperBound
    }

    /// The whole numbers of `range`.
    public init(_ range: ClosedRange<Int>) {
      self.init(Double(range.lowerBound)...Double(range.upperBound))
    }

    /// Every finite number from `lowerBound` on.
    public static func atLeast(_ lowerBound: Double) -> Bounds {
      Bounds(lowerBound...Double.infinity)
    }

    /// Whether `value` is accepted; NaN and the infinities never are.
    public func contains(_ value: Double) -> Bool {
      value.isFinite && (excludesLowerBound ? value > lowerBound : value >= lowerBound)
        && (excludesUpperBound ? value < upperBound : value <= upperBound)
    }

    /// `-120…60`, `0 (excluded)…604800`, `0…42.5 (excluded)`, or `≥ 0` without an upper bound.
    public var description: String {
      guard upperBound.isFinite else { return "\(excludesLowerBound ? ">" : "≥") \(lowerBound.formatted)" }
      return "\(lowerBound.formatted)\(excludesLowerBound ? " (excluded)" : "")…\(upperBound.formatted)"
        + (excludesUpperBound ? " (excluded)" : "")
    }
  }
}
