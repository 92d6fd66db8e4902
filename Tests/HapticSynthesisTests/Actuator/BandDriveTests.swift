import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// The drive for `lra` (resonance 170 Hz, tolerance 10 Hz) on actuators resonating anywhere in
/// its band (docs/actuators.md §2.1): the drive is computed for 170 Hz, and its acceleration on
/// units at 160, 165, 170, 175 and 180 Hz (the same Q and scale) comes from a fourth-order
/// Runge–Kutta integration of the differential equation written here, not from the product's
/// filter.
@Suite struct BandDriveTests {
  private typealias F = PatternFixtures
  private static let rate = 48_000
  private static let offsets = [-10.0, -5, 0, 5, 10]
  private static let buzz = F.document(
    F.event("HapticContinuous", time: 0.1, duration: 0.2, ["HapticIntensity": 0.7, "HapticSharpness": 0.5]))

  private static func render(_ document: String, _ output: ActuatorRendering.Output?, resonance: Double? = nil)
    throws -> [Float]
  {
    try F.render(document, rate: rate) {
      $0.profile = ActuatorModel.lra.bandProfile
      $0.layout = .haptic
      $0.actuator = output.map { ActuatorRendering(model: .lra, output: $0, simulatedResonance: resonance) }
    }.channels[0]
  }

  /// The acceleration `ẍ` of `ẍ + (ω/Q)·ẋ + ω²·x = u/(Q·ratedDrive)` (ω = 2π·resonance) at each
  /// sample, the drive linear between samples, by fourth-order Runge–Kutta with 8 steps per
  /// sample.
  static func accelerate(_ drive: [Float], resonance: Double, q: Double = 12, ratedDrive: Double = 0.5) -> [Double] {
    let omega = 2 * Double.pi * resonance
    let scale = 1 / (q * ratedDrive)
    let steps = 8
    let h = 1 / (Double(steps) * Double(rate))
    var x = 0.0
    var v = 0.0
    var output = [Double](repeating: 0, count: drive.count)
    for index in drive.indices {
      let start = scale * Double(drive[index])
      let slope = (scale * Double(index + 1 < drive.count ? drive[index + 1] : 0) - start) / Double(steps)
      func acceleration(_ x: Double, _ v: Double, _ force: Double) -> Double {
        force - omega / q * v - omega * omega * x
      }
      output[index] = acceleration(x, v, start)
      for step in 0..<steps {
        let force = start + slope * Double(step)
        let a1 = acceleration(x, v, force)
        let (x2, v2) = (x + h / 2 * v, v + h / 2 * a1)
        let a2 = acceleration(x2, v2, force + slope / 2)
        let (x3, v3) = (x + h / 2 * v2, v + h / 2 * a2)
        let a3 = acceleration(x3, v3, force + slope / 2)
        let (x4, v4) = (x + h * v3, v + h * a3)
        let a4 = acceleration(x4, v4, force + slope)
        x += h / 6 * (v + 2 * v2 + 2 * v3 + v4)
        v += h / 6 * (a1 + 2 * a2 + 2 * a3 + a4)
      }
    }
    return output
  }

  /// The largest magnitude within half a period of 170 Hz on each side (docs/actuators.md §4).
  static func envelope(_ signal: [Double]) -> [Double] {
    let half = rate / 340
    var envelope = [Double](repeating: 0, count: signal.count)
    signal.withUnsafeBufferPointer { samples in
      for index in samples.indices {
        var largest = 0.0
        for near in max(0, index - half)...min(samples.count - 1, index + half) {
          largest = max(largest, abs(samples[near]))
        }
        envelope[index] = largest
      }
    }
    return envelope
  }

  /// Milliseconds from `end` seconds to the frame after the last one above `floor`.
  static func stop(_ envelope: [Double], floor: Double, end: Double) -> Double {
    let last = envelope.lastIndex { $0 > floor } ?? 0
    return (Double(last + 1) / Double(rate) - end) * 1_000
  }

  /// The buzz of the band table (docs/actuators.md §2.1: 200 ms, intensity 0.7, its carrier at
  /// the band's centre) and `tap-buzz-tap`'s (500 ms, its carrier at the band's top, 177 Hz,
  /// which drives the units at 175 and 180 Hz harder than the nominal one): on every unit, the
  /// stop to a tenth of the level comes within 6, 10 and 20 ms of the pattern's own at 0, 5 and
  /// 10 Hz from 170 Hz, and no later than the plain drive's.
  @Test(arguments: [(duration: 0.2, sharpness: 0.5), (duration: 0.5, sharpness: 1)])
  func buzzStopsOnEveryUnitOfTheBand(duration: Double, sharpness: Double) throws {
    let buzz = F.document(
      F.event(
        "HapticContinuous", time: 0.1, duration: duration,
        ["HapticIntensity": 0.7, "HapticSharpness": sharpness]))
    let end = 0.1 + duration
    let target = try Self.render(buzz, nil)
    let targetEnvelope = Self.envelope(target.map(Double.init))
    let floor = 0.1 * (targetEnvelope.max() ?? 0)
    let own = Self.stop(targetEnvelope, floor: floor, end: end)
    let drive = try Self.render(buzz, .drive)
    let plain = target.map { $0 * 0.5 } + [Float](repeating: 0, count: drive.count - target.count)
    for offset in Self.offsets {
      let feltEnvelope = Self.envelope(Self.accelerate(drive, resonance: 170 + offset))
      // Felt at all: a quarter of the level at least (a unit 17 Hz from the carrier feels 0.38
      // of it), so that a drive that never rises cannot pass for one that stops in time.
      #expect((feltEnvelope.max() ?? 0) >= 2.5 * floor, "\(170 + offset) Hz: never felt")
      let felt = Self.stop(feltEnvelope, floor: floor, end: end)
      let plainStop = Self.stop(
        Self.envelope(Self.accelerate(plain, resonance: 170 + offset)), floor: floor, end: end)
      let allowed = abs(offset) <= 5 ? (abs(offset) == 0 ? 6.0 : 10) : 20
      #expect(felt <= own + allowed, "\(170 + offset) Hz: stop \(felt) ms, the pattern's \(own) ms")
      #expect(felt <= plainStop, "\(170 + offset) Hz: stop \(felt) ms, the plain drive's \(plainStop) ms")
    }
  }

