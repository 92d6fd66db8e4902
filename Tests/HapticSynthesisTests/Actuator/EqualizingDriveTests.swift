import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// The equalizing drive of a wideband voice coil (docs/actuators.md §8) on the actuator
/// `{"resonance": 80, "q": 2, "ratedDrive": 0.5, "minimumFrequency": 50, "maximumFrequency": 300}`:
/// its acceleration, from the Runge–Kutta integration of ``BandDriveTests`` (not the product's
/// filter), against the pattern rendered with carriers across 50 … 300 Hz.
@Suite struct EqualizingDriveTests {
  private typealias F = PatternFixtures
  private static let rate = 48_000
  private static let model = ActuatorModel(
    resonance: 80, qualityFactor: 2, ratedDrive: 0.5,
    usableBand: FrequencyBand(minimumFrequency: 50, maximumFrequency: 300))
  /// A tap at sharpness 0.9 (275 Hz), then buzzes of 0.3 s at sharpness 0.2 (100 Hz) and 0.9.
  private static let pattern = F.document(
    F.event("HapticTransient", time: 0.1, ["HapticIntensity": 1, "HapticSharpness": 0.9]),
    F.event("HapticContinuous", time: 0.3, duration: 0.3, ["HapticIntensity": 1, "HapticSharpness": 0.2]),
    F.event("HapticContinuous", time: 0.8, duration: 0.3, ["HapticIntensity": 1, "HapticSharpness": 0.9]))

  private static func render(_ output: ActuatorRendering.Output?) throws -> [Float] {
    try F.render(pattern, rate: rate) {
      $0.profile = SignalProfile(minimumFrequency: 50, maximumFrequency: 300, amplitudeExponent: 2, transientCycles: 2)
      $0.layout = .haptic
      $0.actuator = output.map { ActuatorRendering(model: model, output: $0) }
    }.channels[0]
  }

  /// The largest magnitude within half a period of 50 Hz on each side, by a monotonic queue.
  private static func envelope(_ signal: [Double]) -> [Double] {
    let half = rate / 100
    var envelope = [Double](repeating: 0, count: signal.count)
    var queue: [Int] = []
    var head = 0
    for index in 0..<(signal.count + half) {
      if index < signal.count {
        while queue.count > head, abs(signal[queue[queue.count - 1]]) <= abs(signal[index]) { queue.removeLast() }
        queue.append(index)
      }
      let centre = index - half
      guard centre >= 0 else { continue }
      while queue[head] < centre - half { head += 1 }
      envelope[centre] = abs(signal[queue[head]])
    }
    return envelope
  }

  /// The carrier's frequency in Hz over `seconds`, from the upward zero crossings.
  private static func carrier(_ signal: [Double], _ seconds: ClosedRange<Double>) -> Double {
    let frames = Int(seconds.lowerBound * Double(rate))..<Int(seconds.upperBound * Double(rate))
    let crossings = frames.dropFirst().filter { signal[$0 - 1] < 0 && signal[$0] >= 0 }
    guard let first = crossings.first, let last = crossings.last, last > first else { return 0 }
    return Double(crossings.count - 1) * Double(rate) / Double(last - first)
  }

  private struct Buzz {
    var plateau: Double
    var rise: Double
    var stop: Double
    var largest: Double
  }

  /// A buzz's plateau (the mean envelope over its middle half), rise (ms from its onset to 90 %
  /// of the plateau), stop (ms from its end to the last frame above 10 %) and largest envelope.
  private static func buzz(_ envelope: [Double], onset: Double, end: Double) -> Buzz {
    let (first, last) = (Int(onset * Double(rate)), Int(end * Double(rate)))
    let quarter = (last - first) / 4
    let plateau = envelope[(first + quarter)..<(last - quarter)].reduce(0, +) / Double(2 * quarter)
    let window = (first - rate / 50)..<(last + rate / 20)
    let rise = window.first { $0 >= first - rate / 100 && envelope[$0] >= 0.9 * plateau }.map { $0 - first } ?? 0
    let stop = (window.last { envelope[$0] > 0.1 * plateau } ?? last) + 1 - last
    let toMilliseconds = { (frames: Int) in Double(frames) * 1_000 / Double(rate) }
    return Buzz(
      plateau: plateau, rise: toMilliseconds(rise), stop: toMilliseconds(stop),
      largest: envelope[window].max() ?? 0)
  }

