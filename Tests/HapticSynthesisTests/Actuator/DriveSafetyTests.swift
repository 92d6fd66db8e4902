import Foundation
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// The drive is safe for any amplifier (docs/actuators.md §2.2): on the tap, the 200 ms buzz at
/// intensity 0.7 and the samples (those with haptic events, up to 4 s), its true peak (4×
/// oversampled by a windowed-sinc interpolator written here) is within the actuator's ceiling,
/// at most 2 % of its energy lies above 2.5·f0, no step between samples is larger than that
/// of a full-scale sine at 3·f0, and a pattern that starts at its first frame starts from 0.
@Suite struct DriveSafetyTests {
  private typealias F = PatternFixtures
  private static let rate = 48_000
  private static let resonance = 170.0
  private static let nominalOnly = ActuatorModel(resonance: 170, qualityFactor: 12, ratedDrive: 0.5)
  private static let tap = F.document(
    F.event("HapticTransient", time: 0.1, ["HapticIntensity": 1, "HapticSharpness": 0.5]))
  private static let buzz = F.document(
    F.event("HapticContinuous", time: 0.1, duration: 0.2, ["HapticIntensity": 0.7, "HapticSharpness": 0.5]))
  private static let samples = [
    "heartbeat", "tap-buzz-tap", "success", "session-complete", "quick-sample", "inhale-swell",
    "intensity-control-steps", "sharpness-glide",
  ]

  private static func document(_ name: String) throws -> String {
    switch name {
    case "tap": tap
    case "buzz": buzz
    default: try String(contentsOfFile: "\(Locations.samples)/\(name).ahap", encoding: .utf8)
    }
  }

  private static func drive(_ document: String, model: ActuatorModel = .lra) throws -> [Float] {
    try F.render(document, rate: rate) {
      $0.profile = model.bandProfile
      $0.layout = .haptic
      $0.actuator = ActuatorRendering(model: model)
    }.channels[0]
  }

  /// The largest magnitude of `signal` and of its values at a quarter, a half and three
  /// quarters between samples, interpolated by a sinc of 32 taps under a Blackman window (a 4×
  /// oversampling, as ITU-R BS.1770 measures the true peak). Between two samples far below the
  /// largest (under half of it) the signal, whose energy is near f0, cannot reach it: those
  /// are skipped.
  static func truePeak(_ signal: [Float]) -> Double {
    let half = 16
    let kernels = (1...3).map { phase in
      (-half + 1...half).map { tap -> Double in
        let t = Double(tap) - Double(phase) / 4
        let window = 0.42 + 0.5 * cos(Double.pi * t / Double(half)) + 0.08 * cos(2 * Double.pi * t / Double(half))
        return window * sin(Double.pi * t) / (Double.pi * t)
      }
    }
    let magnitudes = signal.map { abs(Double($0)) }
    let largest = magnitudes.max() ?? 0
    var peak = largest
    for index in signal.indices where max(magnitudes[index], magnitudes[min(index + 1, signal.count - 1)]) > largest / 2
    {
      for kernel in kernels {
        var value = 0.0
        for (offset, weight) in zip(-half + 1...half, kernel) {
          let at = index + offset
          if at >= 0, at < signal.count { value += weight * Double(signal[at]) }
        }
        peak = max(peak, abs(value))
      }
    }
    return peak
  }

  @Test(arguments: ["tap", "buzz"] + samples)
  func driveIsSafeForTheAmplifier(_ name: String) throws {
    let drive = try Self.drive(try Self.document(name))
    #expect(drive.contains { abs($0) > 0.1 }, "\(name) is driven")
    let ceiling = ActuatorModel.lra.ceilingAmplitude
    let peak = Self.truePeak(drive)
    #expect(peak <= ceiling, "\(name): true peak \(20 * log10(peak)) dBFS")
    let high = Spectrum.energyShare(of: drive, above: 2.5 * Self.resonance, sampleRate: Self.rate)
    #expect(high <= 0.02, "\(name): \(high * 100) % of the energy above 2.5·f0")
    let limit = 2 * Double.pi * 3 * Self.resonance / Double(Self.rate)
    let step = zip([0] + drive, drive).map { abs(Double($1) - Double($0)) }.max() ?? 0
    #expect(step <= limit, "\(name): a step of \(step) between samples")
    #expect(drive[0] == 0, "\(name) starts from 0")
  }

  /// A pattern at its first frame: the drive starts from 0 and rises within a quarter period.
  @Test func patternAtTheFirstFrameStartsFromZero() throws {
    let drive = try Self.drive(F.document(F.event("HapticTransient", ["HapticIntensity": 1, "HapticSharpness": 0.5])))
    #expect(drive[0] == 0)
    #expect(abs(drive[1]) < 0.01, "frame 1: \(drive[1])")
    #expect(drive[..<71].contains { abs($0) > 0.1 }, "driven within a quarter period")
  }

  /// The ceiling of an actuator file bounds the true peak, and a tap is still felt under it:
  /// 0.3 or more under −6 dBFS (0.55 scaled by the lower ceiling), 0.55 or more under the
  /// default −1 dBFS for the nominal unit, 0.6 or more under 0 dBFS
  /// (its acceleration from the Runge–Kutta integration of `BandDriveTests`, ring 5…50 ms after
  /// the tap's last frame within 15 % of its peak).
  @Test(arguments: [(-6.0, 0.3), (-1, 0.55), (0, 0.6)])
  func ceilingBoundsTheTruePeakAndTheTapIsFelt(_ ceiling: Double, _ felt: Double) throws {
    var model = Self.nominalOnly
    model.ceiling = ceiling
    let drive = try Self.drive(Self.tap, model: model)
    let peak = Self.truePeak(drive)
    #expect(peak <= model.ceilingAmplitude, "true peak \(20 * log10(peak)) dBFS under \(ceiling)")
    #expect(peak >= 0.95 * model.ceilingAmplitude, "the tap's push reaches the ceiling")
    let acceleration = BandDriveTests.accelerate(drive, resonance: Self.resonance).map(abs)
    let top = acceleration.max() ?? 0
    let last = Int((0.1 + 2 / Self.resonance) * Double(Self.rate))
    let ring = acceleration[(last + Self.rate / 200)..<(last + Self.rate / 20)].max() ?? 1
    #expect(top >= felt, "felt peak \(top) under \(ceiling) dBFS")
    #expect(ring <= 0.15 * top, "ring \(ring / top) of the peak")
  }
}
