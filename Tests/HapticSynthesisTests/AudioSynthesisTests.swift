import HapticAudio
import HapticFiles
import HapticModel
import HapticPipeline
import HapticReader
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// docs/signal-model.md §6.11 and §6.12, and the audio events (§3.6, §3.7): tones, pan, custom waveforms, resampling.
@Suite struct AudioSynthesisTests {
  private typealias F = PatternFixtures
  private let fs = 48_000

  private func render(_ elements: String..., rate: Int = 48_000, configure: (inout RenderOptions) -> Void = { _ in })
    throws -> RenderedAudio
  {
    try F.render(F.document(elements.joined(separator: ",")), rate: rate) { options in
      options.layout = .audio
      configure(&options)
    }
  }

  @Test(arguments: [-1.0, -0.5, 0.0, 0.3, 1.0])
  func toneFundamentalFollowsPitch(_ pitch: Double) throws {
    let audio = try render(F.event("AudioContinuous", duration: 1, ["AudioPitch": pitch, "AudioBrightness": 0]))
    let measured = Spectrum.peakFrequency(of: audio.channels[0][0..<fs], sampleRate: fs, in: 100...2_000)
    #expect(abs(measured - 440 * pow(2, pitch)) <= 1, "\(measured) Hz")
  }

  @Test(arguments: [0.25, 0.5, 1.0])
  func thirdHarmonicIsBrightnessOverThree(_ brightness: Double) throws {
    let audio = try render(F.event("AudioContinuous", duration: 1, ["AudioBrightness": brightness]))
    let window = audio.channels[0][4_800..<43_200]
    let ratio =
      Spectrum.amplitude(of: window, at: 1_320, sampleRate: fs)
      / Spectrum.amplitude(of: window, at: 440, sampleRate: fs)
    #expect(abs(ratio / (brightness / 3) - 1) <= 0.005, "ratio \(ratio)")
  }

  @Test func zeroBrightnessIsAPureSine() throws {
    let audio = try render(F.event("AudioContinuous", duration: 1, ["AudioBrightness": 0]))
    let window = audio.channels[0][4_800..<43_200]
    let fundamental = Spectrum.amplitude(of: window, at: 440, sampleRate: fs)
    for harmonic in [3.0, 5, 7] {
      #expect(Spectrum.amplitude(of: window, at: 440 * harmonic, sampleRate: fs) < fundamental * 1e-5)
    }
  }

  @Test func partialsNearNyquistAreLeftOut() throws {
    let audio = try render(F.event("AudioContinuous", duration: 1, ["AudioPitch": 1]), rate: 8_000)
    let window = audio.channels[0][800..<7_200]
    let fundamental = Spectrum.amplitude(of: window, at: 880, sampleRate: 8_000)
    #expect(abs(Spectrum.amplitude(of: window, at: 2_640, sampleRate: 8_000) / fundamental - 1.0 / 3) < 0.005)
    // 5 × 880 = 4400 Hz ≥ 0.45 × 8000 would alias to 3600 Hz: it must be absent.
    #expect(Spectrum.amplitude(of: window, at: 3_600, sampleRate: 8_000) < fundamental * 1e-4)
  }

  @Test func panLeftSilencesTheRightChannelAndCenterIsMinus3dB() throws {
    let left = try render(F.event("AudioContinuous", duration: 0.5, ["AudioPan": -1, "AudioBrightness": 0]))
    #expect(left.channels[1].allSatisfy { $0 == 0 })
    #expect(left.channels[0].contains { $0 != 0 })
    let right = try render(F.event("AudioContinuous", duration: 0.5, ["AudioPan": 1, "AudioBrightness": 0]))
    #expect(right.channels[0].allSatisfy { $0 == 0 })
    let center = try render(F.event("AudioContinuous", duration: 0.5, ["AudioPan": 0, "AudioBrightness": 0]))
    #expect(center.channels[0] == center.channels[1])
    let window = 4_800..<19_200
    let level = Signal.decibels(
      Signal.rms(center.channels[0][window]), relativeTo: Signal.rms(left.channels[0][window]))
    #expect(abs(level + 3.0103) < 0.01, "\(level) dB")
  }

  @Test func volumeIsLinearAndItsControlMultiplies() throws {
    let full = try render(F.event("AudioContinuous", duration: 0.5, ["AudioBrightness": 0]))
    let quiet = try render(
      F.event("AudioContinuous", duration: 0.5, ["AudioBrightness": 0, "AudioVolume": 0.6]),
      F.parameter("AudioVolumeControl", time: 0, 0.5))
    let window = 4_800..<19_200
    #expect(abs(Signal.rms(quiet.channels[0][window]) / Signal.rms(full.channels[0][window]) - 0.3) < 1e-4)
  }

