import Foundation

// Core Haptics' names are strings in Objective-C (`NSString`), so `JSONSerialization` writes a
// dictionary that holds them as values, as it does on Apple platforms: an event type written as
// `CHHapticEvent.EventType.hapticTransient` is written as "HapticTransient".

/// A Core Haptics name bridged to `NSString` by its raw value.
public protocol _StringBridgedName: _ObjectiveCBridgeable, RawRepresentable
where RawValue == String, _ObjectiveCType == NSString {
  init(rawValue: String)
}

extension _StringBridgedName {
  public func _bridgeToObjectiveC() -> NSString { NSString(string: rawValue) }
  public static func _forceBridgeFromObjectiveC(_ source: NSString, result: inout Self?) {
    result = Self(rawValue: String(source))
  }
  public static func _conditionallyBridgeFromObjectiveC(_ source: NSString, result: inout Self?) -> Bool {
    result = Self(rawValue: String(source))
    return true
  }
  public static func _unconditionallyBridgeFromObjectiveC(_ source: NSString?) -> Self {
    Self(rawValue: source.map(String.init) ?? "")
  }
}

extension CHHapticEvent.EventType: _StringBridgedName {}
extension CHHapticEvent.ParameterID: _StringBridgedName {}
extension CHHapticDynamicParameter.ID: _StringBridgedName {}
