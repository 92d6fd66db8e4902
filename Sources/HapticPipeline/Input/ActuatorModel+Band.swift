import HapticModel
import HapticReader
import HapticSupport
import HapticSynthesis

extension ActuatorModel {
  /// The usable band the file gives, or `nil` (for an LRA, or with an error in `diagnostics`):
  /// both edges for a voice coil, none for an LRA, the upper above the lower, and the lower at
  /// least ``lowestBandEdge``. A band the actuator cannot play as written gets a warning
  /// (``bandWarnings(_:settings:diagnostics:)``).
  static func readBand(_ settings: NumericSettings, diagnostics: inout Diagnostics)
    -> FrequencyBand?
  {
    let edges = ["minimumFrequency", "maximumFrequency"]
    let written = edges.filter { settings.writtenKeys.contains($0) }
    switch settings.words["kind"] {
    case Kind.lra.rawValue?:
      guard !written.isEmpty, let location = settings.valueLocations["kind"] else { return nil }
      diagnostics.report(
        .outOfRange, at: location, JSONPath([.key("kind")]),
        "an \"lra\" is driven within its -3 dB band; \"minimumFrequency\" and \"maximumFrequency\" describe a \"voice-coil\""
      )
      return nil
    case nil where written.isEmpty:
      return nil
    default:
      for key in edges where !written.contains(key) {
        diagnostics.report(
          .missingKey, at: settings.location, JSONPath(), "missing \"\(key)\", which a voice-coil actuator requires")
      }
    }
    guard let minimum = settings.values["minimumFrequency"], let maximum = settings.values["maximumFrequency"],
      let location = settings.valueLocations["maximumFrequency"]
    else { return nil }
    guard maximum > minimum else {
      diagnostics.report(
        .outOfRange, at: location, JSONPath([.key("maximumFrequency")]),
        "the band's upper edge \(maximum.formatted) Hz is not above its lower edge \(minimum.formatted) Hz")
      return nil
    }
    let band = FrequencyBand(minimumFrequency: minimum, maximumFrequency: maximum)
    guard let model = model(settings.values, band: band) else { return band }
    let lowestEdge = model.lowestBandEdge
    guard minimum < lowestEdge, let lowerLocation = settings.valueLocations["minimumFrequency"] else {
      bandWarnings(model, settings: settings, diagnostics: &diagnostics)
      return band
    }
    diagnostics.report(
      .outOfRange, at: lowerLocation, JSONPath([.key("minimumFrequency")]),
      "at \(minimum.formatted) Hz an intensity of 1 needs \(NumberText.fixed(model.driveForLevelOne(at: minimum), 2))× full scale, more than the \(largestEdgeDrive.formatted)× a band's lower edge may need (below it the drive's gain rises further and its slow swings would push the coil aside); this actuator's band starts at \(lowestEdge.formatted) Hz or above"
    )
    return nil
  }

  /// Warns of a band `model` cannot play as written: an edge where an intensity of 1 needs more
  /// than the drive's ceiling (the intensities it can reach there, with the band's profile, `I²`), a Q
  /// above ``wideQualityFactor`` (a narrow resonance, not a voice coil's), a band entirely
  /// below the resonance.
  private static func bandWarnings(_ model: ActuatorModel, settings: NumericSettings, diagnostics: inout Diagnostics) {
    guard let band = model.usableBand else { return }
    if model.qualityFactor > wideQualityFactor, let location = settings.valueLocations["q"] {
      diagnostics.report(
        .deviceLimit, at: location, JSONPath([.key("q")]),
        "a Q of \(model.qualityFactor.formatted) is an LRA's, not a voice coil's (at most \(wideQualityFactor.formatted)): its narrow resonance cannot be equalized across the band \(band.minimumFrequency.formatted)…\(band.maximumFrequency.formatted) Hz; without the band it is driven as an LRA"
      )
    }
    let ceiling = model.ceilingAmplitude
    for (key, frequency) in [("minimumFrequency", band.minimumFrequency), ("maximumFrequency", band.maximumFrequency)] {
      let drive = model.driveForLevelOne(at: frequency)
      guard drive > ceiling, let location = settings.valueLocations[key] else { continue }
      // The intensity whose amplitude, I², the drive can give at the ceiling.
      let reachable = (ceiling / drive).squareRoot()
      diagnostics.report(
        .deviceLimit, at: location, JSONPath([.key(key)]),
        "at \(frequency.formatted) Hz an intensity of 1 needs \(NumberText.fixed(drive, 2))× full scale, above the drive's ceiling of \(NumberText.fixed(ceiling, 2)) (\(model.ceiling.formatted) dBFS): intensities above \(NumberText.fixed(reachable, 2)) are limited"
      )
    }
    if band.maximumFrequency < model.resonance, let location = settings.valueLocations["maximumFrequency"] {
      diagnostics.report(
        .deviceLimit, at: location, JSONPath([.key("maximumFrequency")]),
        "the band \(band.minimumFrequency.formatted)…\(band.maximumFrequency.formatted) Hz lies entirely below the \(model.resonance.formatted) Hz resonance, where the actuator gives the least acceleration for its drive; a voice coil's band spans its resonance"
      )
    }
  }
}
