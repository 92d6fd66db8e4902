#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How haptic parameters become a signal: the carrier's frequency range, the amplitude law
/// and the transient's length.
///
/// The numbers are a documented model, not Apple's measurements.
public struct SignalProfile: Sendable, Hashable {
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

  /// The default model: 65 … 300 Hz, amplitude `I²`, two-cycle transients.
  public static let preview = SignalProfile(
    minimumFrequency: 65, maximumFrequency: 300, amplitudeExponent: 2, transientCycles: 2)

  /// Carrier frequency in Hz for a sharpness of 0 … 1.
  @inline(__always)
  public func frequency(sharpness: Double) -> Double {
    minimumFrequency + (maximumFrequency - minimumFrequency) * sharpness
  }

  /// Linear amplitude for an intensity of 0 … 1.
  @inline(__always)
  public func amplitude(intensity: Double) -> Double {
    amplitudeExponent == 2 ? intensity * intensity : pow(intensity, amplitudeExponent)
  }
}
