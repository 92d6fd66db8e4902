import HapticRender
import RenderCommandSupport
import Testing

/// The command line's words for the library's errors: the library's message, the flag that sets
/// the value, and what to change.
@Suite struct CommandLineMessagesTests {
  static let renderErrors: [(RenderError, String)] = [
    (
      .optionOutOfRange(.gain, value: 70, range: RenderOptions.Setting.gain.bounds),
      "gain (--gain) 70 dB is outside -120…60 dB"
    ),
    (
      .optionOutOfRange(.maximumDuration, value: 0, range: RenderOptions.Setting.maximumDuration.bounds),
      "maximum duration (--max-duration) 0 s is outside 0 (excluded)…604800 s"
    ),
    (.optionOutOfRange(.tail, value: -1, range: .atLeast(0)), "tail (--tail) -1 s must be ≥ 0 s"),
    (
      .optionOutOfRange(.ceiling, value: 0, range: RenderOptions.Setting.ceiling.bounds),
      "ceiling 0 is outside 0 (excluded)…1"
    ),
    (
      .resonanceAboveNyquist(resonance: 500, sampleRate: 1_000),
      "actuator resonance 500 Hz is not below half the 1000 Hz sample rate; raise --rate above 1000"
    ),
    (
      .carrierAboveNyquist(frequency: 600, sampleRate: 1_000),
      "a 600 Hz carrier or tone is not below half the 1000 Hz sample rate; raise --rate above 1200"
    ),
    (.peakOverflow(peak: 1.5), "the output peaks at 1.5 (above full scale) and --peak error was given"),
    (
      .durationLimitExceeded(seconds: 5_000, limit: 3_600),
      "the output would last 5000 s, longer than the 3600 s limit; raise --max-duration"
    ),
    (
      .soundLimitExceeded(seconds: 40_000, limit: 36_000),
      "the events sound for 40000.0 s in all, more than the 36000 s limit (10 × the maximum duration); raise --max-duration"
    ),
    (.missingActuator, "the options name no actuator"),
  ]

  @Test(arguments: renderErrors)
  func aRenderErrorGetsItsFlagAndAdvice(_ error: RenderError, _ expected: String) {
    #expect(CommandLineMessages.text(for: error) == expected)
    #expect(CommandLineMessages.text(for: error as any Error) == expected)
    #expect(CommandLineMessages.text(for: PatternFailure.render(error)) == expected)
    #expect(CommandLineMessages.text(for: PatternFailure.other(error)) == expected)
  }

  /// Every option a flag sets is named with it; those only a file or the library sets are not.
  @Test(arguments: RenderOptions.Setting.allCases)
  func everySettingOfTheCommandLineHasItsFlag(_ setting: RenderOptions.Setting) {
    let flag = CommandLineMessages.flag(for: setting)
    let text = CommandLineMessages.text(for: RenderError.optionOutOfRange(setting, value: .nan, range: setting.bounds))
    if let flag {
      #expect(text.hasPrefix("\(setting) (\(flag)) nan"))
    } else {
      #expect(text == RenderError.optionOutOfRange(setting, value: .nan, range: setting.bounds).description)
      #expect(
        [
          .ceiling, .actuatorResonance, .actuatorQualityFactor, .actuatorRatedDrive, .actuatorGPerUnit,
          .actuatorCeiling, .actuatorBandEdge,
        ].contains(setting))
    }
  }

  /// A drive the check refuses is located at the actuator file it was read from, not at a
  /// built-in actuator.
  @Test func aRefusedDriveIsLocatedAtItsActuatorFile() {
    let offset = RenderError.driveOffset(mean: 0.6, seconds: 1.5)
    #expect(
      CommandLineMessages.located(offset, actuator: ActuatorRendering(model: .voiceCoil, name: "vca.json"))
        == "vca.json:1:1: error: (document): the actuator's drive holds a DC offset of 0.600 of full scale near 1.500 s, which would heat the actuator's coil; nothing is written"
    )
    #expect(
      CommandLineMessages.located(offset, actuator: ActuatorRendering(model: .voiceCoil, name: "voice-coil")) == nil)
    #expect(
      CommandLineMessages.located(
        RenderError.peakOverflow(peak: 2), actuator: ActuatorRendering(model: .lra, name: "a.json"))
        == nil)
  }

  @Test func anEncodingRefusalSaysWhichTypesToUse() {
    let tag = EncodingError.androidTagUnsupported(.mp3)
    let expected = "mp3 cannot carry Android's haptic tag; use -t ogg or opus, or wav for the channels alone"
    #expect(CommandLineMessages.text(for: tag) == expected)
    #expect(CommandLineMessages.text(for: PatternFailure.encoding(tag)) == expected)
    #expect(
      CommandLineMessages.text(for: EncodingError.vorbisRateUnsupported(sampleRate: 384_000))
        == "ogg (Vorbis) supports at most 200000 Hz, not 384000 Hz; use a lower --rate or another type")
    #expect(
      CommandLineMessages.text(for: PatternFailure.encoding(.unknownExtension(path: "x.mp4")))
        == "cannot tell the format of 'x.mp4' from its extension; use one of .wav .flac .aiff .caf .ogg .opus .mp3 or --type"
    )
    let other = EncodingError.ioFailed(path: "a.wav", reason: "write failed")
    #expect(CommandLineMessages.text(for: other) == "'a.wav': write failed")
  }

  @Test func otherFailuresKeepTheLibrarysWords() {
    let missing = FileSystemError.failed(path: "a.ahap", reason: "no such file")
    #expect(CommandLineMessages.text(for: PatternFailure.unreadable(missing)) == "cannot read 'a.ahap': no such file")
    #expect(CommandLineMessages.text(for: PatternFailure.invalid(path: "a.ahap")) == "'a.ahap' has errors")
    #expect(CommandLineMessages.text(for: missing) == "'a.ahap': no such file")
    let large = FileSystemError.tooLarge(path: "a.ahap", bytes: 70_000_000, limit: 64 << 20)
    #expect(large.description == "'a.ahap': is 70000000 bytes, larger than the 64 MiB limit")
    #expect(
      CommandLineMessages.text(for: PatternFailure.unreadable(large))
        == "cannot read 'a.ahap': is 70000000 bytes, larger than the 64 MiB limit; raise --max-pattern-size")
    let link = FileSystemError.linkOutside(path: "set/evil.ahap", folder: "set")
    #expect(link.description == "'set/evil.ahap': is a link to a file outside 'set', which a sandboxed search refuses")
    let sandboxed = "'set/evil.ahap': is a link to a file outside 'set', which --sandbox refuses"
    #expect(CommandLineMessages.text(for: link) == sandboxed)
    #expect(CommandLineMessages.text(for: PatternSearchError.unreadable(link) as any Error) == sandboxed)
  }

  @Test func anAudioFileDiagnosticNamesTheCommandsThatReadAudio() throws {
    var diagnostics = Diagnostics()
    _ = Pattern.parse(Array("RIFF\u{24}\0\0\0WAVEfmt ".utf8), file: "knock.wav", diagnostics: &diagnostics)
    let audio = try #require(diagnostics.all.first)
    #expect(
      CommandLineMessages.line(for: audio)
        == "knock.wav:1:1: error: (document): this is an audio file (WAV), not an AHAP pattern; to inspect audio use `render info`, to compare two files `render compare` [audio-file]"
    )
    var other = Diagnostics()
    _ = Pattern.parse(Array("{}".utf8), file: "a.ahap", diagnostics: &other)
    #expect(other.all.map(CommandLineMessages.line(for:)) == other.all.map(\.description))
  }
}
