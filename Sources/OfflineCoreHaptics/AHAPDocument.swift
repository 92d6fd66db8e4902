import Foundation
import HapticRender

/// Conversions between Core Haptics objects, AHAP dictionaries and the renderer's JSON.
enum AHAPDocument {
  /// A `Float` as the decimal its author wrote (`0.7`, not `0.699999988079071`), so a pattern
  /// built in code renders as its AHAP file does.
  static func number(_ value: Float) throws -> JSONValue {
    guard value.isFinite else { throw CHHapticError(.invalidParameterType, "\(value) is not a finite number") }
    return JSONValue(.number(Double("\(value)") ?? Double(value)))
  }

  static func number(_ value: Double) throws -> JSONValue {
    guard value.isFinite else { throw CHHapticError(.invalidParameterType, "\(value) is not a finite number") }
    return JSONValue(.number(value))
  }

  static func element(_ event: CHHapticEvent) throws -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("Time", try number(event.relativeTime)), ("EventType", JSONValue(.string(event.type.rawValue))),
    ]
    if event.duration != 0 { fields.append(("EventDuration", try number(event.duration))) }
    if let id = event.audioResourceID {
      guard let url = AudioResources.shared.url(for: id) else {
        throw CHHapticError(.resourceNotAvailable, "audio resource \(id) is not registered")
      }
      fields.append(("EventWaveformPath", JSONValue(.string(url.path))))
    }
    let parameters = try event.eventParameters.map {
      JSONValue.object([
        ("ParameterID", JSONValue(.string($0.parameterID.rawValue))), ("ParameterValue", try number($0.value)),
      ])
    }
    fields.append(("EventParameters", JSONValue(.array(parameters))))
    return JSONValue.object([("Event", JSONValue.object(fields))])
  }

  static func element(_ parameter: CHHapticDynamicParameter) throws -> JSONValue {
    element(parameter, at: parameter.relativeTime)
  }

  /// A `Parameter` element at `time` seconds (a player's parameters are sent at a time).
  static func element(_ parameter: CHHapticDynamicParameter, at time: TimeInterval) -> JSONValue {
    JSONValue.object([
      (
        "Parameter",
        JSONValue.object([
          ("ParameterID", JSONValue(.string(parameter.parameterID.rawValue))),
          ("Time", JSONValue(.number(time))), ("ParameterValue", (try? number(parameter.value)) ?? JSONValue(.null)),
        ])
      )
    ])
  }

  static func element(_ curve: CHHapticParameterCurve) throws -> JSONValue {
    element(curve, at: curve.relativeTime)
  }

  /// A `ParameterCurve` element starting at `time` seconds.
  static func element(_ curve: CHHapticParameterCurve, at time: TimeInterval) -> JSONValue {
    let points = curve.controlPoints.map {
      JSONValue.object([
        ("Time", JSONValue(.number($0.relativeTime))), ("ParameterValue", (try? number($0.value)) ?? JSONValue(.null)),
      ])
    }
    return JSONValue.object([
      (
        "ParameterCurve",
        JSONValue.object([
          ("ParameterID", JSONValue(.string(curve.parameterID.rawValue))), ("Time", JSONValue(.number(time))),
          ("ParameterCurveControlPoints", JSONValue(.array(points))),
        ])
      )
    ])
  }

  /// The JSON of an AHAP dictionary's value.
  ///
  /// - Throws: ``CHHapticError/Code/invalidParameterType`` for a value of another type.
  static func value(of any: Any) throws -> JSONValue {
    if isBoolean(any), let value = any as? Bool { return JSONValue(.bool(value)) }
    switch any {
    case let value as Int: return JSONValue(.number(Double(value)))
    case let value as UInt: return JSONValue(.number(Double(value)))
    case let value as Float: return try number(value)
    case let value as Double: return try number(value)
    case let value as NSNumber: return try number(value.doubleValue)
    case let value as String: return JSONValue(.string(value))
    case let value as any RawRepresentable<String>: return JSONValue(.string(value.rawValue))
    case let value as [Any]: return JSONValue(.array(try value.map(self.value(of:))))
    case let value as [CHHapticPattern.Key: Any]: return try object(value.map { ($0.key.rawValue, $0.value) })
    case let value as [String: Any]: return try object(value.map { ($0.key, $0.value) })
    case let value as [AnyHashable: Any]:
      return try object(
        value.map { key, member in
          guard let name = (key.base as? String) ?? (key.base as? any RawRepresentable<String>)?.rawValue else {
            throw CHHapticError(.invalidParameterType, "dictionary key \(key) is not a string")
          }
          return (name, member)
        })
    default:
      throw CHHapticError(.invalidParameterType, "a value of type \(type(of: any)) has no AHAP form")
    }
  }

  /// Whether `any` is a Boolean, not a number that casts to one (Foundation bridges the
  /// `NSNumber`s 0 and 1 to `Bool`).
  private static func isBoolean(_ any: Any) -> Bool {
    if type(of: any) == Bool.self { return true }
    #if canImport(Darwin)
      if let number = any as? NSNumber { return CFGetTypeID(number) == CFBooleanGetTypeID() }
    #endif
    return false
  }

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

/// The audio files registered with any engine, by ID (process-wide, as the IDs are handed to
/// events that outlive an engine).
final class AudioResources: @unchecked Sendable {
  static let shared = AudioResources()
  private let lock = NSLock()
  private var urls: [CHHapticAudioResourceID: URL] = [:]

  func register(_ url: URL) -> CHHapticAudioResourceID {
    lock.withLock {
      let id = CHHapticAudioResourceID(urls.count + 1)
      urls[id] = url
      return id
    }
  }

  func unregister(_ id: CHHapticAudioResourceID) {
    lock.withLock { _ = urls.removeValue(forKey: id) }
  }

  func url(for id: CHHapticAudioResourceID) -> URL? {
    lock.withLock { urls[id] }
  }
}
