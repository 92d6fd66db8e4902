import HapticModel
import HapticPresets
import HapticSupport

/// A tap played where a phase of a breathing cycle starts: a preset of `PresetCatalog` at an
/// intensity, as an app plays `UIImpactFeedbackGenerator(style: .soft).impactOccurred(intensity: 0.7)`
/// when an inhale begins.
public struct BreathingCue: Sendable {
  /// The phase whose start the cue marks: ``BreathingTechnique/Phase/Kind/inhale`` or
  /// ``BreathingTechnique/Phase/Kind/exhale`` (a hold is silence).
  public var phase: BreathingTechnique.Phase.Kind
  public var preset: Preset
  /// The gain of `Preset.pattern(intensity:)`, 0…1.
  public var intensity: Double

  public init(phase: BreathingTechnique.Phase.Kind, preset: Preset, intensity: Double) {
    self.phase = phase
    self.preset = preset
    self.intensity = intensity
  }

  /// The cues of a breathing app: `ios/impact.soft` at 0.7 when an inhale starts and
  /// `ios/impact.light` at 0.5 when an exhale starts.
  public static let defaults: [BreathingCue] = [
    BreathingCue(phase: .inhale, preset: preset("impact.soft"), intensity: 0.7),
    BreathingCue(phase: .exhale, preset: preset("impact.light"), intensity: 0.5),
  ]

  /// The cue as `inhale=ios/impact.soft@0.7`, as ``parse(_:)`` reads it.
  public var text: String { "\(phase.rawValue)=\(preset.id)@\(intensity.formatted)" }

  /// Cues from text such as `inhale=impact.soft@0.7,exhale=impact.light@0.5`: comma-separated
  /// `PHASE=PRESET[@INTENSITY]`, the preset named as `render preset` takes it, the intensity
  /// 0…1 (1 when not given). At most one cue per phase.
  ///
  /// - Throws: ``BreathingTechnique/ParseError`` naming the part that cannot be read, with the
  ///   closest phase or preset name for a misspelt one.
  public static func parse(_ text: String) throws(BreathingTechnique.ParseError) -> [BreathingCue] {
    var cues: [BreathingCue] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let sides = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard sides.count == 2 else {
        throw BreathingTechnique.ParseError(
          description: "cue \"\(part)\": expected PHASE=PRESET[@INTENSITY], such as inhale=impact.soft@0.7")
      }
      let word = String(sides[0]).lowercased()
      let phases = ["inhale", "exhale"]
      guard phases.contains(word), let phase = BreathingTechnique.Phase.Kind(rawValue: word) else {
        let hint =
          NameSuggestion.closest(to: word, among: phases).map { "; did you mean \"\($0)\"?" }
          ?? " (cues mark an inhale or an exhale)"
        throw BreathingTechnique.ParseError(description: "cue \"\(part)\": unknown phase \"\(sides[0])\"\(hint)")
      }
      guard !cues.contains(where: { $0.phase == phase }) else {
        throw BreathingTechnique.ParseError(description: "cue \"\(part)\": a second cue for \(phase.rawValue)")
      }
      let value = sides[1].split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(value[0])
      var intensity = 1.0
      if value.count == 2 {
        guard let number = Double(value[1]), (0...1).contains(number) else {
          throw BreathingTechnique.ParseError(
            description: "cue \"\(part)\": intensity \"\(value[1])\" is not a number within 0…1")
        }
        intensity = number
      }
      let presets: [Preset]
      do {
        presets = try PresetCatalog.presets(named: name)
      } catch {
        throw BreathingTechnique.ParseError(description: "cue \"\(part)\": \(error)")
      }
      guard presets.count == 1 else {
        throw BreathingTechnique.ParseError(
          description:
            "cue \"\(part)\": \"\(name)\" is a family of \(presets.count) presets; name one, such as \(presets[0].id)")
      }
      cues.append(BreathingCue(phase: phase, preset: presets[0], intensity: intensity))
    }
    return cues
  }

  /// The `ios` preset called `name`, which the catalog has.
  private static func preset(_ name: String) -> Preset {
    PresetFamily.ios.presets.first { $0.name == name } ?? PresetFamily.ios.presets[0]
  }
}
