/// One value of a ``JSONDocument``: 24 bytes whatever the value, with no heap storage of its own.
///
/// Nodes are stored in document order. A container is followed by its content; an object's
/// content alternates key nodes and value nodes.
package struct JSONNode: Equatable {
  package enum Kind: UInt8 {
    case null, `false`, `true`, number, string, array, object
  }

  /// Flags of a string node.
  package struct Flags: OptionSet {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The string holds a backslash escape, so its bytes are not its text.
    package static let escaped = Flags(rawValue: 1)
    /// The key of an object member; its value is the next node.
    package static let key = Flags(rawValue: 4)
    /// A key whose member a later member of the same name replaces.
    package static let superseded = Flags(rawValue: 2)
  }

  package var kind: Kind
  package var flags: Flags = []
  /// Byte offset of the value's first character (a string's opening quote).
  package var start: UInt32
  /// The containing array or object, ``JSONNode/noParent`` for the root.
  package var parent: UInt32
  /// The element's index in its array, or the member's index in its object.
  package var ordinal: UInt32
  /// A number's bit pattern; a string's length in bytes between its quotes; for a container,
  /// the index of the first node after its content (low 32 bits) and its count (high 32 bits).
  package var payload: UInt64 = 0

  package static let noParent = UInt32.max
}
