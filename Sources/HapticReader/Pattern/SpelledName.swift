import HapticModel

/// A name AHAP text spells out (an event type, a parameter ID), recognised from the text's
/// bytes before any decoding.
package protocol SpelledName: RawRepresentable, CaseIterable where RawValue == String {
  /// Every case with the UTF-8 bytes of its raw value.
  static var spellings: [(name: Self, bytes: [UInt8])] { get }
}

extension SpelledName {
  /// ``spellings`` built from the cases, for a conformance to store once.
  package static func spellingTable() -> [(name: Self, bytes: [UInt8])] {
    allCases.map { ($0, Array($0.rawValue.utf8)) }
  }
}

extension EventType: SpelledName {
  package static let spellings = spellingTable()
}

extension ParameterID: SpelledName {
  package static let spellings = spellingTable()
}

extension DynamicParameterID: SpelledName {
  package static let spellings = spellingTable()
}
