import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// Android's audio-coupled Ogg, `render android` (waveform, envelope, composition as JSON and
/// Kotlin) and the DualSense layout, read back by other readers and measured against the render.
@Suite struct AndroidCommandTests {
  private let samples = Locations.samples

  /// The haptic bus of `sample`, rendered alone to a float WAV and read back.
  static func hapticRender(_ sample: String, in folder: TemporaryFolder) async throws -> [Float] {
    let path = "\(folder.path)/\(sample)-haptic.wav"
    let result = try await CommandRunner.render([
      "\(Locations.samples)/\(sample).ahap", "-o", path, "--layout", "haptic", "-b", "float", "-q",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    return try AudioFileReader(path: path).readAll()[0]
  }

  /// The peak of |x| in each 10 ms window at 48 kHz.
  private func windowPeaks(_ samples: [Float]) -> [Double] {
    stride(from: 0, to: samples.count, by: 480).map { Signal.peak(samples[$0..<min($0 + 480, samples.count)]) }
  }

  private func text(_ command: String) async throws -> String {
    let result = try await CommandRunner.shell(command)
    #expect(result.status == 0, "\(command): \(result.standardError)")
    return String(decoding: result.standardOutput, as: UTF8.self)
  }

  /// What vorbis-tools and opus-tools, not this package, print of a file: its comments and its
  /// stream header, one trimmed line each.
  private func independentReading(_ path: String, type: String) async throws -> [String] {
    let command = type == "ogg" ? "vorbiscomment -l '\(path)' && ogginfo '\(path)'" : "opusinfo '\(path)'"
    return try await text(command).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// Renders `sample` with `--layout android` to `path` (`.ogg` or `.opus`), checks that the
  /// other readers find Android's tag and `channels` channels, and decodes the file.
  private func renderedForAndroid(_ sample: String, to path: String, type: String, channels: Int) async throws
    -> [[Float]]
  {
    let result = try await CommandRunner.render(["\(samples)/\(sample).ahap", "-o", path, "--layout", "android"])
    #expect(result.status == 0, "\(result.standardError)")
    let lines = try await independentReading(path, type: type)
    #expect(lines.contains("ANDROID_HAPTIC=1") && lines.contains("Channels: \(channels)"), "\(lines)")
    return try AudioFileReader(path: path).readAll()
  }

  @Test(arguments: ["ogg", "opus"])
  func oggCarriesTheHapticTagAndChannelLast(_ type: String) async throws {
    let folder = try TemporaryFolder()
    let path = "\(folder.path)/breath.\(type)"
    let decoded = try await renderedForAndroid("breath-478", to: path, type: type, channels: 2)
    let haptic = try await Self.hapticRender("breath-478", in: folder)
    #expect(Signal.peak(decoded[0][...]) < 0.01, "the audio channel of a haptic-only pattern is silent")
    // The haptic channel's envelope, in 50 ms windows wherever the render is above -40 dBFS,
    // within 1 dB of the haptic render (Vorbis and Opus are lossy).
    var worst = 0.0
    var measured = 0
    for start in stride(from: 0, to: min(haptic.count, decoded[1].count) - 2_400, by: 2_400) {
      let reference = Signal.rms(haptic[start..<start + 2_400])
      guard reference > 0.01 else { continue }
      measured += 1
      worst = max(worst, abs(Signal.decibels(Signal.rms(decoded[1][start..<start + 2_400]), relativeTo: reference)))
    }
    #expect(measured > 100 && worst <= 1, "worst window \(worst) dB over \(measured) windows")

    let again = try await CommandRunner.render([
      "\(samples)/breath-478.ahap", "-o", "-", "-t", type, "--layout", "android", "-q",
    ])
    #expect(
      again.standardOutput == (try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))), "same bytes every time")
  }

