import HapticRender
import OfflineCoreHaptics
import Testing
import _HapticRenderTestSupport

/// AHAP read and written through `JSONSerialization` with `[CHHapticPattern.Key: Any]`, as
/// Apple's samples do, both ways, nested dictionaries and arrays included.
@Suite struct JSONSerializationTests {
  /// Reads an AHAP file as Apple's samples do: `JSONSerialization.jsonObject(with:)` cast to
  /// `[CHHapticPattern.Key: Any]`.
  static func dictionary(contentsOf url: URL) throws -> [CHHapticPattern.Key: Any] {
    let data = try Data(contentsOf: url, options: [])
    let object = try JSONSerialization.jsonObject(with: data, options: [])
    return try #require(object as? [CHHapticPattern.Key: Any], "\(type(of: object)) is no pattern dictionary")
  }

  /// Every sample that names no waveform plays the same read either way.
  @Test func filesReadThroughJSONSerializationSoundAsTheFiles() throws {
    let names = ["breath-478", "heartbeat", "intensity-control-steps", "success", "audio-tone", "quick-sample"]
    for name in names {
      let url = URL(fileURLWithPath: "\(Locations.samples)/\(name).ahap")
      let dictionary = try Self.dictionary(contentsOf: url)
      #expect((dictionary[.pattern] as? [Any])?.isEmpty == false, "\(name)")
      let samples = try Measured.samples(CHHapticPattern(dictionary: dictionary))
      #expect(samples == (try Measured.samples(CHHapticPattern(contentsOf: url))), "\(name)")
      #expect(Signal.peak(samples[...]) > 0.01, "\(name) is silent")
    }
  }

  /// `true` and `false` stay Booleans (`JSONSerialization` reads them as numbers of Foundation's
  /// Boolean class), so a waveform's volume envelope is followed as the file asks.
  @Test func booleansReadThroughJSONSerializationStayBooleans() throws {
    let folder = try TemporaryFolder()
    let knock = "\(Locations.samples)/knock.wav"
    func file(envelope: Bool) throws -> URL {
      let text = """
        {"Version": 1, "Pattern": [
          {"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "\(knock)",
            "EventWaveformUseVolumeEnvelope": \(envelope), "EventWaveformLoopEnabled": false,
            "EventParameters": [{"ParameterID": "AudioVolume", "ParameterValue": 0.5},
              {"ParameterID": "DecayTime", "ParameterValue": 0.1}, {"ParameterID": "Sustained", "ParameterValue": 0}]}}
        ]}
        """
      let url = URL(fileURLWithPath: "\(folder.path)/knock-\(envelope).ahap")
      try Data(text.utf8).write(to: url)
      return url
    }
    var renders: [[Float]] = []
    for envelope in [true, false] {
      let url = try file(envelope: envelope)
      let samples = try Measured.samples(CHHapticPattern(dictionary: Self.dictionary(contentsOf: url)))
      #expect(samples == (try Measured.samples(CHHapticPattern(contentsOf: url))), "envelope \(envelope)")
      renders.append(samples)
    }
    #expect(renders[0] != renders[1], "the envelope shapes the knock")
  }

  /// `JSONSerialization.data(withJSONObject: pattern.exportDictionary())` writes an AHAP file
  /// that sounds as the pattern, and reads back into `[CHHapticPattern.Key: Any]`.
  @Test func exportedDictionariesWriteAsJSON() throws {
    let folder = try TemporaryFolder()
    let pattern = try PatternTests.breath()
    let exported = try pattern.exportDictionary()
    #expect(JSONSerialization.isValidJSONObject(exported))
    let data = try JSONSerialization.data(withJSONObject: exported, options: [.prettyPrinted, .sortedKeys])
    let url = URL(fileURLWithPath: "\(folder.path)/breath.ahap")
    try data.write(to: url)

    let expected = try Measured.samples(pattern)
    #expect(try Measured.samples(CHHapticPattern(contentsOf: url)) == expected)
    #expect(try Measured.samples(CHHapticPattern(dictionary: Self.dictionary(contentsOf: url))) == expected)
  }

  /// The exported dictionary's nested elements cast as on Apple platforms: to
  /// `[[CHHapticPattern.Key: Any]]` and to `[[String: Any]]`.
  @Test func exportedElementsCastBothWays() throws {
    let pattern = try CHHapticPattern(
      events: [Measured.tap(1, at: 0), Measured.tap(0.5, at: 0.25)],
      parameters: [CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 0.2)])
    let exported = try pattern.exportDictionary()
    let elements = try #require(exported[.pattern] as? [[CHHapticPattern.Key: Any]])
    let events = elements.compactMap { $0[.event] as? [CHHapticPattern.Key: Any] }
    #expect(events.compactMap { $0[.time] as? Double } == [0, 0.25])
    #expect(events.compactMap { $0[.eventType] as? String } == ["HapticTransient", "HapticTransient"])
    let parameters = try #require(events.first?[.eventParameters] as? [[CHHapticPattern.Key: Any]])
    #expect(
      parameters.contains { $0[.parameterID] as? String == "HapticIntensity" && $0[.parameterValue] as? Double == 1 })
    let control = try #require(elements.compactMap { $0[.parameter] as? [CHHapticPattern.Key: Any] }.first)
    #expect(control[.parameterID] as? String == "HapticIntensityControl")

    let strings = try #require(exported["Pattern"] as? [[String: Any]])
    #expect(strings.compactMap { ($0["Event"] as? [String: Any])?["Time"] as? Double } == [0, 0.25])
    #expect(exported.keys.map(\.rawValue).sorted() == ["Pattern", "Version"])
  }

  /// A dictionary written in code, Core Haptics' names as values, writes as JSON too (as those
  /// names bridge to strings on Apple platforms) and plays as written.
  @Test func dictionariesWrittenInCodeWriteAsJSON() throws {
    let folder = try TemporaryFolder()
    let tap: [CHHapticPattern.Key: Any] = [
      .eventType: CHHapticEvent.EventType.hapticTransient, .time: 0.5,
      .eventParameters: [
        [CHHapticPattern.Key.parameterID: CHHapticEvent.ParameterID.hapticIntensity, .parameterValue: 0.5]
      ],
    ]
    let fade: [CHHapticPattern.Key: Any] = [
      .parameterID: CHHapticDynamicParameter.ID.hapticIntensityControl, .time: 0.4, .parameterValue: 0.5,
    ]
    let written: [CHHapticPattern.Key: Any] = [
      .version: 1.0, .pattern: [[CHHapticPattern.Key.event: tap], [CHHapticPattern.Key.parameter: fade]],
    ]
    let data = try JSONSerialization.data(withJSONObject: written)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("\"HapticTransient\"") && text.contains("\"HapticIntensityControl\""), "\(text)")
    let url = URL(fileURLWithPath: "\(folder.path)/tap.ahap")
    try data.write(to: url)

    let samples = try Measured.samples(CHHapticPattern(contentsOf: url))
    #expect(samples == (try Measured.samples(CHHapticPattern(dictionary: written))))
    let bursts = Measured.bursts(samples)
    #expect(Measured.onsets(bursts, are: [0.5]))
    #expect(bursts.first.map { abs($0.peak - 0.0625) < 0.005 } == true, "(0.5 × 0.5)²")
  }
}
