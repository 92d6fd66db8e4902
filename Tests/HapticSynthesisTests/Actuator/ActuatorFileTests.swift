import HapticReader
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// Actuator files (docs/actuators.md §3): values and their located errors.
@Suite struct ActuatorFileTests {
  private static func diagnose(_ marked: String, rate: Int = 48_000) -> (ActuatorModel?, [String], MarkedText) {
    let text = MarkedText(marked)
    var diagnostics = Diagnostics()
    let model = ActuatorModel.parse(Array(text.text.utf8), file: "a.json", sampleRate: rate, diagnostics: &diagnostics)
    return (model, diagnostics.all.map { "\($0)" }, text)
  }

  @Test func fileIsRead() {
    var diagnostics = Diagnostics()
    let model = ActuatorModel.parse(
      Array(
        "{\"resonance\": 235, \"q\": 8.5, \"ratedDrive\": 0.7, \"gPerUnit\": 1.9, \"resonanceTolerance\": 12, \"ceiling\": -3}"
          .utf8),
      file: "a.json", sampleRate: 48_000, diagnostics: &diagnostics)
    #expect(
      model
        == ActuatorModel(
          resonance: 235, qualityFactor: 8.5, ratedDrive: 0.7, gPerUnit: 1.9, resonanceTolerance: 12, ceiling: -3))
    #expect(diagnostics.all.isEmpty)
  }

  @Test func missingRatedDriveIsHalfOfFullScaleWithAWarning() {
    let (model, messages, _) = Self.diagnose("⚑{\"resonance\": 170, \"q\": 12}")
    #expect(model == ActuatorModel(resonance: 170, qualityFactor: 12, ratedDrive: 0.5, resonanceTolerance: 0))
    #expect(model?.ceiling == -1)
    #expect(
      messages == [
        "a.json:1:1: warning: (document): missing \"ratedDrive\"; 0.5 (half of full scale) is used [default-value]"
      ])
  }

  @Test(arguments: [
    (
      "{\"resonance\": 170, \"q\": ⚑0}",
      "q: expected a quality factor within 1…100, found 0 [out-of-range]"
    ),
    (
      "{\"resonance\": 170, \"q\": ⚑-3}",
      "q: expected a quality factor within 1…100, found -3 [out-of-range]"
    ),
    (
      "{\"resonance\": ⚑600, \"q\": 12}",
      "resonance: the resonance 600 Hz is not below half the 1000 Hz sample rate; it needs a sample rate above 1200 Hz [out-of-range]"
    ),
    (
      "{\"resonance\": 170, \"q\": 12, \"ratedDrive\": ⚑0}",
      "ratedDrive: expected a rated drive, of full scale, within 0.01…1, found 0 [out-of-range]"
    ),
    (
      "{\"resonance\": 170, \"q\": 12, \"ratedDrive\": ⚑1e-300}",
      "ratedDrive: expected a rated drive, of full scale, within 0.01…1, found 1e-300 [out-of-range]"
    ),
    (
      "{\"resonance\": 170, \"q\": 12, \"ratedDrive\": ⚑5e-309}",
      "ratedDrive: expected a rated drive, of full scale, within 0.01…1, found 5e-309 [out-of-range]"
    ),
    (
      "{\"resonance\": ⚑1, \"q\": 12}",
      "resonance: expected a resonance in Hz within 40…1000, found 1 [out-of-range]"
    ),
    (
      "{\"resonance\": 170, \"q\": ⚑1000}",
      "q: expected a quality factor within 1…100, found 1000 [out-of-range]"
    ),
    (
      "{\"resonance\": 170, \"q\": 12, \"gPerUnit\": ⚑1e9}",
      "gPerUnit: expected g per unit of acceleration within 0.01…100, found 1000000000 [out-of-range]"
    ),
    (
      "{\"resonance\": 170, \"q\": 12, \"ratedDrive\": 1e999⚑}",
      "ratedDrive: invalid JSON: number 1e999 is out of range [json-syntax]"
    ),
    (
      "{\"resonance\": ⚑NaN, \"q\": 12}",
      "resonance: invalid JSON: expected a value, found 'N' [json-syntax]"
    ),
    (
      "{\"resonance\": 170, \"q\": 12, ⚑\"Q\": 12}",
      "Q: unknown key \"Q\"; did you mean \"q\"? [unknown-setting]"
    ),
    (
      "{\"resonance\": 170, \"q\": 12, \"ratedDrive\": 0.5, ⚑\"mass\": 2}",
      "mass: unknown key \"mass\"; an actuator has \"kind\", \"resonance\", \"q\", \"ratedDrive\", \"gPerUnit\", \"resonanceTolerance\", \"ceiling\", \"minimumFrequency\", \"maximumFrequency\" [unknown-setting]"
    ),
    (
      "{\"resonance\": 170, \"q\": 12, \"resonanceTolerance\": ⚑-5}",
      "resonanceTolerance: expected a resonance tolerance in Hz within 0…250, found -5 [out-of-range]"
    ),
    (
      "{\"resonance\": 170, \"q\": 12, \"resonanceTolerance\": ⚑1e9}",
      "resonanceTolerance: expected a resonance tolerance in Hz within 0…250, found 1000000000 [out-of-range]"
    ),
    (
      "{\"resonance\": 170, \"q\": 12, \"resonanceTolerance\": ⚑50}",
      "resonanceTolerance: the tolerance 50 Hz is not below a quarter of the 170 Hz resonance [out-of-range]"
    ),
    (
      "{\"resonance\": 170, \"q\": 12, \"resonanceTolerance\": ⚑NaN}",
      "resonanceTolerance: invalid JSON: expected a value, found 'N' [json-syntax]"
    ),
    (
      "{\"resonance\": 170, \"q\": 12, \"ceiling\": ⚑0.5}",
      "ceiling: expected a ceiling in dBFS within -40…0, found 0.5 [out-of-range]"
    ),
    (
      "{\"resonance\": 170, \"q\": 12, \"ceiling\": ⚑-1e9}",
      "ceiling: expected a ceiling in dBFS within -40…0, found -1000000000 [out-of-range]"
    ),
    (
      "{\"resonance\": 170, \"q\": 12, \"ceiling\": ⚑NaN}",
      "ceiling: invalid JSON: expected a value, found 'N' [json-syntax]"
    ),
    (
      "{\"resonance\": ⚑\"170\", \"q\": 12}",
      "resonance: expected a number, found \"170\" [wrong-type]"
    ),
  ])
  func badValuesAreLocatedErrors(_ marked: String, _ message: String) {
    let (model, messages, text) = Self.diagnose(marked, rate: marked.contains("600") ? 1_000 : 48_000)
    #expect(model == nil)
    #expect(messages.contains("a.json:1:\(text.position.column): error: \(message)"), "\(messages)")
  }

  /// A band makes the file a voice coil's, with or without its kind; without a band it is an
  /// LRA's, with a warning when its Q is a wideband actuator's and it does not say `lra`.
  @Test func bandMakesAVoiceCoil() {
    let band = FrequencyBand(minimumFrequency: 50, maximumFrequency: 300)
    let voiceCoil = ActuatorModel(resonance: 80, qualityFactor: 2, ratedDrive: 0.5, usableBand: band)
    for text in [
      "⚑{\"resonance\": 80, \"q\": 2, \"ratedDrive\": 0.5, \"minimumFrequency\": 50, \"maximumFrequency\": 300}",
      "⚑{\"kind\": \"voice-coil\", \"resonance\": 80, \"q\": 2, \"ratedDrive\": 0.5, \"minimumFrequency\": 50, \"maximumFrequency\": 300}",
    ] {
      let (model, messages, _) = Self.diagnose(text)
      #expect(model == voiceCoil && model?.kind == .voiceCoil, "\(messages)")
      #expect(messages.count == 2, "\(messages)")
      #expect(
        messages.first?.hasSuffix(
          ": warning: minimumFrequency: at 50 Hz an intensity of 1 needs 1.75× full scale, above the drive's ceiling of 0.89 (-1 dBFS): intensities above 0.71 are limited [device-limit]"
        ) == true, "\(messages)")
      #expect(
        messages.last?.hasSuffix(
          ": warning: maximumFrequency: at 300 Hz an intensity of 1 needs 0.94× full scale, above the drive's ceiling of 0.89 (-1 dBFS): intensities above 0.97 are limited [device-limit]"
        ) == true, "\(messages)")
    }
    let (lowQ, warnings, text) = Self.diagnose("{\"resonance\": 80, \"q\": ⚑2, \"ratedDrive\": 0.5}")
    #expect(lowQ?.kind == .lra)
    #expect(
      warnings == [
        "a.json:1:\(text.position.column): warning: q: a Q of 2 is a wideband actuator's; without \"minimumFrequency\" and \"maximumFrequency\" it is driven as an LRA, its carriers within its -3 dB band (\"kind\": \"lra\" says so) [default-value]"
      ])
    let (model, messages, _) = Self.diagnose("⚑{\"kind\": \"lra\", \"resonance\": 170, \"q\": 12, \"ratedDrive\": 0.5}")
    #expect(model == ActuatorModel(resonance: 170, qualityFactor: 12) && model?.kind == .lra)
    #expect(messages.isEmpty)
  }

  @Test(arguments: [
    (
      "{\"resonance\": 80, \"q\": 2, \"minimumFrequency\": ⚑0.5, \"maximumFrequency\": 300}",
      "minimumFrequency: expected a frequency in Hz of at least 1 and below half the 48000 Hz sample rate (24000), found 0.5 [out-of-range]"
    ),
    (
      "{\"resonance\": 80, \"q\": 2, \"minimumFrequency\": 50, \"maximumFrequency\": ⚑30000}",
      "maximumFrequency: expected a frequency in Hz of at least 1 and below half the 48000 Hz sample rate (24000), found 30000 [out-of-range]"
    ),
    (
      "{\"resonance\": 80, \"q\": 2, \"minimumFrequency\": 300, \"maximumFrequency\": ⚑300}",
      "maximumFrequency: the band's upper edge 300 Hz is not above its lower edge 300 Hz [out-of-range]"
    ),
    (
      "{\"resonance\": 80, \"q\": 2, \"minimumFrequency\": 50, \"maximumFrequency\": ⚑24000}",
      "maximumFrequency: expected a frequency in Hz of at least 1 and below half the 48000 Hz sample rate (24000), found 24000 [out-of-range]"
    ),
    (
      "{\"resonance\": 80, \"q\": 2, \"minimumFrequency\": ⚑5, \"maximumFrequency\": 300}",
      "minimumFrequency: at 5 Hz an intensity of 1 needs 255.13× full scale, more than the 10× a band's lower edge may need (below it the drive's gain rises further and its slow swings would push the coil aside); this actuator's band starts at 24.28 Hz or above [out-of-range]"
    ),
    (
      "⚑{\"kind\": \"voice-coil\", \"resonance\": 80, \"q\": 2, \"minimumFrequency\": 50}",
      "(document): missing \"maximumFrequency\", which a voice-coil actuator requires [missing-key]"
    ),
    (
      "{\"kind\": ⚑\"lra\", \"resonance\": 80, \"q\": 2, \"minimumFrequency\": 50, \"maximumFrequency\": 300}",
      "kind: an \"lra\" is driven within its -3 dB band; \"minimumFrequency\" and \"maximumFrequency\" describe a \"voice-coil\" [out-of-range]"
    ),
    (
      "{\"kind\": ⚑\"piezo\", \"resonance\": 80, \"q\": 2}",
      "kind: expected \"lra\" or \"voice-coil\", found \"piezo\" [wrong-type]"
    ),
    (
      "{\"resonance\": 80, \"q\": ⚑0, \"minimumFrequency\": 50, \"maximumFrequency\": 300}",
      "q: expected a quality factor within 1…100, found 0 [out-of-range]"
    ),
  ])
  func badBandsAreLocatedErrors(_ marked: String, _ message: String) {
    let (model, messages, text) = Self.diagnose(marked)
    #expect(model == nil)
    #expect(messages.contains("a.json:1:\(text.position.column): error: \(message)"), "\(messages)")
  }

  /// A band built in code is checked as a file's is.
  @Test(arguments: [(Double.nan, 300.0), (50, .nan), (0.5, 300), (50, 30_000), (300, 50), (50, 24_000), (5, 300)])
  func hostileBandIsRefusedByTheRender(_ minimum: Double, _ maximum: Double) {
    let band = FrequencyBand(minimumFrequency: minimum, maximumFrequency: maximum)
    #expect(throws: RenderError.self) {
      try PatternFixtures.render(PatternFixtures.document(PatternFixtures.event("HapticTransient"))) {
        $0.actuator = ActuatorRendering(model: ActuatorModel(resonance: 80, qualityFactor: 2, usableBand: band))
      }
    }
  }

  /// A band the actuator cannot play as written is driven with warnings, in the order of the
  /// text: a Q that is an LRA's, edges that need more than the drive's ceiling, a band below the
  /// resonance. A band that is refused gets no warning about being driven as an LRA.
  @Test func unplayableBandsWarn() {
    let (model, messages, _) = Self.diagnose(
      "⚑{\"kind\": \"voice-coil\", \"resonance\": 170, \"q\": 50, \"ratedDrive\": 0.1, \"minimumFrequency\": 150, \"maximumFrequency\": 160}"
    )
    #expect(model?.kind == .voiceCoil)
    #expect(
      messages == [
        "a.json:1:47: warning: q: a Q of 50 is an LRA's, not a voice coil's (at most 3): its narrow resonance cannot be equalized across the band 150…160 Hz; without the band it is driven as an LRA [device-limit]",
        "a.json:1:90: warning: minimumFrequency: at 150 Hz an intensity of 1 needs 1.43× full scale, above the drive's ceiling of 0.89 (-1 dBFS): intensities above 0.79 are limited [device-limit]",
        "a.json:1:115: warning: maximumFrequency: the band 150…160 Hz lies entirely below the 170 Hz resonance, where the actuator gives the least acceleration for its drive; a voice coil's band spans its resonance [device-limit]",
      ])
    let (rejected, diagnostics, _) = Self.diagnose(
      "⚑{\n  \"resonance\": 80,\n  \"q\": 2,\n  \"minimumFrequency\": 300,\n  \"maximumFrequency\": 50\n}")
    #expect(rejected == nil)
    #expect(
      diagnostics == [
        "a.json:1:1: warning: (document): missing \"ratedDrive\"; 0.5 (half of full scale) is used [default-value]",
        "a.json:5:23: error: maximumFrequency: the band's upper edge 50 Hz is not above its lower edge 300 Hz [out-of-range]",
      ])
  }

  @Test func resonanceAndQAreRequired() {
    let (model, messages, _) = Self.diagnose("⚑{\"ratedDrive\": 0.5}")
    #expect(model == nil)
    #expect(
      messages == [
        "a.json:1:1: error: (document): missing \"resonance\", which is required [missing-key]",
        "a.json:1:1: error: (document): missing \"q\", which is required [missing-key]",
      ])
  }

  /// A model built in code is checked as a file is: a tolerance that is not a spread between
  /// units is refused before it reaches the drive.
  @Test(arguments: [-1.0, .nan, .infinity, 50])
  func hostileToleranceIsRefusedByTheRender(_ tolerance: Double) {
    #expect(throws: RenderError.self) {
      try PatternFixtures.render(PatternFixtures.document(PatternFixtures.event("HapticTransient"))) {
        $0.actuator = ActuatorRendering(
          model: ActuatorModel(resonance: 170, qualityFactor: 12, resonanceTolerance: tolerance))
      }
    }
  }

  @Test(arguments: [0.1, -41, .nan, -.infinity])
  func hostileCeilingIsRefusedByTheRender(_ ceiling: Double) {
    #expect(throws: RenderError.self) {
      try PatternFixtures.render(PatternFixtures.document(PatternFixtures.event("HapticTransient"))) {
        $0.actuator = ActuatorRendering(model: ActuatorModel(resonance: 170, qualityFactor: 12, ceiling: ceiling))
      }
    }
  }

  @Test func resonanceAtHalfTheRateIsRefusedByTheRender() {
    #expect(
      throws: RenderError.resonanceAboveNyquist(resonance: 500, sampleRate: 1_000)
    ) {
      try PatternFixtures.render(PatternFixtures.document(PatternFixtures.event("HapticTransient")), rate: 1_000) {
        $0.actuator = ActuatorRendering(model: ActuatorModel(resonance: 500, qualityFactor: 10))
      }
    }
  }
}
