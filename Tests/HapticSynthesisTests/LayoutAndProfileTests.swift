import HapticReader
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// Channel layouts (docs/signal-model.md §4.1) and actuator profiles.
@Suite struct LayoutAndProfileTests {
  private typealias F = PatternFixtures
  private static let mixed = F.document(
    F.event("HapticContinuous", duration: 0.2, ["HapticSharpness": 1, "HapticIntensity": 0.7]),
    F.event("AudioContinuous", duration: 0.2, ["AudioPan": -0.5, "AudioVolume": 0.4]))

  /// The haptic carrier (sharpness 1: 300 Hz, amplitude 0.7² = 0.49) and the tone (440 Hz,
  /// volume 0.4, panned −0.5: cos(π/8) left, sin(π/8) right) as each layout's channels
  /// should carry them (docs/signal-model.md §4.1), as amplitudes of the two components.
  private static let haptic = 0.49
  private static let (left, right) = (0.4 * 0.923_880, 0.4 * 0.382_683)

  private static let expectedLevels: [ChannelLayout: [(carrier: Double, tone: Double)]] = [
    .haptic: [(haptic, 0)],
    .audio: [(0, left), (0, right)],
    .stereo: [(haptic, left), (haptic, right)],
    .auto: [(haptic, left), (haptic, right)],
    .mono: [(haptic, (left + right) / 2)],
    .quad: [(0, left), (0, right), (haptic, 0), (haptic, 0)],
    .dualsense: [(0, left), (0, right), (haptic, 0), (haptic, 0)],
    .android: [(0, left), (0, right), (haptic, 0)],
    .androidMono: [(0, (left + right) / 2), (haptic, 0)],
    .androidStereo: [(0, left), (0, right), (haptic, 0)],
  ]

  @Test(arguments: ChannelLayout.allCases)
  func layoutCarriesEachBusWhereItSays(_ layout: ChannelLayout) throws {
    let expected = try #require(Self.expectedLevels[layout])
    let channels = try F.render(Self.mixed) { $0.layout = layout }.channels
    #expect(channels.count == expected.count)
    for (channel, levels) in zip(channels, expected) {
      let steady = channel[2_400..<7_200]  // 50–150 ms: after the attack, before the release
      let carrier = Spectrum.amplitude(of: steady, at: 300, sampleRate: 48_000)
      let tone = Spectrum.amplitude(of: steady, at: 440, sampleRate: 48_000)
      #expect(abs(carrier - levels.carrier) < 2e-3, "\(layout): 300 Hz at \(carrier)")
      #expect(abs(tone - levels.tone) < 2e-3, "\(layout): 440 Hz at \(tone)")
    }
  }

  @Test func autoIsHapticWithoutAudioEvents() throws {
    let audio = try F.render(F.document(F.event("HapticTransient")))
    #expect(audio.report.layout == .haptic && audio.channels.count == 1)
    #expect(try F.render(Self.mixed).report.layout == .stereo)
    let android = try F.render(F.document(F.event("HapticTransient"))) { $0.layout = .android }
    #expect(android.report.layout == .androidMono && android.channels.count == 2)
    #expect(android.channels[0].allSatisfy { $0 == 0 } && android.channels[1].contains { $0 != 0 })
    #expect(try F.render(Self.mixed) { $0.layout = .android }.report.layout == .androidStereo)
  }

  @Test(arguments: [
    ("wideband", 0.0, 55.0), ("wideband", 1.0, 200.0), ("lra150", 0.0, 140.0), ("lra150", 1.0, 160.0),
    ("preview", 0.5, 182.5),
  ])
  func profileSetsTheCarrier(_ name: String, _ sharpness: Double, _ frequency: Double) throws {
    let profile = try #require(SignalProfile.named(name))
    let audio = try F.render(F.document(F.event("HapticContinuous", duration: 1, ["HapticSharpness": sharpness]))) {
      $0.profile = profile
    }
    let measured = Spectrum.peakFrequency(of: audio.channels[0][0..<48_000], sampleRate: 48_000, in: 20...1_000)
    #expect(abs(measured - frequency) <= 1, "\(name): \(measured) Hz")
  }

  @Test func profileSetsTransientCyclesAndAmplitudeLaw() throws {
    var profile = SignalProfile.lra150
    profile.amplitudeExponent = 1
    let audio = try F.render(F.document(F.event("HapticTransient", ["HapticSharpness": 0, "HapticIntensity": 0.5]))) {
      $0.profile = profile
    }
    let last = try #require(Signal.lastNonZero(audio.channels[0]))
    #expect(abs(last + 1 - Int((3 * 48_000 / 140.0).rounded())) <= 1)
    #expect(abs(Signal.peak(audio.channels[0][...]) - 0.5) < 1e-3)
  }

  @Test func profileFileIsReadWithDiagnostics() throws {
    var diagnostics = Diagnostics()
    let text = MarkedText("{\"minimumFrequency\": 80, \"maximumFrequency\": ⚑25000, \"transientCycles\": 2.5}")
    #expect(SignalProfile.parse(Array(text.text.utf8), file: "p.json", diagnostics: &diagnostics) == nil)
    let error = try #require(diagnostics.all.first { $0.severity == .error })
    #expect(
      "\(error)"
        == "p.json:1:\(text.position.column): error: maximumFrequency: expected a frequency in Hz within 1…20000, found 25000 [out-of-range]"
    )
    #expect(diagnostics.all.contains { $0.message == "expected a whole number of cycles within 1…64, found 2.5" })

    var clean = Diagnostics()
    let profile = SignalProfile.parse(
      Array(
        "{\"minimumFrequency\": 80, \"maximumFrequency\": 120, \"amplitudeExponent\": 1.5, \"transientCycles\": 4}".utf8
      ), file: "p.json", diagnostics: &clean)
    #expect(
      profile == SignalProfile(minimumFrequency: 80, maximumFrequency: 120, amplitudeExponent: 1.5, transientCycles: 4))
    #expect(clean.all.isEmpty)
  }

  @Test func carrierAboveNyquistIsAnError() throws {
    var profile = SignalProfile.preview
    profile.maximumFrequency = 600
    #expect(throws: RenderError.carrierAboveNyquist(frequency: 600, sampleRate: 1_000)) {
      try F.render(F.document(F.event("HapticTransient")), rate: 1_000) { $0.profile = profile }
    }
  }
}
