/// One `VibrationEffect.Composition.addPrimitive(primitiveId, scale, delay)` call (API 30+,
/// https://developer.android.com/reference/android/os/VibrationEffect.Composition): a
/// transient too short for a waveform step, played as one of the device's predefined clicks.
public struct AndroidPrimitive: Sendable, Equatable {
  /// The primitives a transient becomes.
  public enum Kind: String, Sendable {
    /// `PRIMITIVE_CLICK`: "a sharp, crisp click sensation", for transients of intensity ≥ 0.5.
    case click = "PRIMITIVE_CLICK"
    /// `PRIMITIVE_TICK`: "a light crisp sensation", for softer transients.
    case tick = "PRIMITIVE_TICK"
  }

  public var kind: Kind
  /// The primitive's strength, 0…1: the transient's effective intensity.
  public var scale: Double
  /// When the transient starts, in milliseconds from the start of the pattern.
  public var startMillis: Int

  public init(kind: Kind, scale: Double, startMillis: Int) {
    self.kind = kind
    self.scale = scale
    self.startMillis = startMillis
  }

  /// The primitive for a transient of effective `intensity` (0…1) starting at `startMillis`.
  public init(intensity: Double, startMillis: Int) {
    let scale = AndroidEffect.unitHundredths(intensity)
    self.init(kind: scale >= 0.5 ? .click : .tick, scale: scale, startMillis: startMillis)
  }
}
