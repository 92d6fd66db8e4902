import Foundation
import HapticAndroid
import Testing

/// The envelope's points: fitted to the render at the device's shortest point, through
/// Android's level law.
@Suite struct AndroidEnvelopeTests {
  /// 0 → 0.5 over 100 ms, held 200 ms, back to 0 over 100 ms.
  private static let swell =
    (1...10).map { Double($0) / 20 } + Array(repeating: 0.5, count: 20)
    + (0..<10).map { Double(9 - $0) / 20 }

  @Test func aSwellTakesFewPointsNoneShorterThanTheShortest() {
    let (envelope, misses) = AndroidEnvelope.fitting(
      levels: Self.swell, sharpnesses: Self.swell.map { _ in 0.4 }, lastMillis: 10)
    #expect(misses.isEmpty)
    let durations = envelope.controlPoints.map(\.durationMillis)
    #expect(durations.allSatisfy { $0 >= 20 } && durations.reduce(0, +) == 400, "\(durations)")
    #expect(envelope.controlPoints.count <= 5 && envelope.controlPoints.last?.intensity == 0)
    #expect(envelope.initialSharpness == 0.4)
  }

  @Test func aLongerShortestPointIsKept() {
    let (envelope, _) = AndroidEnvelope.fitting(
      levels: Self.swell, sharpnesses: Self.swell.map { _ in 0.4 },
      device: AndroidDevice(minPointMillis: 35, maxSensitivityLevelDb: 40.89))
    #expect(envelope.controlPoints.allSatisfy { $0.durationMillis >= 35 })
  }

  /// A step from silence to full scale, on a device that reaches it at every sharpness: 20 ms
  /// points ramp over it and miss it by up to 0.95 (at the first millisecond); points of 1 ms
  /// follow it.
  @Test func aStepFasterThanTheShortestPointIsAMiss() throws {
    let levels = [1.0, 1, 1, 1, 1, 0, 0, 0]
    let (_, misses) = AndroidEnvelope.fitting(
      levels: levels, sharpnesses: levels.map { _ in 0.5 },
      device: AndroidDevice(minPointMillis: 20, maxSensitivityLevelDb: 40.89))
    let first = try #require(misses.first)
    #expect(first.millis.lowerBound == 1 && first.error >= 0.9)
    let (envelope, none) = AndroidEnvelope.fitting(
      levels: levels, sharpnesses: levels.map { _ in 0.5 },
      device: AndroidDevice(minPointMillis: 1, maxSensitivityLevelDb: 40.89))
    #expect(none.isEmpty && envelope.controlPoints.first?.durationMillis == 1)
  }

  /// On the reference HAL, sharpness 0 plays at most a fraction of intensity 1 (away from
  /// the resonance): a render at full scale there is fitted to that fraction, which the device
  /// plays, not to full scale, which it would clip.
  @Test func aLevelPastTheDevicesReachIsFittedToItsReach() throws {
    let levels = [Double](repeating: 1, count: 30)
    let device = AndroidDevice.reference
    let reach = device.reach(sharpness: 0)
    #expect(reach < 0.5)
    let (envelope, _) = AndroidEnvelope.fitting(levels: levels, sharpnesses: levels.map { _ in 0 }, device: device)
    let held = try #require(envelope.controlPoints.dropLast().last)
    #expect(abs(device.level(intensity: held.intensity) - reach) < 0.003, "\(envelope.controlPoints)")
  }

  @Test func silenceHasNoPoints() {
    #expect(AndroidEnvelope.fitting(levels: [0, 0], sharpnesses: [0.5, 0.5]).envelope.controlPoints.isEmpty)
  }

  /// Android plays intensity I at (I − 1) · 40.89 dB on the reference HAL: 0.7 at −12.27 dB,
  /// 0.5 at −20.45 dB; the render's A(0.7) = 0.49 (−6.2 dB) becomes intensity 0.848.
  @Test func levelsFollowAndroidsLawInverted() {
    let device = AndroidDevice.reference
    #expect(abs(20 * log10(device.level(intensity: 0.7)) + 12.267) < 1e-3)
    #expect(abs(20 * log10(device.level(intensity: 0.5)) + 20.445) < 1e-3)
    #expect(abs(device.intensity(level: 0.49) - 0.8485) < 1e-4)
    #expect(device.intensity(level: 0) == 0 && device.level(intensity: 0) == 0)
    #expect(device.intensity(level: 1e-6) == 0.001 && device.intensity(level: 1) == 1)
    for level in stride(from: 0.01, through: 1, by: 0.07) {
      #expect(abs(device.level(intensity: device.intensity(level: level)) - level) < 1e-9)
    }
  }
}
