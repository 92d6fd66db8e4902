import Foundation
import HapticSynthesis
import Testing

/// The discrete actuator model against the continuous one (docs/actuators.md §1.2): the
/// analytic steady response to a sine, and a slow fourth-order integration of the differential
/// equation for a burst and its free ringing.
@Suite struct ResonatorTests {
  /// The continuous model's response at `frequency` Hz: `ẍ/u` for ẍ + (ω0/Q)ẋ + ω0²x = k·u,
  /// normalised so that the response at f0 has magnitude 1/ratedDrive.
  private static func response(_ model: ActuatorModel, at frequency: Double) -> (magnitude: Double, phase: Double) {
    let w = 2 * Double.pi * frequency
    let w0 = 2 * Double.pi * model.resonance
    let k = 1 / (model.qualityFactor * model.ratedDrive)  // |H(iω0)| = k·Q = 1/ratedDrive
    // H = k·(iω)²/((iω)² + (ω0/Q)·iω + ω0²) = −k·ω²·(re − i·im)/(re² + im²)
    let re = w0 * w0 - w * w
    let im = w * w0 / model.qualityFactor
    let scale = k * w * w / (re * re + im * im)
    let (hr, hi) = (-scale * re, scale * im)
    return ((hr * hr + hi * hi).squareRoot(), atan2(hi, hr))
  }

  @Test(arguments: [1_000, 8_000, 48_000])
  func steadySineMatchesTheContinuousModelWithinOnePercentOfFullScale(_ rate: Int) {
    let model = ActuatorModel.lra
    for frequency in [40.0, 120, 160, 165, 170, 175, 180, 250, 340] {
      var resonator = Resonator(model, sampleRate: rate)
      let settle = Int(1.0 * Double(rate))  // 44 time constants
      let (magnitude, phase) = Self.response(model, at: frequency)
      var largestError = 0.0
      for n in 0..<(settle + rate / 5) {
        let angle = 2 * Double.pi * frequency * Double(n) / Double(rate)
        let acceleration = resonator.step(sin(angle))  // full-scale drive
        if n >= settle { largestError = max(largestError, abs(acceleration - magnitude * sin(angle + phase))) }
      }
      #expect(largestError < 0.01, "\(frequency) Hz at \(rate) Hz: error \(largestError) of full scale")
    }
  }

  @Test func ratedSineAtResonanceGivesUnitAcceleration() {
    var resonator = Resonator(.lra, sampleRate: 48_000)
    var peak = 0.0
    for n in 0..<48_000 {
      let acceleration = resonator.step(0.5 * sin(2 * Double.pi * 170 * Double(n) / 48_000))
      if n >= 38_400 { peak = max(peak, abs(acceleration)) }
    }
    #expect(abs(peak - 1) < 1e-3, "steady amplitude \(peak)")
  }

  /// A 170 Hz burst under a Hann window of 30 ms, then silence: the discrete model against a
  /// fourth-order Runge–Kutta integration of the differential equation with 64 steps per sample.
  @Test(arguments: [8_000, 48_000])
  func burstAndRingingMatchAnIntegrationOfTheDifferentialEquation(_ rate: Int) {
    let model = ActuatorModel.lra
    let w0 = 2 * Double.pi * model.resonance
    let damping = w0 / model.qualityFactor
    let k = 1 / (model.qualityFactor * model.ratedDrive)
    func drive(_ t: Double) -> Double {
      guard t < 0.03 else { return 0 }
      let window = 0.5 - 0.5 * cos(2 * Double.pi * t / 0.03)
      return window * sin(2 * Double.pi * 170 * t)
    }
    // State (y, ẏ) of ÿ + damping·ẏ + ω0²·y = k·u; the acceleration is k·u − damping·ẏ − ω0²·y.
    func derivative(_ t: Double, _ y: Double, _ v: Double) -> (Double, Double) {
      (v, k * drive(t) - damping * v - w0 * w0 * y)
    }
    var resonator = Resonator(model, sampleRate: rate)
    var (y, v) = (0.0, 0.0)
    let period = 1 / Double(rate)
    let h = period / 64
    var largestError = 0.0
    var largestAcceleration = 0.0
    for n in 0..<Int(0.15 * Double(rate)) {
      let t = Double(n) * period
      let reference = k * drive(t) - damping * v - w0 * w0 * y
      let acceleration = resonator.step(drive(t))
      largestError = max(largestError, abs(acceleration - reference))
      largestAcceleration = max(largestAcceleration, abs(reference))
      for step in 0..<64 {
        let s = t + Double(step) * h
        let (k1y, k1v) = derivative(s, y, v)
        let (k2y, k2v) = derivative(s + h / 2, y + h / 2 * k1y, v + h / 2 * k1v)
        let (k3y, k3v) = derivative(s + h / 2, y + h / 2 * k2y, v + h / 2 * k2v)
        let (k4y, k4v) = derivative(s + h, y + h * k3y, v + h * k3v)
        y += h / 6 * (k1y + 2 * k2y + 2 * k3y + k4y)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
      }
    }
    #expect(largestAcceleration > 0.5, "the burst moves the actuator: \(largestAcceleration)")
    #expect(largestError < 0.01, "at \(rate) Hz: error \(largestError) of full scale")
  }
}
