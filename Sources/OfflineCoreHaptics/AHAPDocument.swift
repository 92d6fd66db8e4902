import Foundation
import HapticRender

/// Conversions between AHAP dictionaries (`[CHHapticPattern.Key: Any]`) and the renderer's JSON.
enum AHAPDocument {
  /// The JSON of an AHAP dictionary's value.
  ///
  /// - Throws: ``CHHapticError/Code/invalidPatternDictionary`` for a value of another type, a key
  ///   that is no string or a number that is not finite.
  static func value(of any: Any) throws -> JSONValue {
    if isBoolean(any), let value = any as? Bool { return JSONValue(.bool(value)) }
    switch any {
    case let value as Int: return JSONValue(.number(Double(value)))
    case let value as UInt: return JSONValue(.number(Double(value)))
    case let value as Float: return JSONValue(.number(try value.decimal()))
    case let value as Double: return JSONValue(.number(try value.finite(or: .invalidPatternDictionary)))
    case let value as NSNumber: return JSONValue(.number(try value.doubleValue.finite(or: .invalidPatternDictionary)))
    case let value as String: return JSONValue(.string(value))
    case let value as any RawRepresentable<String>: return JSONValue(.string(value.rawValue))
    case let value as [Any]: return JSONValue(.array(try value.map(self.value(of:))))
    case let value as [AnyHashable: Any]:
      let members = try value.map { key, member in
        guard let name = (key.base as? String) ?? (key.base as? any RawRepresentable<String>)?.rawValue else {
          throw CHHapticError(.invalidPatternDictionary, "dictionary key \(key) is not a string")
        }
        return (name, member)
      }
      return try object(members)
    default:
      throw CHHapticError(.invalidPatternDictionary, "a value of type \(type(of: any)) has no AHAP form")
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

  /// The AHAP document of `pattern` for a file: as `Pattern.ahapDocument()`, with the events in
  /// time order placed among the controls by their times. The controls keep their order, which
  /// decides between controls at one time, so the file plays as the pattern does and, when the
  /// controls are in time order, the whole file is (as `render lint` asks).
  static func file(of pattern: Pattern) -> JSONValue {
    var document = pattern.ahapDocument()
    guard case .object(var members) = document.kind,
      let index = members.firstIndex(where: { $0.key == "Pattern" }),
      case .array(let elements) = members[index].value.kind
    else { return document }
    let isEvent = elements.map { time(of: $0, in: "Event") != nil }
    var events = zip(elements, isEvent).filter(\.1).map(\.0).enumerated().sorted {
      (time(of: $0.element, in: "Event") ?? 0, $0.offset) < (time(of: $1.element, in: "Event") ?? 0, $1.offset)
    }.map(\.element)[...]
    var merged: [JSONValue] = []
    for control in zip(elements, isEvent).filter({ !$0.1 }).map(\.0) {
      let controlTime = time(of: control, in: "Parameter") ?? time(of: control, in: "ParameterCurve") ?? 0
      while let event = events.first, (time(of: event, in: "Event") ?? 0) <= controlTime {
        merged.append(event)
        events.removeFirst()
      }
      merged.append(control)
    }
    merged += events
    members[index].value.kind = .array(merged)
    document.kind = .object(members)
    return document
  }

  /// The `Time` of an element `{"<kind>": {"Time": …}}`; `nil` for an element of another kind.
  private static func time(of element: JSONValue, in kind: String) -> Double? {
    guard case .object(let members) = element.kind, let body = members.first(where: { $0.key == kind })?.value,
      case .object(let fields) = body.kind
    else { return nil }
    guard let time = fields.first(where: { $0.key == "Time" })?.value, case .number(let seconds) = time.kind else {
      return 0
    }
    return seconds
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
