import Foundation
import HapticRender

/// Conversions between AHAP dictionaries (`[CHHapticPattern.Key: Any]`) and the renderer's JSON.
enum AHAPDocument {
  /// The JSON of an AHAP dictionary's value.
  ///
  /// - Throws: ``CHHapticError/Code/invalidParameterType`` for a value of another type.
  static func value(of any: Any) throws -> JSONValue {
    if isBoolean(any), let value = any as? Bool { return JSONValue(.bool(value)) }
    switch any {
    case let value as Int: return JSONValue(.number(Double(value)))
    case let value as UInt: return JSONValue(.number(Double(value)))
    case let value as Float: return JSONValue(.number(try value.decimal()))
    case let value as Double: return JSONValue(.number(try value.finite()))
    case let value as NSNumber: return JSONValue(.number(try value.doubleValue.finite()))
    case let value as String: return JSONValue(.string(value))
    case let value as any RawRepresentable<String>: return JSONValue(.string(value.rawValue))
    case let value as [Any]: return JSONValue(.array(try value.map(self.value(of:))))
    case let value as [AnyHashable: Any]:
      let members = try value.map { key, member in
        guard let name = (key.base as? String) ?? (key.base as? any RawRepresentable<String>)?.rawValue else {
          throw CHHapticError(.invalidParameterType, "dictionary key \(key) is not a string")
        }
        return (name, member)
      }
      return try object(members)
    default:
      throw CHHapticError(.invalidParameterType, "a value of type \(type(of: any)) has no AHAP form")
    }
  }

  /// Whether `any` is a Boolean, not a number that casts to one (Foundation bridges the
  /// `NSNumber`s 0 and 1 to `Bool`). `JSONSerialization` reads `true` and `false` as
  /// `NSNumber`s of the class that Foundation keeps for Booleans, on every platform.
  private static func isBoolean(_ any: Any) -> Bool {
    if type(of: any) == Bool.self { return true }
    if let number = any as? NSNumber { return type(of: number) == booleanClass }
    return false
  }

  private static let booleanClass: NSNumber.Type = type(of: NSNumber(value: true))

  /// An object with its members in AHAP order (dictionaries have none): `Version`, `Metadata`,
  /// `Pattern`; `Time` and the type first in an element; the rest by name.
  private static func object(_ members: [(String, Any)]) throws -> JSONValue {
    let order = ["Version", "Metadata", "Pattern", "ParameterID", "Time", "EventType"]
    let sorted = members.sorted {
      (order.firstIndex(of: $0.0) ?? order.count, $0.0) < (order.firstIndex(of: $1.0) ?? order.count, $1.0)
    }
    return JSONValue.object(try sorted.map { ($0.0, try value(of: $0.1)) })
  }

  /// The AHAP dictionary of a JSON document: objects become `[CHHapticPattern.Key: Any]`.
  static func dictionary(of document: JSONValue) -> [CHHapticPattern.Key: Any] {
    (any(document) as? [CHHapticPattern.Key: Any]) ?? [:]
  }

  private static func any(_ value: JSONValue) -> Any {
    switch value.kind {
    case .null: NSNull()
    case .bool(let flag): flag
    case .number(let number): number
    case .string(let text): text
    case .array(let items): items.map(any)
    case .object(let members):
      Dictionary(members.map { (CHHapticPattern.Key($0.key), any($0.value)) }, uniquingKeysWith: { first, _ in first })
    }
  }
}
