/// An immutable value held by reference, so that a rarely present member of a struct stored
/// by the thousand costs one pointer where it is absent.
final class Box<Value: Sendable>: Sendable {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}
