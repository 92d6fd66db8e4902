import HapticSupport

/// How haptic parameters become a signal: the carrier's frequency range, the amplitude law
/// and the transient's length.
///
/// The numbers are a documented model, not Apple's measurements.
public struct SignalProfile: Sendable, Hashable, Codable {
  /// Carrier frequency at sharpness 0, in Hz.
  public var minimumFrequency: Double
  /// Carrier frequency at sharpness 1, in Hz.
  public var maximumFrequency: Double
  /// Amplitude is `intensity ^ amplitudeExponent`.
  public var amplitudeExponent: Double
  /// Whole carrier cycles in a transient.
  public var transientCycles: Int

  public init(minimumFrequency: Double, maximumFrequency: Double, amplitudeExponent: Double, transientCycles: Int) {
    self.minimumFrequency = minimumFrequency
    self.maximumFrequency = maximumFrequency
    self.amplitudeExponent = amplitudeExponent
    self.transientCycles = transientCycles
  }

  /// The default model: 65 … 300 Hz, amplitude `I²`, two-cycle transients. For listening.
  public static let preview = SignalProfile(
    minimumFrequency: 65, maximumFrequency: 300, amplitudeExponent: 2, transientCycles: 2)

  /// A resonant linear resonant actuator around 150 Hz: 140 … 160 Hz, amplitude `I²`,
  /// three-cycle transients (an LRA rings longer than a voice coil).
  public static let lra150 = SignalProfile(
    minimumFrequency: 140, maximumFrequency: 160, amplitudeExponent: 2, transientCycles: 3)

  /// A wideband voice-coil actuator: 55 … 200 Hz, amplitude `I²`, two-cycle transients.
  public static let wideband = SignalProfile(
    minimumFrequency: 55, maximumFrequency: 200, amplitudeExponent: 2, transientCycles: 2)

  /// The built-in profiles by name.
  public static let builtIn: [(name: String, profile: SignalProfile)] = [
    ("preview", .preview), ("lra150", .lra150), ("wideband", .wideband),
  ]

  /// The built-in profile called `name`.
  public static func named(_ name: String) -> SignalProfile? {
    builtIn.first { $0.name == name }?.profile
  }

  /// Carrier frequency in Hz for a sharpness of 0 … 1.
  @inline(__always)
  public func frequency(sharpness: Double) -> Double {
    minimumFrequency + (maximumFrequency - minimumFrequency) * sharpness
  }

  /// Linear amplitude for an intensity of 0 … 1.
  @inline(__always)
  public func amplitude(intensity: Double) -> Double {
    amplitudeExponent == 2 ? intensity * intensity : PortableMath.pow(intensity, amplitudeExponent)
  }
}
