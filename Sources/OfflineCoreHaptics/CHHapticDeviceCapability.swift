import HapticRender

/// What a device can do.
public protocol CHHapticDeviceCapability {
  var supportsHaptics: Bool { get }
  var supportsAudio: Bool { get }
  /// The range and default of an event parameter on events of `type`.
  ///
  /// - Throws: ``CHHapticError/Code/invalidParameterType`` for a parameter unknown or of the
  ///   other kind of event (an audio parameter of a haptic event, a haptic one of an audio event).
  func attributes(forEventParameter inParameter: CHHapticEvent.ParameterID, eventType type: CHHapticEvent.EventType)
    throws -> any CHHapticParameterAttributes
  /// The range of a control, and its value before any element sets it.
  ///
  /// - Throws: ``CHHapticError/Code/invalidParameterType`` for an unknown control.
  func attributes(forDynamicParameter inParameter: CHHapticDynamicParameter.ID) throws
    -> any CHHapticParameterAttributes
}

/// The values a parameter can take, and the one it has when none is given.
public protocol CHHapticParameterAttributes {
  var minValue: Float { get }
  var maxValue: Float { get }
  var defaultValue: Float { get }
}

/// The offline engine's (virtual) hardware: it plays haptics and audio, with the ranges and
/// defaults that Core Haptics documents and the renderer uses.
struct OfflineCapability: CHHapticDeviceCapability {
  var supportsHaptics: Bool { true }
  var supportsAudio: Bool { true }

  func attributes(forEventParameter inParameter: CHHapticEvent.ParameterID, eventType type: CHHapticEvent.EventType)
    throws -> any CHHapticParameterAttributes
  {
    guard let parameter = ParameterID(rawValue: inParameter.rawValue) else {
      throw CHHapticError(.invalidParameterType, "unknown event parameter \"\(inParameter.rawValue)\"")
    }
    guard let kind = HapticRender.EventType(rawValue: type.rawValue) else {
      throw CHHapticError(.invalidEventType, "unknown event type \"\(type.rawValue)\"")
    }
    guard parameter.isAccepted(by: kind) else {
      throw CHHapticError(.invalidParameterType, "\(parameter.rawValue) is not a parameter of \(kind.rawValue) events")
    }
    return Attributes(range: parameter.range, defaultValue: parameter.defaultValue)
  }

  func attributes(forDynamicParameter inParameter: CHHapticDynamicParameter.ID) throws
    -> any CHHapticParameterAttributes
  {
    guard let control = DynamicParameterID(rawValue: inParameter.rawValue) else {
      throw CHHapticError(.invalidParameterType, "unknown control \"\(inParameter.rawValue)\"")
    }
    return Attributes(range: control.range, defaultValue: control.neutralValue)
  }

  private struct Attributes: CHHapticParameterAttributes {
    var minValue: Float
    var maxValue: Float
    var defaultValue: Float

    init(range: ClosedRange<Double>, defaultValue: Double) {
      minValue = Float(range.lowerBound)
      maxValue = Float(range.upperBound)
      self.defaultValue = Float(defaultValue)
    }
  }
}
