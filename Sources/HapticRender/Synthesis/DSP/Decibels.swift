#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Conversions between decibels and linear gain.
enum Decibels {
  /// −1 dBFS as a linear gain, `10^(−1/20)`: where normalization puts the peak.
  static let minusOne = 0.891_250_938_133_745_6

  /// Linear gain for `decibels` dB.
  static func gain(_ decibels: Double) -> Double {
    decibels == 0 ? 1 : pow(10, decibels / 20)
  }

  /// Level in dB of a linear `gain` (−∞ for 0).
  static func level(_ gain: Double) -> Double {
    20 * log10(gain)
  }
}
