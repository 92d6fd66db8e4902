import HapticRender
import OfflineCoreHaptics
import Testing
import _HapticRenderTestSupport

// Subclasses in the shapes apps write: events, parameters and curves read from an app's own
// format, a property a subclass overrides, and generator wrappers.

/// A beat of a metronome-like format: "tick" (strong, sharp) or "tock" (softer, duller).
private final class BeatEvent: CHHapticEvent {
  let beat: String

  init(_ beat: String, at time: TimeInterval) {
    self.beat = beat
    let strong = beat == "tick"
    super.init(
      eventType: .hapticTransient,
      parameters: [Intensity(strong ? 1 : 0.5), Sharpness(strong ? 1 : 0.2)],
      relativeTime: time)
  }
}

/// A swell of the app's format, with a duration.
private final class SwellEvent: CHHapticEvent {
  init(at time: TimeInterval, seconds: TimeInterval) {
    super.init(eventType: .hapticContinuous, parameters: [Intensity(0.8)], relativeTime: time, duration: seconds)
  }
}

/// An event that plays `delay` seconds after the time it is given: the pattern reads the
/// overridden property.
private final class DelayedEvent: CHHapticEvent {
  private let delay: TimeInterval

  init(_ event: CHHapticEvent, delay: TimeInterval) {
    self.delay = delay
    super.init(eventType: event.type, parameters: event.eventParameters, relativeTime: event.relativeTime)
  }

  override var relativeTime: TimeInterval {
    get { super.relativeTime + delay }
    set { super.relativeTime = newValue - delay }
  }
}

private final class Intensity: CHHapticEventParameter {
  init(_ value: Float) { super.init(parameterID: .hapticIntensity, value: value) }
}

private final class Sharpness: CHHapticEventParameter {
  init(_ value: Float) { super.init(parameterID: .hapticSharpness, value: value) }
}

/// A step of the intensity control.
private final class IntensityStep: CHHapticDynamicParameter {
  init(to value: Float, at time: TimeInterval) {
    super.init(parameterID: .hapticIntensityControl, value: value, relativeTime: time)
  }
}

/// A linear ramp of the intensity control.
private final class IntensityRamp: CHHapticParameterCurve {
  final class Point: CHHapticParameterCurve.ControlPoint {
    init(_ time: TimeInterval, _ value: Float) { super.init(relativeTime: time, value: value) }
  }

  init(from start: Float, to end: Float, at time: TimeInterval, over seconds: TimeInterval) {
    super.init(
      parameterID: .hapticIntensityControl, controlPoints: [Point(0, start), Point(seconds, end)], relativeTime: time)
  }
}

/// A wrapper that a settings switch silences.
private final class SwitchableImpactGenerator: UIImpactFeedbackGenerator {
  var isEnabled = true
  private(set) var taps = 0

  override init(style: FeedbackStyle) {
    super.init(style: style)
  }

  override func impactOccurred() {
    guard isEnabled else { return }
    taps += 1
    super.impactOccurred()
  }

  override func impactOccurred(intensity: CGFloat) {
    guard isEnabled else { return }
    taps += 1
    super.impactOccurred(intensity: intensity)
  }
}

/// A wrapper that plays errors as warnings.
private final class GentleNotificationGenerator: UINotificationFeedbackGenerator {
  override func notificationOccurred(_ notificationType: FeedbackType) {
    super.notificationOccurred(notificationType == .error ? .warning : notificationType)
  }
}

/// An engine that an app extends with settings of its own and a helper that plays a pattern
/// (Swift asks a subclass to restate the engine's `@unchecked Sendable`).
private final class AppEngine: CHHapticEngine, @unchecked Sendable {
  var isEnabled = true

  func play(_ pattern: CHHapticPattern) throws {
    guard isEnabled else { return }
    try makePlayer(with: pattern).start(atTime: CHHapticTimeImmediate)
  }
}

