import HapticModel
import HapticPipeline
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// The render's errors are values: which option, which value, which range or limit; their
/// messages say what is wrong in the library's terms, naming no flag of `render`.
@Suite struct RenderErrorTests {
  typealias Bounds = RenderOptions.Bounds

  /// An option out of range, the value the error carries, its range and its message.
  struct OutOfRangeCase: Sendable, CustomTestStringConvertible {
    var setting: RenderOptions.Setting
    var value: Double
    var range: Bounds
    var message: String
    var set: @Sendable (inout RenderOptions) -> Void
    var testDescription: String { message }
  }

  static let outOfRange: [OutOfRangeCase] = [
    OutOfRangeCase(
      setting: .sampleRate, value: 10, range: Bounds(1_000...384_000),
      message: "sample rate 10 Hz is outside 1000…384000 Hz"
    ) { $0.sampleRate = 10 },
    OutOfRangeCase(
      setting: .blockSize, value: 0, range: Bounds(1...65_536), message: "block size 0 is outside 1…65536"
    ) { $0.blockSize = 0 },
    OutOfRangeCase(
      setting: .intensityScale, value: 1.5, range: Bounds(0...1), message: "intensity scale 1.5 is outside 0…1"
    ) { $0.intensityScale = 1.5 },
    OutOfRangeCase(
      setting: .gain, value: 70, range: Bounds(-120...60), message: "gain 70 dB is outside -120…60 dB"
    ) { $0.gainDecibels = 70 },
    OutOfRangeCase(setting: .tail, value: -1, range: .atLeast(0), message: "tail -1 s must be ≥ 0 s") {
      $0.tailSeconds = -1
    },
    OutOfRangeCase(
      setting: .maximumDuration, value: 0, range: Bounds(0...604_800, excludingLowerBound: true),
      message: "maximum duration 0 s is outside 0 (excluded)…604800 s"
    ) { $0.maximumDurationSeconds = 0 },
    OutOfRangeCase(
      setting: .ceiling, value: 0, range: Bounds(0...1, excludingLowerBound: true),
      message: "ceiling 0 is outside 0 (excluded)…1"
    ) { $0.ceiling = 0 },
    OutOfRangeCase(
      setting: .actuatorResonance, value: 1, range: Bounds(40...1_000),
      message: "actuator resonance 1 Hz is outside 40…1000 Hz"
    ) { $0.actuator = ActuatorRendering(model: ActuatorModel(resonance: 1, qualityFactor: 10)) },
    OutOfRangeCase(
      setting: .actuatorQualityFactor, value: 1_000, range: Bounds(1...100),
      message: "actuator quality factor 1000 is outside 1…100"
    ) { $0.actuator = ActuatorRendering(model: ActuatorModel(resonance: 170, qualityFactor: 1_000)) },
    OutOfRangeCase(
      setting: .actuatorRatedDrive, value: 1.25, range: Bounds(0.01...1),
      message: "actuator rated drive 1.25 is outside 0.01…1"
    ) { $0.actuator = ActuatorRendering(model: ActuatorModel(resonance: 170, qualityFactor: 10, ratedDrive: 1.25)) },
    OutOfRangeCase(
      setting: .actuatorRatedDrive, value: 5e-309, range: Bounds(0.01...1),
      message: "actuator rated drive 5e-309 is outside 0.01…1"
    ) { $0.actuator = ActuatorRendering(model: ActuatorModel(resonance: 170, qualityFactor: 10, ratedDrive: 5e-309)) },
    OutOfRangeCase(
      setting: .actuatorGPerUnit, value: 1e6, range: Bounds(0.01...100),
      message: "actuator g per unit 1000000 g is outside 0.01…100 g"
    ) { $0.actuator = ActuatorRendering(model: ActuatorModel(resonance: 170, qualityFactor: 10, gPerUnit: 1e6)) },
    OutOfRangeCase(
      setting: .actuatorCeiling, value: 0.5, range: Bounds(-40...0),
      message: "actuator ceiling 0.5 dBFS is outside -40…0 dBFS"
    ) { $0.actuator = ActuatorRendering(model: ActuatorModel(resonance: 170, qualityFactor: 10, ceiling: 0.5)) },
  ]

  /// A tolerance must be below a quarter of the resonance: the quarter itself is refused, and
  /// the range says that it is excluded.
  @Test func aToleranceOfAQuarterOfTheResonanceIsRefusedAsExcluded() throws {
    var options = RenderOptions()
    options.actuator = ActuatorRendering(
      model: ActuatorModel(resonance: 170, qualityFactor: 10, resonanceTolerance: 42.5))
    #expect(throws: RenderError.self) { try options.validate() }
    do {
      try options.validate()
    } catch {
      #expect("\(error)" == "actuator resonance tolerance 42.5 Hz is outside 0…42.5 (excluded) Hz")
    }
    options.actuator?.model.resonanceTolerance = 42.49
    try options.validate()
  }

  @Test(arguments: outOfRange)
  func anOptionOutOfRangeNamesItsSettingValueAndRange(_ test: OutOfRangeCase) throws {
    var options = RenderOptions()
    test.set(&options)
    let error = try #require(throws: RenderError.self) { try options.validate() }
    guard case .optionOutOfRange(let setting, let value, let range) = error else {
      Issue.record("not an option out of range: \(error)")
      return
    }
    #expect(setting == test.setting)
    #expect(value == test.value)
    #expect(range == test.range)
    #expect(range == setting.bounds)
    #expect(!range.contains(value))
    #expect(error.description == test.message)
  }

