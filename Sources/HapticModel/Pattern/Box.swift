/// An immutable value held by reference, so that a rarely present member of a struct stored
/// by the thousand costs one pointer where it is absent.
package final class Box<Value: Sendable>: Sendable {
  package let value: Value

  package init(_ value: Value) {
    self.value = value
  }
}
