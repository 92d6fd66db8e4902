import OfflineCoreHaptics

// A breathing app's haptics, written for Core Haptics and UIKit as an app writes them; only the
// import differs (`import CoreHaptics` and `import UIKit` on a device). The tests compile this
// file unchanged in the Swift 5 and Swift 6 language modes, run it in this executable, and run it
// in a test.

/// The haptics of a breathing session: a swell on each inhale, and three fading taps when the
/// session is complete.
@MainActor
final class BreathingHapticEngine {
  private var engine: CHHapticEngine?
  private let completionTap = UIImpactFeedbackGenerator(style: .rigid)

  init() {
    if CHHapticEngine.capabilitiesForHardware().supportsHaptics {
      do {
        let engine = try CHHapticEngine()
        engine.resetHandler = { [weak engine] in try? engine?.start() }
        try engine.start()
        self.engine = engine
      } catch {
        print("Haptics are unavailable: \(error)")
      }
    }
    completionTap.prepare()
  }

  /// A swell from nothing to full over the inhale.
  func playInhale(duration: TimeInterval) {
    guard let engine else { return }
    let inhale = CHHapticEvent(
      eventType: .hapticContinuous,
      parameters: [
        CHHapticEventParameter(parameterID: .hapticIntensity, value: 0.8),
        CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.3),
      ],
      relativeTime: 0, duration: duration)
    let swell = CHHapticParameterCurve(
      parameterID: .hapticIntensityControl,
      controlPoints: [
        CHHapticParameterCurve.ControlPoint(relativeTime: 0, value: 0),
        CHHapticParameterCurve.ControlPoint(relativeTime: duration, value: 1),
      ],
      relativeTime: 0)
    do {
      let pattern = try CHHapticPattern(events: [inhale], parameterCurves: [swell])
      try engine.makePlayer(with: pattern).start(atTime: CHHapticTimeImmediate)
    } catch {
      print("Could not play the inhale: \(error)")
    }
  }

  /// Three rigid taps 0.15 s apart, fading from full to a third.
  func signalSessionComplete() {
    let intensities: [CGFloat] = [1, 2.0 / 3.0, 1.0 / 3.0]
    for (index, intensity) in intensities.enumerated() {
      DispatchQueue.main.asyncAfter(deadline: .now() + 0.15 * Double(index)) { [weak self] in
        self?.completionTap.impactOccurred(intensity: intensity)
      }
    }
  }
}
