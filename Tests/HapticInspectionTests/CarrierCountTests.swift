import Foundation
import HapticInspection
import Testing

/// The carrier `render info` gives a voice coil's events (docs/actuators.md §8.3), on sines of
/// known frequency: exact to far less than a frame, for a long carrier and for a transient's
/// two cycles.
@Suite struct CarrierCountTests {
  /// The frequency counted on `cycles` cycles of a sine of `frequency` Hz from `phase` (turns),
  /// after 20 frames of `rest` (a previous event's last ringing) and before 20 of silence.
  private static func count(
    _ frequency: Double, cycles: Double, phase: Double = 0, rate: Double = 48_000, rest: Double = 0
  ) -> Double? {
    let frames = Int((cycles / frequency * rate).rounded(.up))
    var signal = [Double](repeating: rest, count: 20)
    signal += (0..<frames).map { sin(2 * Double.pi * (frequency * Double($0) / rate + phase)) }
    signal += [Double](repeating: 0, count: 20)
    var carrier = CarrierCount()
    for (frame, sample) in signal.enumerated() { carrier.take(sample, at: frame, peak: 1) }
    return carrier.frequency(sampleRate: rate)
  }

  @Test(arguments: [(273.6, 48_000.0), (275, 48_000), (317.9, 48_000), (50, 8_000), (1_000, 8_000)])
  func sinesAreCountedWithinAFractionOfAFrame(_ frequency: Double, _ rate: Double) throws {
    let long = try #require(Self.count(frequency, cycles: 30, phase: 0.3, rate: rate))
    #expect(abs(long - frequency) < 0.001 * frequency, "\(frequency) Hz: \(long) Hz")
    // A transient: two cycles from rest, after a tiny negative ringing of what came before.
    let tap = try #require(Self.count(frequency, cycles: 2, rate: rate, rest: -1e-6))
    #expect(abs(tap - frequency) < 0.002 * frequency, "\(frequency) Hz tap: \(tap) Hz")
  }

  @Test func lessThanAPeriodHasNoCarrier() {
    #expect(Self.count(275, cycles: 0.9) == nil)
  }
}