  @Test func pitchAndPanControlsAdd() throws {
    let audio = try render(
      F.event("AudioContinuous", duration: 1, ["AudioPitch": 0, "AudioBrightness": 0]),
      F.parameter("AudioPitchControl", time: 0, 0.5), F.parameter("AudioPanControl", time: 0, -1))
    let measured = Spectrum.peakFrequency(of: audio.channels[0][0..<fs], sampleRate: fs, in: 100...2_000)
    #expect(abs(measured - 440 * pow(2, 0.5)) <= 1)
    #expect(audio.channels[1].allSatisfy { $0 == 0 })
  }

  @Test func hapticControlsDoNotTouchAudioEvents() throws {
    let plain = try render(F.event("AudioContinuous", duration: 0.3))
    let controlled = try render(
      F.event("AudioContinuous", duration: 0.3), F.parameter("HapticIntensityControl", time: 0, 0.1))
    #expect(plain.channels == controlled.channels)
  }

  @Test func toneEnvelopeFollowsTheHapticRules() throws {
    let audio = try render(F.event("AudioContinuous", duration: 1, ["Sustained": 0, "DecayTime": 0.25]))
    let last = try #require(Signal.lastNonZero(audio.channels[0]))
    #expect(abs(Double(last + 1) / Double(fs) - 0.1) <= 0.001)
  }

