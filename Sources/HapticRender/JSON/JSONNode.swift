/// One value of a ``JSONDocument``: 24 bytes whatever the value, with no heap storage of its own.
///
/// Nodes are stored in document order. A container is followed by its content; an object's
/// content alternates key nodes and value nodes.
struct JSONNode: Equatable {
  enum Kind: UInt8 {
    case null, `false`, `true`, number, string, array, object
  }

  /// Flags of a string node.
  struct Flags: OptionSet {
    let rawValue: UInt8
    /// The string holds a backslash escape, so its bytes are not its text.
    static let escaped = Flags(rawValue: 1)
    /// The key of an object member; its value is the next node.
    static let key = Flags(rawValue: 4)
    /// A key whose member a later member of the same name replaces.
    static let superseded = Flags(rawValue: 2)
  }

  var kind: Kind
  var flags: Flags = []
  /// Byte offset of the value's first character (a string's opening quote).
  var start: UInt32
  /// The containing array or object, ``JSONNode/noParent`` for the root.
  var parent: UInt32
  /// The element's index in its array, or the member's index in its object.
  var ordinal: UInt32
  /// A number's bit pattern; a string's length in bytes between its quotes; for a container,
  /// the index of the first node after its content (low 32 bits) and its count (high 32 bits).
  var payload: UInt64 = 0

  static let noParent = UInt32.max
}
