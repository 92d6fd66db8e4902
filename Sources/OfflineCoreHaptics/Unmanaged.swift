/// The standard library's `Unmanaged`, for the players' protocols too: code that hands a player
/// to C as an opaque pointer (`Unmanaged<CHHapticPatternPlayer>.passRetained(player).toOpaque()`,
/// then `Unmanaged<CHHapticAdvancedPatternPlayer>.fromOpaque(pointer)`) compiles as it does
/// against Core Haptics.
///
/// On Apple platforms the players' protocols are Objective-C protocols, whose existentials are
/// class types; here they are Swift protocols bound to classes, which `Swift.Unmanaged` refuses.
/// A program that imports this module finds this type before the standard library's (a
/// module's own declarations shadow the standard library's). It keeps the object as
/// `Swift.Unmanaged<AnyObject>`, so a pointer from either type reaches the same object, and it
/// behaves as `Swift.Unmanaged` does for every class; a value that is not an object is boxed
/// (where `Swift.Unmanaged` does not compile). `Swift.Unmanaged` stays available by that name.
public struct Unmanaged<Instance> {
  private let object: Swift.Unmanaged<AnyObject>

  private init(_ object: Swift.Unmanaged<AnyObject>) {
    self.object = object
  }

  /// The object of an opaque pointer made by ``toOpaque()`` (or by `Swift.Unmanaged`).
  public static func fromOpaque(_ value: UnsafeRawPointer) -> Self {
    Self(.fromOpaque(value))
  }

  /// `value`, retained once: release it with ``takeRetainedValue()`` or ``release()``.
  public static func passRetained(_ value: Instance) -> Self {
    Self(.passRetained(value as AnyObject))
  }

  /// `value`, not retained: it must live as long as the pointer is used.
  public static func passUnretained(_ value: Instance) -> Self {
    Self(.passUnretained(value as AnyObject))
  }

  public func toOpaque() -> UnsafeMutableRawPointer {
    object.toOpaque()
  }

  /// The object, and the retain ``passRetained(_:)`` took given back.
  public func takeRetainedValue() -> Instance {
    object.takeRetainedValue() as! Instance
  }

  /// The object, its retain count unchanged.
  public func takeUnretainedValue() -> Instance {
    object.takeUnretainedValue() as! Instance
  }

  /// Retains the object once more.
  @discardableResult
  public func retain() -> Self {
    Self(object.retain())
  }

  /// Releases the object once.
  public func release() {
    object.release()
  }

  /// Releases the object once, at once: there is no autorelease pool off Apple platforms.
  @discardableResult
  public func autorelease() -> Self {
    object.release()
    return self
  }
}

extension Unmanaged: @unchecked Sendable where Instance: Sendable {}