  @Test func toneAboveNyquistIsAnError() throws {
    #expect(throws: RenderError.carrierAboveNyquist(frequency: 880, sampleRate: 1_000)) {
      try render(F.event("AudioContinuous", duration: 0.1, ["AudioPitch": 1]), rate: 1_000)
    }
  }

  // MARK: - AudioCustom

  /// Writes a mono or stereo float WAV of a sine and returns a pattern playing it.
  private func customFixture(
    _ folder: TemporaryFolder, rate: Int, frequency: Double, seconds: Double, channels: Int = 1, event: String
  ) throws -> LoadedPattern {
    let frames = Int(Double(rate) * seconds)
    let block = AudioBlock(
      channels: (0..<channels).map { channel in
        (0..<frames).map { frame in
          Float(0.5 * sin(2 * Double.pi * frequency * Double(frame) / Double(rate)) * (channel == 0 ? 1 : 0.5))
        }
      })
    var writer = try AudioFileWriter(
      to: .file("\(folder.path)/tone.wav"), format: AudioFileFormat(.wav, encoding: .float), sampleRate: rate,
      channelCount: channels)
    try writer.write(block)
    try writer.finish()
    let ahap = "\(folder.path)/custom.ahap"
    var diagnostics = Diagnostics()
    let pattern = try #require(
      Pattern.parse(Array("{\"Pattern\": [\(event)]}".utf8), file: ahap, diagnostics: &diagnostics))
    return try #require(PatternLoader().loadWaveforms(of: pattern, patternPath: ahap, diagnostics: &diagnostics))
  }

  private func customEvent(
    time: Double = 0.1, duration: Double? = nil, envelope: Bool = true, loop: Bool = false,
    path: String = "tone.wav", _ parameters: [String: Double] = [:]
  ) -> String {
    let list = parameters.map { "{\"ParameterID\": \"\($0.key)\", \"ParameterValue\": \($0.value)}" }.joined(
      separator: ",")
    let durationText = duration.map { ", \"EventDuration\": \($0)" } ?? ""
    return
      "{\"Event\": {\"Time\": \(time), \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \"\(path)\"\(durationText), \"EventWaveformUseVolumeEnvelope\": \(envelope), \"EventWaveformLoopEnabled\": \(loop), \"EventParameters\": [\(list)]}}"
  }

  private func renderCustom(_ pattern: LoadedPattern, rate: Int = 48_000) throws -> RenderedAudio {
    var options = RenderOptions()
    options.sampleRate = rate
    options.layout = .audio
    return try Render.toMemory(pattern, options: options)
  }

  @Test func customWaveformStartsAtItsFrameWithTheSourceLevel() throws {
    let folder = try TemporaryFolder()
    let pattern = try customFixture(
      folder, rate: 48_000, frequency: 1_000, seconds: 0.2,
      event: customEvent(envelope: false, ["AudioVolume": 0.5, "AudioBrightness": 1]))
    let audio = try renderCustom(pattern)
    let onset = 4_800
    #expect(audio.channels[0][..<onset].allSatisfy { $0 == 0 })
    #expect(Signal.firstNonZero(audio.channels[0]) == onset + 1)  // the sine's first sample is 0
    let gain = 0.5 * sin(Double.pi / 4)
    for frame in stride(from: 0, to: 9_600, by: 7) {
      let expected = gain * 0.5 * sin(2 * Double.pi * 1_000 * Double(frame) / 48_000)
      #expect(abs(Double(audio.channels[0][onset + frame]) - expected) < 1e-6)
    }
    #expect(audio.report.frameCount == onset + 9_600)
  }

  @Test func resamplingKeepsFrequencyAndRejectsAliases() throws {
    let folder = try TemporaryFolder()
    let pattern = try customFixture(
      folder, rate: 44_100, frequency: 1_000, seconds: 2.5, event: customEvent(time: 0, envelope: false))
    let audio = try renderCustom(pattern)
    let window = audio.channels[0][12_000..<108_000]
    let frequency = Spectrum.peakFrequency(of: window, sampleRate: fs, in: 500...2_000)
    #expect(abs(frequency - 1_000) <= 0.1, "\(frequency) Hz")
    let spurs = Spectrum.spuriousLevel(of: window, sampleRate: fs, around: 1_000, width: 50)
    #expect(spurs < -80, "aliases at \(spurs) dB")
  }

  /// A 768 kHz file rendered at 8 kHz is read from copies halved to 48 kHz: the 1 kHz tone keeps
  /// its frequency and level, a 5 kHz tone (above the output's Nyquist frequency) does not
  /// alias back.
  @Test func veryHighRateWaveformsAreHalvedBeforeReading() throws {
    let folder = try TemporaryFolder()
    let tone = try renderCustom(
      try customFixture(
        folder, rate: 768_000, frequency: 1_000, seconds: 0.5,
        event: customEvent(time: 0, envelope: false, ["AudioBrightness": 1])),
      rate: 8_000)
    #expect(abs(tone.report.frameCount - 4_000) <= 1)
    let window = tone.channels[0][500..<3_500]
    let frequency = Spectrum.peakFrequency(of: window, sampleRate: 8_000, in: 100...3_900)
    #expect(abs(frequency - 1_000) <= 0.1, "\(frequency) Hz")
    let expected = 0.5 * sin(Double.pi / 4)
    let level = Spectrum.amplitude(of: window, at: 1_000, sampleRate: 8_000)
    #expect(abs(level - expected) < 0.001 * expected, "\(level)")
    let spurs = Spectrum.spuriousLevel(of: window, sampleRate: 8_000, around: 1_000, width: 50)
    #expect(spurs < -80, "aliases at \(spurs) dB")

    let above = try renderCustom(
      try customFixture(
        folder, rate: 768_000, frequency: 5_000, seconds: 0.5,
        event: customEvent(time: 0, envelope: false, ["AudioBrightness": 1])),
      rate: 8_000)
    #expect(Signal.rms(above.channels[0][500..<3_500]) < 1e-4)
  }

  @Test func pitchPlaysFasterAndDurationTruncatesOrPads() throws {
    let folder = try TemporaryFolder()
    let faster = try renderCustom(
      try customFixture(
        folder, rate: 48_000, frequency: 500, seconds: 1,
        event: customEvent(time: 0, ["AudioPitch": 1])))
    #expect(abs(faster.report.frameCount - 24_000) <= 1)
    let measured = Spectrum.peakFrequency(of: faster.channels[0][2_000..<22_000], sampleRate: fs, in: 100...3_000)
    #expect(abs(measured - 1_000) < 1)

    let truncated = try renderCustom(
      try customFixture(folder, rate: 48_000, frequency: 500, seconds: 1, event: customEvent(time: 0, duration: 0.25)))
    #expect(truncated.report.frameCount == 12_000)
    let padded = try renderCustom(
      try customFixture(folder, rate: 48_000, frequency: 500, seconds: 0.25, event: customEvent(time: 0, duration: 0.5))
    )
    #expect(padded.report.frameCount == 24_000)
    #expect(padded.channels[0][12_100...].allSatisfy { $0 == 0 })
    let looped = try renderCustom(
      try customFixture(
        folder, rate: 48_000, frequency: 500, seconds: 0.25, event: customEvent(time: 0, duration: 0.5, loop: true)))
    #expect(Signal.rms(looped.channels[0][14_000..<22_000]) > 0.1)
  }

  @Test func volumeEnvelopeFadesIn2Milliseconds() throws {
    let folder = try TemporaryFolder()
    let audio = try renderCustom(
      try customFixture(folder, rate: 48_000, frequency: 1_000, seconds: 0.1, event: customEvent(time: 0)))
    let envelope = Signal.envelope(audio.channels[0], frequency: 1_000, sampleRate: fs)
    let full = 0.5 * sin(Double.pi / 4)
    #expect(envelope[48] < full * 0.6)  // 1 ms: halfway up
    #expect(abs(envelope[200] - full) < 0.01)
  }

  /// Apple: the volume envelope can "use different attack and release times": AttackTime 0.5
  /// fades in over Tv(0.5) = 0.002 · 2560^0.5 = 101.2 ms, ReleaseTime 0.375 fades out over
  /// Tv(0.375) = 38.0 ms.
  @Test func attackAndReleaseTimesShapeTheVolumeEnvelope() throws {
    let folder = try TemporaryFolder()
    let audio = try renderCustom(
      try customFixture(
        folder, rate: 48_000, frequency: 1_000, seconds: 0.5,
        event: customEvent(time: 0, ["AttackTime": 0.5, "ReleaseTime": 0.375])))
    let envelope = Signal.envelope(audio.channels[0], frequency: 1_000, sampleRate: fs)
    let full = 0.5 * sin(Double.pi / 4)
    let end = audio.report.frameCount
    let (attack, release) = (0.002 * 2_560.0.squareRoot() * Double(fs), 0.002 * pow(2_560, 0.375) * Double(fs))
    #expect(abs(envelope[Int(attack / 2)] - full / 2) < 0.02 * full, "halfway up: \(envelope[Int(attack / 2)])")
    #expect(abs(envelope[Int(attack) + 2_000] - full) < 0.01)
    #expect(abs(envelope[end - Int(release / 2)] - full / 2) < 0.02 * full, "halfway down")
  }

  /// Property 23: `AttackTime` 0 and `ReleaseTime` 0 written out sound exactly as leaving them
  /// out: both are 2 ms fades.
  @Test func zeroEnvelopeTimesWrittenOutSoundAsTheDefaults() throws {
    let folder = try TemporaryFolder()
    let written = try renderCustom(
      try customFixture(
        folder, rate: 48_000, frequency: 1_000, seconds: 0.2,
        event: customEvent(time: 0, ["AttackTime": 0, "ReleaseTime": 0])))
    let absent = try renderCustom(
      try customFixture(folder, rate: 48_000, frequency: 1_000, seconds: 0.2, event: customEvent(time: 0)))
    #expect(written.channels == absent.channels)
    let envelope = Signal.envelope(absent.channels[0], frequency: 1_000, sampleRate: fs)
    #expect(envelope[48] < 0.5 * sin(Double.pi / 4) * 0.6, "1 ms in: still fading in")
  }

  @Test func brightnessLowPassesTheWaveform() throws {
    let folder = try TemporaryFolder()
    let bright = try renderCustom(
      try customFixture(folder, rate: 48_000, frequency: 5_000, seconds: 0.5, event: customEvent(time: 0)))
    let dull = try renderCustom(
      try customFixture(
        folder, rate: 48_000, frequency: 5_000, seconds: 0.5, event: customEvent(time: 0, ["AudioBrightness": 0])))
    let ratio = Signal.rms(dull.channels[0][4_800..<19_200]) / Signal.rms(bright.channels[0][4_800..<19_200])
    #expect(ratio < 0.06, "a 200 Hz one-pole low-pass leaves 5 kHz at about 1/25, got \(ratio)")
  }

  @Test func stereoWaveformsKeepTheirChannels() throws {
    let folder = try TemporaryFolder()
    let audio = try renderCustom(
      try customFixture(
        folder, rate: 48_000, frequency: 1_000, seconds: 0.2, channels: 2, event: customEvent(time: 0, envelope: false))
    )
    let ratio = Signal.rms(audio.channels[1][1_000..<9_000]) / Signal.rms(audio.channels[0][1_000..<9_000])
    #expect(abs(ratio - 0.5) < 1e-3)
  }

  @Test func waveformsAreDecodedOncePerFileWhateverTheSpelling() throws {
    let folder = try TemporaryFolder()
    let spellings = ["tone.wav", "./tone.wav", ".//tone.wav", "\(folder.path)/tone.wav"]
    let pattern = try customFixture(
      folder, rate: 48_000, frequency: 1_000, seconds: 0.1,
      event: spellings.enumerated().map { customEvent(time: 0.2 * Double($0.offset), path: $0.element) }
        .joined(separator: ","))
    let storage = pattern.events.map { event in
      event.waveform.flatMap { pattern.waveforms[$0.path] }?.channels[0].withUnsafeBufferPointer {
        Int(bitPattern: $0.baseAddress)
      }
    }
    #expect(storage.count == 4)
    #expect(Set(storage).count == 1, "every event shares one decoded buffer")
  }
}