  /// Each setting's bounds hold its default and refuse NaN and the infinities.
  @Test(arguments: RenderOptions.Setting.allCases)
  func boundsAcceptTheDefaultsAndRefuseNonFiniteValues(_ setting: RenderOptions.Setting) {
    for value in [Double.nan, .infinity, -.infinity] {
      #expect(!setting.bounds.contains(value), "\(setting) \(value)")
    }
    let defaults = RenderOptions()
    let model = ActuatorModel.lra
    let value: Double =
      switch setting {
      case .sampleRate: Double(defaults.sampleRate)
      case .blockSize: Double(defaults.blockSize)
      case .intensityScale: defaults.intensityScale
      case .gain: defaults.gainDecibels
      case .tail: defaults.tailSeconds
      case .maximumDuration: defaults.maximumDurationSeconds
      case .ceiling: defaults.ceiling
      case .actuatorResonance: model.resonance
      case .actuatorQualityFactor: model.qualityFactor
      case .actuatorRatedDrive: model.ratedDrive
      case .actuatorGPerUnit: 1
      case .actuatorResonanceTolerance: model.resonanceTolerance
      case .actuatorCeiling: model.ceiling
      case .actuatorBandEdge: ActuatorModel.voiceCoil.usableBand?.minimumFrequency ?? 0
      }
    #expect(setting.bounds.contains(value), "\(setting) \(value)")
  }

  @Test func boundsTellAnExcludedLowerBound() {
    let ceiling = RenderOptions.Setting.ceiling.bounds
    #expect(!ceiling.contains(0))
    #expect(ceiling.contains(1e-9))
    #expect(ceiling.contains(1))
    #expect(!ceiling.contains(1.000_001))
    #expect(RenderOptions.Setting.tail.bounds.contains(1e300))
    #expect("\(RenderOptions.Setting.tail.bounds)" == "≥ 0")
    #expect("\(RenderOptions.Setting.gain.bounds)" == "-120…60")
  }

  @Test func anActuatorAtHalfTheRateCarriesTheResonanceAndTheRate() throws {
    var options = RenderOptions()
    options.sampleRate = 1_000
    options.actuator = ActuatorRendering(model: ActuatorModel(resonance: 500, qualityFactor: 10))
    let error = try #require(throws: RenderError.self) { try options.validate() }
    #expect(error == .resonanceAboveNyquist(resonance: 500, sampleRate: 1_000))
    #expect(error.description == "actuator resonance 500 Hz is not below half the 1000 Hz sample rate")
  }

  @Test func anActuatorSourceWithoutAnActuatorSaysSo() throws {
    let pattern = try PatternFixtures.pattern(PatternFixtures.document(PatternFixtures.event("HapticTransient")))
    #expect(throws: RenderError.missingActuator) { try ActuatorSource(pattern, options: RenderOptions()) }
  }

  @Test func limitsCarryTheFiguresThatExceedThem() throws {
    let late = PatternFixtures.document(PatternFixtures.event("HapticTransient", time: 5_000))
    let long = try #require(throws: RenderError.self) { try PatternFixtures.render(late) }
    #expect(long == .durationLimitExceeded(seconds: 5_000, limit: 3_600))
    #expect(long.description == "the output would last 5000 s, longer than the 3600 s limit")

    let events = (0..<20).map { _ in PatternFixtures.event("HapticContinuous", duration: 10) }
    let crowded = PatternFixtures.document(events.joined(separator: ","))
    let sound = try #require(throws: RenderError.self) {
      try PatternFixtures.render(crowded) { $0.maximumDurationSeconds = 15 }
    }
    guard case .soundLimitExceeded(let seconds, let limit) = sound else {
      Issue.record("not the sound limit: \(sound)")
      return
    }
    #expect(seconds >= 200)
    #expect(limit == 150)
    #expect(sound.description.hasSuffix("s in all, more than the 150 s limit (10 × the maximum duration)"))
  }

  @Test func aPeakRefusedCarriesThePeak() throws {
    let loud = PatternFixtures.document(PatternFixtures.event("HapticTransient", ["HapticIntensity": 1]))
    let error = try #require(throws: RenderError.self) {
      try PatternFixtures.render(loud) {
        $0.gainDecibels = 12
        $0.peakPolicy = .error
      }
    }
    guard case .peakOverflow(let peak) = error else {
      Issue.record("not an overflow: \(error)")
      return
    }
    #expect(peak > 1)
    #expect(error.description.hasSuffix("(above full scale), which the peak policy `error` refuses"))
  }

  /// No message of the library names a flag or the command.
  @Test func messagesNameNoFlag() throws {
    let errors: [RenderError] =
      Self.outOfRange.map { .optionOutOfRange($0.setting, value: $0.value, range: $0.range) } + [
        .resonanceAboveNyquist(resonance: 600, sampleRate: 1_000), .missingActuator,
        .carrierAboveNyquist(frequency: 600, sampleRate: 1_000), .peakOverflow(peak: 1.5),
        .durationLimitExceeded(seconds: 5_000, limit: 3_600), .soundLimitExceeded(seconds: 40_000, limit: 36_000),
        .missingWaveform(path: "a.wav"),
      ]
    for error in errors {
      #expect(!error.description.contains("--"), "\(error)")
      #expect(!error.description.contains("render "), "\(error)")
    }
  }
}
