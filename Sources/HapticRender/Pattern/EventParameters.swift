/// The parameter values an event gives, by ``ParameterID``: stored inline, so an event holds
/// them without heap storage of its own.
public struct EventParameters: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
  /// The values, at each parameter's ``ParameterID/slot``; 0 where none is given.
  private var values = SIMD16<Double>()
  /// Bit `slot` set where a value is given.
  private var given: UInt16 = 0

  public init() {}

  public init(_ values: [ParameterID: Double]) {
    for (id, value) in values { self[id] = value }
  }

  public init(dictionaryLiteral elements: (ParameterID, Double)...) {
    for (id, value) in elements { self[id] = value }
  }

  /// The value given for `id`, or `nil`; setting `nil` removes it.
  public subscript(id: ParameterID) -> Double? {
    get { given & 1 << id.slot != 0 ? values[id.slot] : nil }
    set {
      if let newValue {
        values[id.slot] = newValue
        given |= 1 << id.slot
      } else {
        values[id.slot] = 0
        given &= ~(1 << id.slot)
      }
    }
  }

  /// How many parameters are given.
  public var count: Int { given.nonzeroBitCount }

  public var isEmpty: Bool { given == 0 }

  /// The given values in ``ParameterID/allCases`` order.
  public func makeIterator() -> some IteratorProtocol<(id: ParameterID, value: Double)> {
    ParameterID.allCases.lazy.compactMap { id in self[id].map { (id: id, value: $0) } }.makeIterator()
  }
}
