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
      "mass: unknown key \"mass\"; an actuator has \"resonance\", \"q\", \"ratedDrive\", \"gPerUnit\", \"resonanceTolerance\", \"ceiling\" [unknown-setting]"
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