  /// The tap at 24 onsets across a period of the carrier (the controller's steps are a quarter
  /// of one): on every unit, at every onset, the felt peak is 0.55 or more under the −1 dBFS
  /// ceiling and the residual ring within the figures (docs/actuators.md §2.1).
  @Test func tapIsFeltAndStopsOnEveryUnitOfTheBand() throws {
    for onset in 0..<24 {
      let time = 0.1 + Double(onset) / (24 * 170)
      let tap = F.document(F.event("HapticTransient", time: time, ["HapticIntensity": 1, "HapticSharpness": 0.5]))
      let drive = try Self.render(tap, .drive)
      let last = Int((time + 2.0 / 170) * Double(Self.rate))
      for offset in Self.offsets {
        let felt = Self.accelerate(drive, resonance: 170 + offset).map(abs)
        let peak = felt.max() ?? 0
        let ring = felt[(last + Self.rate / 200)..<(last + Self.rate / 20)].max() ?? 1
        #expect(peak >= 0.55, "onset \(time) s, \(170 + offset) Hz: peak \(peak)")
        #expect(
          ring <= (abs(offset) <= 5 ? 0.15 : 0.25) * peak, "onset \(time) s, \(170 + offset) Hz: ring \(ring / peak)")
      }
    }
  }

  /// Taps on an actuator far above an LRA's resonance (1,000 Hz, Q 100, a tolerance of
  /// 249 Hz), whose plans would hold some 150 steps (0.7 s of linear program a tap): the loop
  /// drives each of them, within the ceiling (−40 dBFS) and to 85 % of it or more, and the first
  /// moves the nominal unit (integrated here) from rest.
  @Test func tapsTooLongToPlanAreDrivenByTheLoop() throws {
    let model = ActuatorModel(
      resonance: 1_000, qualityFactor: 100, ratedDrive: 0.01, resonanceTolerance: 249, ceiling: -40)
    let taps = (0..<12).map { index in
      F.event("HapticTransient", time: 0.03 * Double(index), ["HapticIntensity": 1, "HapticSharpness": 0.5])
    }
    let document = "{\"Pattern\": [\(taps.joined(separator: ", "))]}"
    let drive = try F.render(document, rate: Self.rate) {
      $0.layout = .haptic
      $0.actuator = ActuatorRendering(model: model, output: .drive)
    }.channels[0]
    let window = Self.rate * 3 / 100
    for index in 0..<12 {
      let peak = drive[(index * window)..<((index + 1) * window)].map(abs).max() ?? 0
      #expect(peak >= 0.0085 && peak <= 0.01, "tap \(index): drive peak \(peak)")
    }
    let felt = Self.accelerate(Array(drive[0..<window]), resonance: 1_000, q: 100, ratedDrive: 0.01).map(abs)
    #expect((felt.max() ?? 0) > 0.008, "first tap: felt \(felt.max() ?? 0)")
  }

  /// A tap 50 ms after a buzz (`success`'s last: a 0.4 s buzz at intensity 1, then a tap at
  /// intensity 0.8 whose carrier is at the band's top): the buzz still moves the band's units
  /// some 0.05 when the tap's plan begins, and on every unit the tap's ring (5…50 ms after its
  /// last frame, 0.011 s after its onset) stays within 15 % of its felt peak at 5 Hz from
  /// 170 Hz and 25 % at 10 Hz.
  @Test func tapAfterABuzzStopsOnEveryUnitOfTheBand() throws {
    let pattern = F.document(
      F.event(
        "HapticContinuous", time: 0.1, duration: 0.4,
        ["HapticIntensity": 1, "HapticSharpness": 0.3, "AttackTime": 0.5]),
      F.event("HapticTransient", time: 0.55, ["HapticIntensity": 0.8, "HapticSharpness": 1]))
    let drive = try Self.render(pattern, .drive)
    let onset = Int(0.55 * Double(Self.rate))
    let last = Int(0.561 * Double(Self.rate))
    for offset in Self.offsets {
      let felt = Self.accelerate(drive, resonance: 170 + offset).map(abs)
      let peak = felt[onset..<last].max() ?? 0
      let ring = felt[(last + Self.rate / 200)..<(last + Self.rate / 20)].max() ?? 1
      #expect(peak >= 0.25, "\(170 + offset) Hz: peak \(peak)")
      #expect(ring <= (abs(offset) <= 5 ? 0.15 : 0.25) * peak, "\(170 + offset) Hz: ring \(ring / peak)")
    }
  }

  /// `--simulate-resonance`: the product's acceleration on a unit off the nominal resonance is
  /// the independent integration's, within 1 % of full scale.
  @Test func simulatedUnitAgreesWithTheIndependentIntegration() throws {
    let drive = try Self.render(Self.buzz, .drive)
    for resonance in [160.0, 180] {
      let product = try Self.render(Self.buzz, .acceleration, resonance: resonance)
      let independent = Self.accelerate(drive, resonance: resonance)
      let error = zip(product, independent).map { abs(Double($0) - $1) }.max() ?? 1
      #expect(error <= 0.01, "\(resonance) Hz: largest difference \(error)")
    }
  }
}
