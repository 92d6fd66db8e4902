/// An immutable value held by reference, so that a rarely present member of a struct stored
/// by the thousand costs one pointer where it is absent.
@usableFromInline
package final class Box<Value: Sendable>: Sendable {
  @usableFromInline
  package let value: Value

  @usableFromInline
  package init(_ value: Value) {
    self.value = value
  }
}