  @Test(arguments: ["ogg", "opus"])
  func audioEventsGetTwoAudioChannelsBeforeTheHapticOne(_ type: String) async throws {
    let folder = try TemporaryFolder()
    let decoded = try await renderedForAndroid("audio-tone", to: "\(folder.path)/tone.\(type)", type: type, channels: 3)
    // The tone is on the audio channels and the haptic channel stays silent: it is last.
    #expect(
      Signal.peak(decoded[0][...]) > 0.3 && Signal.peak(decoded[1][...]) > 0.3 && Signal.peak(decoded[2][...]) < 0.01)
  }

  @Test func mp3IsRefusedAndNothingIsWritten() async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render([
      "\(samples)/heartbeat.ahap", "-o", "\(folder.path)/h.mp3", "--layout", "android",
    ])
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "render: error: mp3 cannot carry Android's haptic tag; use -t ogg or opus, or wav for the channels alone\n"
    )
    #expect(folder.contents().isEmpty)
  }

  @Test func dualSenseCarriesTheHapticBusOnChannelsThreeAndFour() async throws {
    let folder = try TemporaryFolder()
    let path = "\(folder.path)/tone.wav"
    let result = try await CommandRunner.render([
      "\(samples)/tap-buzz-tap.ahap", "-o", path, "--layout", "dualsense", "-b", "float",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let reader = try AudioFileReader(path: path)
    #expect(reader.channelCount == 4 && reader.sampleRate == 48_000)
    let channels = try reader.readAll()
    let haptic = try await Self.hapticRender("tap-buzz-tap", in: folder)
    #expect(channels[2] == haptic && channels[3] == haptic)
    #expect(channels[0].allSatisfy { $0 == 0 } && channels[1].allSatisfy { $0 == 0 })
  }

  @Test func jsonFollowsTheRender() async throws {
    let folder = try TemporaryFolder()
    let json = "\(folder.path)/breath.json"
    let result = try await CommandRunner.render(["android", "\(samples)/breath-478.ahap", "-o", json])
    #expect(result.status == 0, "\(result.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
    let waveform = try #require(object["waveform"] as? [String: Any])
    let timings = try #require(waveform["timings"] as? [Int])
    let amplitudes = try #require(waveform["amplitudes"] as? [Int])
    #expect(waveform["repeat"] as? Int == -1)
    let haptic = try await Self.hapticRender("breath-478", in: folder)
    let totalMillis = (haptic.count * 1_000 + 47_999) / 48_000
    #expect(timings.reduce(0, +) == totalMillis)
    #expect(
      timings.dropLast().allSatisfy { $0 >= 10 && $0 % 10 == 0 } && amplitudes.allSatisfy { (0...255).contains($0) })
    // Each step within 0.06 of full scale of the render's envelope over every window it covers.
    let peaks = windowPeaks(haptic)
    var window = 0
    var worst = 0.0
    for (timing, amplitude) in zip(timings, amplitudes) {
      let count = (timing + 9) / 10
      for peak in peaks[window..<min(window + count, peaks.count)] {
        worst = max(worst, abs(Double(amplitude) / 255 - peak))
      }
      window += count
    }
    #expect(window == peaks.count && worst <= 0.06, "worst step \(worst)")
    #expect(timings.count < peaks.count / 2, "steady stretches are joined into longer steps")

    let envelope = try #require(object["envelope"] as? [String: Any])
    let points = try #require(envelope["controlPoints"] as? [[String: Any]])
    let intensities = points.compactMap { $0["intensity"] as? Double }
    let sharpnesses = points.compactMap { $0["sharpness"] as? Double }
    let durations = points.compactMap { $0["durationMillis"] as? Int }
    #expect(intensities.count == points.count && sharpnesses.count == points.count && durations.count == points.count)
    #expect(intensities.allSatisfy { (0...1).contains($0) } && sharpnesses.allSatisfy { (0...1).contains($0) })
    #expect(durations.allSatisfy { $0 >= 20 } && intensities.last == 0, "no point shorter than Android guarantees")
    #expect(durations.reduce(0, +) >= totalMillis && durations.reduce(0, +) <= totalMillis + 20)
    // The loudest point's intensity is the one Android plays at the render's peak level: on
    // the reference HAL, 1 + 20 · log10(peak) / 40.89.
    let loudest = try #require(intensities.max())
    let peak = try #require(peaks.max())
    #expect(abs(loudest - (1 + 20 * log10(peak) / 40.89)) <= 0.01, "loudest intensity \(loudest)")
    #expect((object["composition"] as? [Any])?.isEmpty == true)
  }

  /// Three crisp taps: transients of 2 cycles at 300 Hz, shorter than a 10 ms step.
  private static let taps = """
    {"Pattern": [
      {"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 1}]}},
      {"Event": {"Time": 0.25, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.3}, {"ParameterID": "HapticSharpness", "ParameterValue": 1}]}}
    ]}
    """

  @Test func shortTransientsBecomePrimitivesAndKotlinChoosesByVersion() async throws {
    let folder = try TemporaryFolder()
    let pattern = "\(folder.path)/two-taps.ahap"
    try Self.taps.write(toFile: pattern, atomically: true, encoding: .utf8)
    let json = try await CommandRunner.render(["android", pattern, "-o", "\(folder.path)/taps.json"])
    #expect(json.status == 0, "\(json.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/taps.json")))
        as? [String: Any])
    let composition = try #require(object["composition"] as? [[String: Any]])
    #expect(composition.map { $0["primitive"] as? String } == ["PRIMITIVE_CLICK", "PRIMITIVE_TICK"])
    #expect(composition.map { $0["scale"] as? Double } == [1.0, 0.3])
    #expect(composition.map { $0["startMillis"] as? Int } == [0, 250])

    let kotlin = try await CommandRunner.render(["android", pattern, "-o", "\(folder.path)/Taps.kt"])
    #expect(kotlin.status == 0, "\(kotlin.standardError)")
    let source = try String(contentsOfFile: "\(folder.path)/Taps.kt", encoding: .utf8)
    #expect(source.contains("object TwoTapsHaptics {"))
    // A pattern of taps plays as primitives first, on every API level that has them.
    let composition30 = try #require(source.range(of: "if (Build.VERSION.SDK_INT >= 30 &&"))
    let envelope = try #require(
      source.range(
        of: "if (Build.VERSION.SDK_INT >= 36 && intensities.isNotEmpty() && vibrator.areEnvelopeEffectsSupported())"))
    let waveform = try #require(source.range(of: "return VibrationEffect.createWaveform(timings, amplitudes, -1)"))
    #expect(composition30.lowerBound < envelope.lowerBound && envelope.lowerBound < waveform.lowerBound)
    #expect(source.contains("private val starts = intArrayOf(0, 250)"))
  }

  @Test func whatCannotCarryOverIsWarnedAboutAtItsPlace() async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render(
      ["android", "samples/audio-tone.ahap", "-o", "\(folder.path)/tone.json"], in: Locations.packageRoot)
    #expect(result.status == 0)
    #expect(
      result.standardError.hasPrefix(
        "samples/audio-tone.ahap:9:16: warning: Pattern[0].Event: AudioContinuous event is left out: a vibration effect has no sound (render it with the Android layout to an .ogg file to keep it) [android-approximation]\n"
      ))
    let strict = try await CommandRunner.render(
      ["android", "samples/audio-tone.ahap", "-o", "\(folder.path)/strict.json", "--strict"], in: Locations.packageRoot)
    #expect(strict.status == 1 && !folder.contents().contains("strict.json"))
  }

  @Test func outDirConvertsAFolder() async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render([
      "android", samples, "--out-dir", "\(folder.path)/kt", "--kotlin", "-q",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let written = folder.contents("kt")
    #expect(written.contains("breath-478.kt") && written.allSatisfy { $0.hasSuffix(".kt") })
    #expect(written.count == Locations.files(in: samples, withExtension: "ahap").count)
  }

  @Test func compareTakesTheEffectBackAsSteps() async throws {
    let folder = try TemporaryFolder()
    let json = "\(folder.path)/breath.json"
    #expect(try await CommandRunner.render(["android", "\(samples)/breath-478.ahap", "-o", json, "-q"]).status == 0)
    let same = try await CommandRunner.render(["compare", json, json])
    #expect(same.status == 0)
    let against = try await CommandRunner.render(["compare", "\(samples)/breath-478.ahap", json])
    let report = String(decoding: against.standardOutput, as: UTF8.self)
    #expect(against.status == 1 && report.contains("frames compared             912960 / 912960"), "\(report)")

    let bad = "\(folder.path)/bad.json"
    try #"{"waveform": {"timings": [10, 20], "amplitudes": [0, 300], "repeat": -1}}"#.write(
      toFile: bad, atomically: true, encoding: .utf8)
    let refused = try await CommandRunner.render(["compare", bad, json])
    #expect(refused.status == 2)
    #expect(
      refused.standardError
        == "\(bad):1:54: error: waveform.amplitudes[1]: expected an amplitude within 0…255, found 300 [out-of-range]\n")
  }

  @Test func outputsThatCannotBeWrittenAreRefusedBeforeAnything() async throws {
    let folder = try TemporaryFolder()
    let unknown = try await CommandRunner.render(["android", "\(samples)/heartbeat.ahap", "-o", "\(folder.path)/h.txt"])
    #expect(unknown.status == 64)
    #expect(
      unknown.standardError.hasPrefix(
        "render: error: cannot tell what to write to '\(folder.path)/h.txt'; name it .json or .kt\n"))
    let profile = "\(folder.path)/profile.json"
    let text = #"{"minimumFrequency": 140, "maximumFrequency": 160, "amplitudeExponent": 2, "transientCycles": 3}"#
    try text.write(toFile: profile, atomically: true, encoding: .utf8)
    let replaced = try await CommandRunner.render([
      "android", "\(samples)/heartbeat.ahap", "--profile", profile, "-o", profile,
    ])
    #expect(replaced.status == 1)
    #expect(try String(contentsOfFile: profile, encoding: .utf8) == text, "the profile is left as it was")
    #expect(folder.contents() == ["profile.json"])
  }
}
