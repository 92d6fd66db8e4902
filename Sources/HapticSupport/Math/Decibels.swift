/// Conversions between decibels and linear gain.
package enum Decibels {
  /// −1 dBFS as a linear gain, `10^(−1/20)`: where normalization puts the peak.
  package static let minusOne = 0.891_250_938_133_745_6

  /// Linear gain for `decibels` dB.
  package static func gain(_ decibels: Double) -> Double {
    decibels == 0 ? 1 : PortableMath.exp2(decibels / 20 * 3.321_928_094_887_362_3)  // log2(10)
  }

  /// Level in dB of a linear `gain` (−∞ for 0).
  package static func level(_ gain: Double) -> Double {
    20 * PortableMath.log2(gain) * 0.301_029_995_663_981_2  // log10(2)
  }
}
