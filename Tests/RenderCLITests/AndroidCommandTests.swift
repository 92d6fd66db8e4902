import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// Android's audio-coupled Ogg, `render android` (waveform, envelope, composition as JSON and
/// Kotlin) and the DualSense layout, read back by other readers and measured against the render.
@Suite struct AndroidCommandTests {
  private let samples = Locations.samples

  /// The haptic bus of `sample`, rendered alone to a float WAV and read back.
  private func hapticRender(_ sample: String, in folder: TemporaryFolder) async throws -> [Float] {
    let path = "\(folder.path)/\(sample)-haptic.wav"
    let result = try await CommandRunner.render([
      "\(samples)/\(sample).ahap", "-o", path, "--layout", "haptic", "-b", "float", "-q",
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
    let haptic = try await hapticRender("breath-478", in: folder)
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
    let haptic = try await hapticRender("tap-buzz-tap", in: folder)
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
    let haptic = try await hapticRender("breath-478", in: folder)
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

  /// The generated composition's arithmetic, run as Kotlin would run it: `gap` and `pause` as
  /// the file computes them, on a device whose click lasts 12 ms and tick 5 ms.
  @Test func compositionsKeepTimeOnEveryApiLevel() async throws {
    let folder = try TemporaryFolder()
    let kt = "\(folder.path)/Heartbeat.kt"
    let result = try await CommandRunner.render(["android", "\(samples)/heartbeat.ahap", "-o", kt, "-q"])
    #expect(result.status == 0, "\(result.standardError)")
    let source = try String(contentsOfFile: kt, encoding: .utf8)
    func array(_ name: String) throws -> [String] {
      let line = try #require(source.split(separator: "\n").first { $0.contains("private val \(name) = ") })
      let inside = line[
        line.index(after: try #require(line.firstIndex(of: "(")))..<(try #require(line.lastIndex(of: ")")))]
      return inside.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    let starts = try array("starts").compactMap { Int($0) }
    let lengths = try array("primitives").map { $0.hasSuffix("PRIMITIVE_CLICK") ? 12 : 5 }
    #expect(starts == [0, 120, 1_000, 1_120, 2_000, 2_120], "the heartbeat's onsets")
    #expect(source.contains("val gap = if (i == 0) starts[0] else starts[i] - starts[i - 1]"))
    #expect(source.contains("composition.addPrimitive(primitives[i], scales[i], gap, offset)"))
    #expect(source.contains("val pause = gap - (if (i == 0) 0 else lengths[i - 1])"))
    #expect(source.contains("composition.addPrimitive(primitives[i], scales[i], maxOf(0, pause))"))
    // API 36: each delay is an offset from the previous primitive's start.
    var api36: [Int] = []
    // API 31–35: each delay a pause after the previous primitive's end.
    var api31: [Int] = []
    for i in starts.indices {
      let gap = i == 0 ? starts[0] : starts[i] - starts[i - 1]
      api36.append((api36.last ?? 0) + gap)
      let pause = max(0, gap - (i == 0 ? 0 : lengths[i - 1]))
      api31.append(i == 0 ? pause : api31[i - 1] + lengths[i - 1] + pause)
    }
    #expect(zip(api36, starts).allSatisfy { abs($0 - $1) <= 1 } && zip(api31, starts).allSatisfy { abs($0 - $1) <= 1 })
  }

  /// The Kotlin file as checked in (Tests/Snapshots), indented 4 spaces a level throughout.
  @Test func kotlinMatchesItsCheckedInFile() async throws {
    let folder = try TemporaryFolder()
    let kt = "\(folder.path)/Heartbeat.kt"
    #expect(try await CommandRunner.render(["android", "\(samples)/heartbeat.ahap", "-o", kt, "-q"]).status == 0)
    let source = try String(contentsOfFile: kt, encoding: .utf8)
    try Snapshot.expect(source, matches: "HeartbeatHaptics.kt")
    var depth = 0
    for line in source.split(separator: "\n", omittingEmptySubsequences: true) {
      let closes = line.trimmingCharacters(in: .whitespaces).hasPrefix("}") ? 1 : 0
      let indent = line.prefix { $0 == " " }.count
      #expect(indent == 4 * (depth - closes) || line.hasPrefix("//"), "\(line)")
      depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
    }
    #expect(depth == 0)
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

  /// Where the pattern changes faster than the device's shortest point, the event is named.
  @Test func envelopePointsAreAsLongAsTheDevicesShortest() async throws {
    let folder = try TemporaryFolder()
    let json = "\(folder.path)/tbt.json"
    let result = try await CommandRunner.render(
      ["android", "samples/tap-buzz-tap.ahap", "-o", json, "--min-point-ms", "30"], in: Locations.packageRoot)
    #expect(result.status == 0)
    #expect(
      result.standardError.contains(
        "samples/tap-buzz-tap.ahap:25:16: warning: Pattern[1].Event: HapticContinuous changes at 0.100 s faster than an envelope of 30 ms points can follow: its level is off by up to "
      ), "\(result.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
    let points = try #require((object["envelope"] as? [String: Any])?["controlPoints"] as? [[String: Any]])
    #expect(!points.isEmpty && points.allSatisfy { ($0["durationMillis"] as? Int ?? 0) >= 30 })

    let refused = try await CommandRunner.render(
      ["android", "\(samples)/tap-buzz-tap.ahap", "-o", "\(folder.path)/zero.json", "--min-point-ms", "0"])
    #expect(refused.status == 64 && folder.contents() == ["tbt.json"])
    #expect(refused.standardError.hasPrefix("render: error: --min-point-ms must be within 1…10000\n"))
  }

  /// A device file sets the shortest point and the level law; a bad one is a located error and
  /// nothing is written.
  @Test func aDeviceFileSetsTheShortestPointAndTheLevels() async throws {
    let folder = try TemporaryFolder()
    let device = "\(folder.path)/device.json"
    try #"{"minPointMillis": 30, "maxSensitivityLevelDb": 30}"#.write(toFile: device, atomically: true, encoding: .utf8)
    let json = "\(folder.path)/swell.json"
    let result = try await CommandRunner.render([
      "android", "\(samples)/inhale-swell.ahap", "-o", json, "--device", device, "-q",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
    let points = try #require((object["envelope"] as? [String: Any])?["controlPoints"] as? [[String: Any]])
    #expect(points.allSatisfy { ($0["durationMillis"] as? Int ?? 0) >= 30 })
    // Intensity I plays at (I − 1) · 30 dB: the loudest point's level is within 0.05 of the
    // render's peak (the reference HAL's 40.89 dB would put it about 0.1 off).
    let haptic = try await hapticRender("inhale-swell", in: folder)
    let loudest = try #require(points.compactMap { $0["intensity"] as? Double }.max())
    let level = pow(10, (loudest - 1) * 30 / 20)
    #expect(abs(level - Double(Signal.peak(haptic[...]))) <= 0.05, "\(loudest) plays \(level)")

    let bad = "\(folder.path)/bad.json"
    try #"{"minPointMillis": 0.5}"#.write(toFile: bad, atomically: true, encoding: .utf8)
    let refused = try await CommandRunner.render([
      "android", "\(samples)/inhale-swell.ahap", "-o", "\(folder.path)/refused.json", "--device", bad,
    ])
    #expect(refused.status == 1 && !folder.contents().contains("refused.json"))
    #expect(
      refused.standardError.hasPrefix(
        "\(bad):1:20: error: minPointMillis: expected a whole number of milliseconds within 1…10000, found 0.5 [out-of-range]\n"
      ), "\(refused.standardError)")
  }

  /// An effect too large for a Kotlin object is refused for .kt (never a file that does not
  /// compile) and written as JSON.
  @Test func anEffectTooLargeForKotlinIsRefused() async throws {
    let folder = try TemporaryFolder()
    let events = (0..<700).map { index in
      #"{"Event": {"Time": \#(Double(index) / 10), "EventType": "HapticContinuous", "EventDuration": 0.05, "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": \#(index % 2 == 0 ? 1 : 0.4)}]}}"#
    }
    let pattern = "\(folder.path)/long.ahap"
    try #"{"Pattern": [\#(events.joined(separator: ", "))]}"#.write(toFile: pattern, atomically: true, encoding: .utf8)
    let kotlin = try await CommandRunner.render(["android", pattern, "-o", "\(folder.path)/Long.kt", "-q"])
    #expect(kotlin.status == 1 && !folder.contents().contains("Long.kt"))
    #expect(
      kotlin.standardError.hasSuffix(
        "more than a Kotlin object holds (6000: the JVM limits the code that fills its arrays to 64 KB); write it as .json [render-limit]\n"
      ), "\(kotlin.standardError)")
    #expect(kotlin.standardError.hasPrefix("\(pattern):1:1: error: (document): the effect has "))
    let json = try await CommandRunner.render(["android", pattern, "-o", "\(folder.path)/long.json", "-q"])
    #expect(json.status == 0 && folder.contents().contains("long.json"))
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
