/// A value held by reference and copied on its first change while shared, so that a rarely
/// present member of a struct stored by the thousand costs one pointer (8 bytes) instead of
/// its own size, and copies of the struct still behave as values.
package struct CopyOnWrite<Value> {
  private final class Storage {
    var value: Value

    init(_ value: Value) {
      self.value = value
    }
  }

  private var storage: Storage

  package init(_ value: Value) {
    storage = Storage(value)
  }

  /// The value; changing it copies it first when another copy of this box shares it (once:
  /// later changes find it unshared).
  package var value: Value {
    get { storage.value }
    _modify {
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
      yield &storage.value
    }
  }
}

extension CopyOnWrite: @unchecked Sendable where Value: Sendable {}