@Suite struct SubclassingTests {
  /// Events, parameters, curves and points of an app's own classes render as Core Haptics'
  /// own do, sample for sample.
  @Test func subclassedEventsAndControlsRenderAsTheirBaseClasses() throws {
    let beats = ["tick", "tock", "tock", "tick"].enumerated().map { BeatEvent($1, at: 0.25 * Double($0)) }
    let pattern = try CHHapticPattern(events: beats, parameters: [IntensityStep(to: 0.5, at: 0.6)])
    let plain = try CHHapticPattern(
      events: beats.map {
        CHHapticEvent(
          eventType: .hapticTransient,
          parameters: $0.eventParameters.map { CHHapticEventParameter(parameterID: $0.parameterID, value: $0.value) },
          relativeTime: $0.relativeTime)
      },
      parameters: [CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 0.6)])
    let samples = try Measured.samples(pattern)
    #expect(samples == (try Measured.samples(plain)))
    let bursts = Measured.bursts(samples)
    #expect(Measured.onsets(bursts, are: [0, 0.25, 0.5, 0.75]))
    // A tick, two tocks at half intensity, then a tick under the control at half: peaks go as
    // intensity squared.
    let peaks = bursts.map(\.peak)
    #expect(peaks.count == 4 && abs(peaks[1] / peaks[0] - 0.25) < 0.05 && abs(peaks[3] / peaks[0] - 0.25) < 0.05)

    let swell = try CHHapticPattern(
      events: [SwellEvent(at: 0, seconds: 1)], parameterCurves: [IntensityRamp(from: 0, to: 1, at: 0, over: 1)])
    let swellSamples = try Measured.samples(swell)
    let rate = Measured.rate
    #expect(
      Signal.rms(swellSamples[rate / 10..<rate / 5]) < Signal.rms(swellSamples[rate * 8 / 10..<rate * 9 / 10]) / 4)
  }

  /// A subclass's overridden `relativeTime` is the time the pattern reads.
  @Test func overriddenPropertiesAreRead() throws {
    let tap = Measured.tap(1, at: 0.1)
    let delayed = DelayedEvent(tap, delay: 0.4)
    #expect(delayed.relativeTime == 0.5)
    let bursts = try Measured.bursts(CHHapticPattern(events: [delayed], parameters: []))
    #expect(Measured.onsets(bursts, are: [0.5]))
  }

  /// Wrappers of the UIKit generators play through them; what they hold back is not played.
  @Test func generatorSubclassesPlayThroughTheirBaseClasses() throws {
    let engine = try CHHapticEngine()
    let impact = OfflineHaptics.$engine.withValue(engine) { SwitchableImpactGenerator(style: .heavy) }
    impact.prepare()
    impact.impactOccurred()  // called where no engine is bound: on the one bound where it was made
    engine.advance(by: 0.5)
    impact.isEnabled = false
    impact.impactOccurred(intensity: 1)
    engine.advance(by: 0.5)
    impact.isEnabled = true
    impact.impactOccurred(intensity: 0.5)
    engine.advance(by: 0.5)
    OfflineHaptics.$engine.withValue(engine) { GentleNotificationGenerator().notificationOccurred(.error) }
    engine.advance(by: 1)
    #expect(impact.taps == 2)

    let bursts = try Measured.bursts(engine)
    let warning = try #require(try PresetCatalog.presets(named: "ios/notification.warning").first)
    #expect(Measured.onsets(bursts, are: [0, 1] + warning.taps.map { 1.5 + $0.time }))
    #expect(abs(bursts[0].peak - 1) < 0.02 && abs(bursts[1].peak - 0.25) < 0.02)  // heavy: 1, then (1 × 0.5)²
  }

  /// An engine subclass plays as the engine does.
  @Test func engineSubclassesPlayAsTheEngine() throws {
    let engine = try AppEngine()
    try engine.start()
    let tap = try CHHapticPattern(
      events: [CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0)], parameters: [])
    try engine.play(tap)
    engine.advance(by: 0.5)
    engine.isEnabled = false
    try engine.play(tap)
    engine.advance(by: 0.5)
    #expect(Measured.onsets(try Measured.bursts(engine), are: [0]))
  }
}
