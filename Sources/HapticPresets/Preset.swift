import HapticModel
import HapticSupport

/// One system haptic as data: the events a platform plays for a call such as
/// `UIImpactFeedbackGenerator(style: .light).impactOccurred()`, in a family of presets that
/// share a source (see ``PresetFamily``).
///
/// A preset becomes an ordinary `Pattern` with ``pattern(intensity:)``, so everything that
/// renders, compares, plots or inspects a pattern works on it unchanged.
public struct Preset: Sendable {
  /// One event: a `HapticTransient` tap, or a `HapticContinuous` buzz when it has a duration.
  public struct Tap: Sendable, Hashable {
    /// Onset in seconds from the preset's start, ≥ 0.
    public var time: Double
    /// `HapticIntensity`, 0…1.
    public var intensity: Double
    /// `HapticSharpness`, 0…1.
    public var sharpness: Double
    /// `EventDuration` in seconds of a continuous event; `nil` for a transient.
    public var duration: Double?

    public init(time: Double, intensity: Double, sharpness: Double, duration: Double? = nil) {
      self.time = time
      self.intensity = intensity
      self.sharpness = sharpness
      self.duration = duration
    }
  }

  /// The family's name, such as `ios`.
  public let family: String
  /// The name inside the family, such as `impact.light` or `notification.error`.
  public let name: String
  /// The call that plays it, in the platform's words.
  public let call: String
  /// Where the numbers come from, as a short citation.
  public let source: String
  /// Why the events only approximate what the platform plays; `nil` when they are exact.
  public let caveat: String?
  public let taps: [Tap]

  /// `family/name`, the name `render preset` accepts everywhere.
  public var id: String { "\(family)/\(name)" }

  /// The events in a line, as `render preset --list` and docs/presets.md show them: each its
  /// onset in ms, `T` for a transient or `C` and its duration in ms for a continuous event, and
  /// intensity/sharpness: `0 ms T 0.700/0.55 · 110 ms T 1.000/0.55`.
  public var eventSummary: String {
    taps.map { tap in
      let kind = tap.duration.map { "C \(Int(($0 * 1000).rounded())) ms" } ?? "T"
      let onset = Int((tap.time * 1000).rounded())
      return "\(onset) ms \(kind) \(NumberText.fixed(tap.intensity, 3))/\(NumberText.fixed(tap.sharpness, 2))"
    }.joined(separator: " · ")
  }

  /// The preset as a pattern, with every intensity multiplied by `intensity` clamped to 0…1
  /// (UIKit's `impactOccurred(intensity:)`) and rounded to a multiple of 1e-6, so that an AHAP
  /// export reads 0.49, not 0.48999999999999994. `Metadata` names the preset and the call in
  /// `Description`, and gives its `Source` and, where it is one, why it is an `Approximation`.
  public func pattern(intensity: Double = 1) -> Pattern {
    let gain = intensity.isNaN ? 0 : min(max(intensity, 0), 1)
    let events = taps.enumerated().map { index, tap in
      Event(
        type: tap.duration == nil ? .hapticTransient : .hapticContinuous, time: tap.time,
        duration: tap.duration ?? 0,
        parameters: [.hapticIntensity: (tap.intensity * gain).roundedToMillionths, .hapticSharpness: tap.sharpness],
        path: JSONPath(element: index, .event))
    }
    var description = "\(id): \(call)"
    if gain != 1 { description += " at intensity \(gain.formatted)" }
    var metadata: [(String, JSONValue)] = [
      ("Project", JSONValue(.string("render presets"))), ("Description", JSONValue(.string(description))),
      ("Source", JSONValue(.string(source))),
    ]
    if let caveat { metadata.append(("Approximation", JSONValue(.string(caveat)))) }
    return Pattern(version: 1, metadata: JSONValue.object(metadata), events: events)
  }
}
