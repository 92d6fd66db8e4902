import Foundation
import HapticRender

/// Core Haptics objects in the renderer's terms. Values are checked here (finite numbers,
/// known IDs); the rules of the format are checked by reading the pattern (``CHHapticPattern``).
extension Float {
  /// The value as the decimal its author wrote (`0.7`, not `0.699999988079071`), so a pattern
  /// built in code renders as its AHAP file does.
  ///
  /// - Throws: ``CHHapticError/Code/invalidParameterType`` for NaN and infinities.
  func decimal() throws -> Double {
    guard isFinite else { throw CHHapticError(.invalidParameterType, "\(self) is not a finite number") }
    return Double("\(self)") ?? Double(self)
  }
}

extension Double {
  /// The value, when finite.
  ///
  /// - Parameter code: What NaN and infinities throw: the code of the value's role (a time, a
  ///   duration).
  /// - Throws: A ``CHHapticError`` of `code` for NaN and infinities.
  func finite(or code: CHHapticError.Code = .invalidEventTime) throws -> Double {
    guard isFinite else { throw CHHapticError(code, "\(self) is not a finite number") }
    return self
  }
}

extension CHHapticEvent {
  /// The event, its audio resource resolved to the registered file.
  func model() throws -> Event {
    guard let kind = HapticRender.EventType(rawValue: type.rawValue) else {
      throw CHHapticError(.invalidEventType, "unknown event type \"\(type.rawValue)\"")
    }
    var parameters: [HapticRender.ParameterID: Double] = [:]
    for parameter in eventParameters {
      guard let id = HapticRender.ParameterID(rawValue: parameter.parameterID.rawValue) else {
        throw CHHapticError(.invalidParameterType, "unknown event parameter \"\(parameter.parameterID.rawValue)\"")
      }
      parameters[id] = try parameter.value.decimal()
    }
    var waveform: Waveform?
    if let audioResourceID {
      guard let url = AudioResources.shared.url(for: audioResourceID) else {
        throw CHHapticError(.invalidAudioResource, "audio resource \(audioResourceID) is not registered")
      }
      waveform = Waveform(path: url.path)
    }
    return Event(
      type: kind, time: try relativeTime.finite(), duration: try duration.finite(or: .invalidEventDuration),
      parameters: parameters,
      waveform: waveform)
  }
}

extension CHHapticDynamicParameter {
  /// The control at `time` seconds (its own `relativeTime` for a pattern; sent to a player, the
  /// player's engine time plus it).
  func model(at time: TimeInterval, position: TextPosition = TextPosition(line: 0, column: 0)) throws
    -> DynamicParameter
  {
    DynamicParameter(
      id: try DynamicParameterID(parameterID), time: try time.finite(), value: try value.decimal(),
      position: position)
  }
}

extension CHHapticParameterCurve {
  /// The curve starting at `time` seconds (see ``CHHapticDynamicParameter/model(at:position:)``).
  func model(at time: TimeInterval, position: TextPosition = TextPosition(line: 0, column: 0)) throws
    -> ParameterCurve
  {
    let points = try controlPoints.map {
      ParameterCurve.Point(time: try $0.relativeTime.finite(), value: try $0.value.decimal())
    }
    return ParameterCurve(
      id: try DynamicParameterID(parameterID), time: try time.finite(), points: points, position: position)
  }
}

extension DynamicParameterID {
  fileprivate init(_ id: CHHapticDynamicParameter.ID) throws {
    guard let known = DynamicParameterID(rawValue: id.rawValue) else {
      throw CHHapticError(.invalidParameterType, "unknown control \"\(id.rawValue)\"")
    }
    self = known
  }
}