  @Test func accelerationFollowsThePatternAcrossTheBand() throws {
    let drive = try Self.render(.drive)
    let rendered = try Self.render(nil).map(Double.init)
    let target = rendered + [Double](repeating: 0, count: drive.count - rendered.count)
    #expect(drive.allSatisfy { abs($0) <= 1 }, "drive beyond full scale: \(drive.map(abs).max() ?? 0)")
    // Amplifier-safe: no step at the first frame, none above 2π·3·300 Hz/fs of full scale.
    #expect(drive.first == 0)
    let step = zip(drive.dropFirst(), drive).map { abs($0 - $1) }.max() ?? 1
    #expect(Double(step) <= 2 * Double.pi * 3 * 300 / Double(Self.rate), "largest step \(step)")
    let felt = BandDriveTests.accelerate(drive, resonance: 80, q: 2, ratedDrive: 0.5)
    let (targetEnvelope, feltEnvelope) = (Self.envelope(target), Self.envelope(felt))
    for (onset, frequency) in [(0.3, 100.0), (0.8, 275)] {
      let plateau = (onset + 0.05)...(onset + 0.25)
      let (wanted, got) = (Self.carrier(target, plateau), Self.carrier(felt, plateau))
      #expect(abs(wanted - frequency) < 1, "the pattern's carrier \(wanted) Hz")
      #expect(abs(got - wanted) <= 2, "\(frequency) Hz: carrier \(got) Hz, the pattern's \(wanted) Hz")
      let own = Self.buzz(targetEnvelope, onset: onset, end: onset + 0.3)
      let buzz = Self.buzz(feltEnvelope, onset: onset, end: onset + 0.3)
      #expect(abs(buzz.plateau / own.plateau - 1) <= 0.05, "\(frequency) Hz: plateau \(buzz.plateau), \(own.plateau)")
      #expect(abs(buzz.rise - own.rise) <= 6, "\(frequency) Hz: rise \(buzz.rise) ms, the pattern's \(own.rise) ms")
      #expect(abs(buzz.stop - own.stop) <= 6, "\(frequency) Hz: stop \(buzz.stop) ms, the pattern's \(own.stop) ms")
      #expect(buzz.largest <= 1.05 * own.plateau, "\(frequency) Hz: overshoot \(buzz.largest / own.plateau - 1)")
    }
    // The tap: two cycles of 275 Hz from 0.1 s.
    let (onset, end) = (Int(0.1 * Double(Self.rate)), Int((0.1 + 2 / 275.0) * Double(Self.rate)))
    let window = (onset - Self.rate / 50)..<(end + Self.rate / 100)
    let ownPeak = window.map { abs(target[$0]) }.max() ?? 0
    let peak = window.map { abs(felt[$0]) }.max() ?? 0
    #expect(abs(peak / ownPeak - 1) <= 0.1, "tap: peak \(peak), the pattern's \(ownPeak)")
    let residual = ((end + Self.rate / 100)..<(end + Self.rate / 20)).map { abs(felt[$0]) }.max() ?? 1
    #expect(residual <= 0.1 * peak, "tap: residual \(residual / peak) of the peak after 10 ms")
  }

  /// The drive has a double zero at 0 Hz: a constant target, however long, leaves no drive once
  /// the high-pass has settled, whatever the band's lower edge.
  @Test(arguments: [50.0, 25])
  func constantTargetGivesNoDrive(_ lowerEdge: Double) {
    var model = Self.model
    model.usableBand?.minimumFrequency = lowerEdge
    var drive = EqualizingDrive(model, sampleRate: 8_000)
    var frames = [Float](repeating: 1, count: 8_000)
    frames.withUnsafeMutableBufferPointer { drive.equalize($0) }
    let settled = frames[4_000...].map { abs($0) }.max() ?? 1
    #expect(settled < 1e-4, "drive \(settled) of full scale after 0.5 s of a constant target")
  }

  /// The product's own simulation (`--simulate`) agrees with the integration, the outputs do
  /// not depend on the block size, and the target comes beside the acceleration unchanged.
  @Test func simulationAgreesAndBlocksDoNotMatter() throws {
    let drive = try Self.render(.drive)
    let independent = BandDriveTests.accelerate(drive, resonance: 80, q: 2, ratedDrive: 0.5)
    let product = try Self.render(.acceleration)
    let error = zip(product, independent).map { abs(Double($0) - $1) }.max() ?? 1
    #expect(error <= 0.01, "largest difference \(error)")
    let small = try F.render(Self.pattern, rate: Self.rate) {
      $0.profile = Self.model.bandProfile
      $0.layout = .haptic
      $0.blockSize = 333
      $0.actuator = ActuatorRendering(model: Self.model, output: .drive)
    }.channels[0]
    #expect(small == drive)
    // `info` and `plot` read the target beside the acceleration, frame for frame.
    let pair = try F.render(Self.pattern, rate: Self.rate) {
      $0.profile = Self.model.bandProfile
      $0.layout = .haptic
      $0.blockSize = 333
      $0.actuator = ActuatorRendering(model: Self.model, output: .targetAndAcceleration)
    }.channels
    let target = try Self.render(nil)
    #expect(pair[0] == target + [Float](repeating: 0, count: drive.count - target.count))
    #expect(pair[1] == product)
  }
}
