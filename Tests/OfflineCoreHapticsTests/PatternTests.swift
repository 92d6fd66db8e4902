import Foundation
import HapticRender
import OfflineCoreHaptics
import Testing
import _HapticRenderTestSupport

/// Patterns built with Core Haptics' types render as their AHAP files do.
@Suite struct PatternTests {
  static let rate = RenderedSamples.rate

  static func samples(_ pattern: CHHapticPattern) throws -> [Float] {
    try RenderedSamples.of { try pattern.render(to: $0, options: $1) }
  }

  /// The 4-7-8 breath of `samples/breath-478.ahap`, written as an app writes it.
  static func breath() throws -> CHHapticPattern {
    let parameters = [
      CHHapticEventParameter(parameterID: .hapticIntensity, value: 0.8),
      CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.3),
    ]
    let inhale = CHHapticEvent(eventType: .hapticContinuous, parameters: parameters, relativeTime: 0, duration: 4)
    let exhale = CHHapticEvent(eventType: .hapticContinuous, parameters: parameters, relativeTime: 11, duration: 8)
    let swell = CHHapticParameterCurve(
      parameterID: .hapticIntensityControl,
      controlPoints: [.init(relativeTime: 0, value: 0), .init(relativeTime: 4, value: 1)], relativeTime: 0)
    let fade = CHHapticParameterCurve(
      parameterID: .hapticIntensityControl,
      controlPoints: [.init(relativeTime: 0, value: 1), .init(relativeTime: 8, value: 0)], relativeTime: 11)
    return try CHHapticPattern(events: [inhale, exhale], parameterCurves: [swell, fade])
  }

  @Test func aBreathBuiltInCodeRendersAsItsAHAPFile() throws {
    let file = try CHHapticPattern(contentsOf: URL(fileURLWithPath: "\(Locations.samples)/breath-478.ahap"))
    let fromFile = try Self.samples(file)
    #expect(fromFile.count == 19 * Self.rate + Self.rate / 50)  // 19 s and the exhale's 20 ms release
    #expect(try Self.samples(Self.breath()) == fromFile)
    #expect(try Self.breath().duration == 19, "Apple's duration has no release tail")
  }

  @Test func exportedDictionariesReadBackToTheSameSound() throws {
    let breath = try Self.breath()
    let dictionary = try breath.exportDictionary()
    #expect((dictionary[.pattern] as? [Any])?.count == 4)
    #expect(try Self.samples(CHHapticPattern(dictionary: dictionary)) == Self.samples(breath))

    let written: [CHHapticPattern.Key: Any] = [
      .version: 1.0,
      .pattern: [
        [
          CHHapticPattern.Key.event: [
            CHHapticPattern.Key.eventType: CHHapticEvent.EventType.hapticTransient,
            CHHapticPattern.Key.time: 0.25,
            CHHapticPattern.Key.eventParameters: [
              [CHHapticPattern.Key.parameterID: CHHapticEvent.ParameterID.hapticIntensity, .parameterValue: 0.5]
            ],
          ]
        ]
      ],
    ]
    let samples = try Self.samples(CHHapticPattern(dictionary: written))
    let onset = try #require(Signal.firstNonZero(samples))
    #expect(abs(onset - Self.rate / 4) <= 1)
    #expect(abs(Signal.peak(samples[...]) - 0.25) < 5e-3)
  }

  /// Audio files come in through the engine's registry or a dictionary's path; Booleans stay
  /// Booleans and whole numbers numbers.
  @Test func audioResourcesPlayTheirFiles() throws {
    let knock = URL(fileURLWithPath: "\(Locations.samples)/knock.wav")
    let id = try CHHapticEngine().registerAudioResource(knock)
    let event = CHHapticEvent(
      audioResourceID: id, parameters: [CHHapticEventParameter(parameterID: .audioVolume, value: 1)], relativeTime: 0.5)
    let registered = try Self.samples(CHHapticPattern(events: [event], parameters: []))
    let onset = try #require(Signal.firstNonZero(registered))
    #expect(abs(onset - Self.rate / 2) <= 1)

    let written: [CHHapticPattern.Key: Any] = [
      .pattern: [
        [
          CHHapticPattern.Key.event: [
            CHHapticPattern.Key.eventType: CHHapticEvent.EventType.audioCustom, .time: 0.5,
            .eventWaveformPath: knock.path, .eventWaveformUseVolumeEnvelope: true,
            .eventParameters: [[CHHapticPattern.Key.parameterID: "AudioVolume", .parameterValue: 1]],
          ]
        ]
      ]
    ]
    #expect(try Self.samples(CHHapticPattern(dictionary: written)) == registered)
    let unknown = CHHapticEvent(audioResourceID: 9_999, parameters: [], relativeTime: 0)
    let missing = #expect(throws: CHHapticError.self) { try CHHapticPattern(events: [unknown], parameters: []) }
    #expect(missing?.code == .invalidAudioResource)
  }

  /// `duration` is Apple's: the latest event's start plus its duration, or the latest control's
  /// start, without release tails; the render adds the tails (docs/signal-model.md §5.2).
  @Test func durationIsApplesAndTheRenderAddsTails() throws {
    let buzz = CHHapticEvent(
      eventType: .hapticContinuous,
      parameters: [CHHapticEventParameter(parameterID: .releaseTime, value: 0.5)], relativeTime: 0.5, duration: 1)
    let alone = try CHHapticPattern(events: [buzz], parameters: [])
    #expect(alone.duration == 1.5)
    #expect(try Self.samples(alone).count == Int((1.5 + 0.02 * 16) * Double(Self.rate)))
    let late = CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 3)
    let pattern = try CHHapticPattern(events: [buzz], parameters: [late])
    #expect(pattern.duration == 3)
    #expect(try Self.samples(pattern).count == 3 * Self.rate)
    // A curve counts by its start (1 s), not by its last point (4 s).
    let sweep = CHHapticParameterCurve(
      parameterID: .hapticIntensityControl,
      controlPoints: [.init(relativeTime: 0, value: 1), .init(relativeTime: 3, value: 0.2)], relativeTime: 1)
    let swept = try CHHapticPattern(events: [buzz], parameterCurves: [sweep])
    #expect(swept.duration == 1.5)
    #expect(try Self.samples(swept).count == Int((1.5 + 0.02 * 16) * Double(Self.rate)))
  }

  @Test func invalidPatternsThrowWithTheReason() throws {
    let endless = CHHapticEvent(eventType: .hapticContinuous, parameters: [], relativeTime: 0)
    let missing = #expect(throws: CHHapticError.self) { try CHHapticPattern(events: [endless], parameters: []) }
    #expect(missing?.code == .invalidPatternData)
    #expect(missing?.message.contains("needs a positive \"EventDuration\"") == true, "\(missing?.message ?? "")")

    let tap = CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0)
    // Curves share every ParameterID string (Apple): one on an attack control is a pattern.
    let attackCurve = CHHapticParameterCurve(
      parameterID: .hapticAttackTimeControl, controlPoints: [.init(relativeTime: 0, value: 0.5)], relativeTime: 0)
    #expect(try CHHapticPattern(events: [tap], parameterCurves: [attackCurve]).pattern.curves.count == 1)

    let notANumber = CHHapticEvent(
      eventType: .hapticTransient, parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: .nan)],
      relativeTime: 0)
    let nan = #expect(throws: CHHapticError.self) { try CHHapticPattern(events: [notANumber], parameters: []) }
    #expect(nan?.code == .invalidParameterType)
  }

  @Test func goldenFilesAcceptPatternsBuiltInCode() throws {
    let folder = try TemporaryFolder()
    let golden = "\(folder.path)/breath.flac"
    var options = RenderOptions()
    options.sampleRate = Self.rate
    #expect(throws: Golden.Mismatch.self) { try Golden.verify(try Self.breath(), golden: golden, options: options) }
    try Golden.verify(try Self.breath(), golden: golden, options: options)
    let louder = try CHHapticPattern(
      events: [
        CHHapticEvent(
          eventType: .hapticContinuous, parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: 1)],
          relativeTime: 0, duration: 4)
      ], parameters: [])
    #expect(throws: Golden.Mismatch.self) { try Golden.verify(louder, golden: golden, options: options) }
  }
}
