import Foundation

// The keys of an AHAP dictionary, spelt as Core Haptics spells them: `CHHapticPattern.Key.event`
// (an `AnyHashable` of "Event"; see ``CHHapticPattern/Key``).
extension AnyHashable {
  /// `CHHapticPattern.Key(rawValue:)`: the key `rawValue`.
  public init(rawValue: String) {
    self.init(rawValue)
  }

  /// The type of ``rawValue``, as `CHHapticPattern.Key.RawValue` names it (`enum CodingKeys:
  /// CHHapticPattern.Key.RawValue, CodingKey`).
  public typealias RawValue = String

  /// The key's text (for a key that is no string, its description).
  public var rawValue: String {
    (base as? String) ?? "\(base)"
  }

  public static var version: CHHapticPattern.Key { "Version" }
  public static var pattern: CHHapticPattern.Key { "Pattern" }
  public static var event: CHHapticPattern.Key { "Event" }
  public static var eventType: CHHapticPattern.Key { "EventType" }
  public static var time: CHHapticPattern.Key { "Time" }
  public static var eventDuration: CHHapticPattern.Key { "EventDuration" }
  public static var eventParameters: CHHapticPattern.Key { "EventParameters" }
  public static var eventWaveformPath: CHHapticPattern.Key { "EventWaveformPath" }
  public static var eventWaveformUseVolumeEnvelope: CHHapticPattern.Key { "EventWaveformUseVolumeEnvelope" }
  public static var eventWaveformLoopEnabled: CHHapticPattern.Key { "EventWaveformLoopEnabled" }
  public static var parameter: CHHapticPattern.Key { "Parameter" }
  public static var parameterID: CHHapticPattern.Key { "ParameterID" }
  public static var parameterValue: CHHapticPattern.Key { "ParameterValue" }
  public static var parameterCurve: CHHapticPattern.Key { "ParameterCurve" }
  public static var parameterCurveControlPoints: CHHapticPattern.Key { "ParameterCurveControlPoints" }
}
