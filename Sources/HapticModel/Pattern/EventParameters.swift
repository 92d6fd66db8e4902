/// The parameter values an event gives, by ``ParameterID``: stored inline (82 bytes), so an
/// event holds them without heap storage of its own.
public struct EventParameters: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
  /// The values, at each parameter's ``ParameterID/slot``; 0 where none is given. One element
  /// per parameter.
  @usableFromInline
  var values: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double) =
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  /// Bit `slot` set where a value is given.
  @usableFromInline
  var given: UInt16 = 0

  @inlinable
  public init() {}

  public init(_ values: [ParameterID: Double]) {
    for (id, value) in values { self[id] = value }
  }

  public init(dictionaryLiteral elements: (ParameterID, Double)...) {
    for (id, value) in elements { self[id] = value }
  }

  /// The value given for `id`, or `nil`; setting `nil` removes it.
  @inlinable
  public subscript(id: ParameterID) -> Double? {
    get {
      guard given & 1 << id.slot != 0 else { return nil }
      return withUnsafeBytes(of: values) { $0.load(fromByteOffset: id.slot * 8, as: Double.self) }
    }
    set {
      withUnsafeMutableBytes(of: &values) {
        $0.storeBytes(of: newValue ?? 0, toByteOffset: id.slot * 8, as: Double.self)
      }
      if newValue != nil { given |= 1 << id.slot } else { given &= ~(1 << id.slot) }
    }
  }

  /// Whether a value is given for `id`.
  @inlinable
  package func contains(_ id: ParameterID) -> Bool {
    given & 1 << id.slot != 0
  }

  /// Equal when the same parameters are given, with equal values.
  public static func == (left: EventParameters, right: EventParameters) -> Bool {
    left.given == right.given && ParameterID.allCases.allSatisfy { left[$0] == right[$0] }
  }

  /// How many parameters are given.
  @inlinable
  public var count: Int { given.nonzeroBitCount }

  public var isEmpty: Bool { given == 0 }

  /// The given values in `ParameterID.allCases` order.
  @inlinable
  public func makeIterator() -> Iterator {
    Iterator(parameters: self, remaining: given)
  }

  /// Visits the given values only, in slot order (which is `ParameterID.allCases` order).
  public struct Iterator: IteratorProtocol {
    @usableFromInline
    let parameters: EventParameters
    /// The slots not visited yet, as bits.
    @usableFromInline
    var remaining: UInt16

    @inlinable
    init(parameters: EventParameters, remaining: UInt16) {
      self.parameters = parameters
      self.remaining = remaining
    }

    @inlinable
    public mutating func next() -> (id: ParameterID, value: Double)? {
      guard remaining != 0 else { return nil }
      let id = ParameterID(slot: remaining.trailingZeroBitCount)
      remaining &= remaining - 1
      return parameters[id].map { (id: id, value: $0) }
    }
  }
}
