import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// `render android` for the devices that play its effects: envelope points as long as the
/// device's shortest (`--min-point-ms`, `--device`), compositions that keep time, Kotlin as
/// checked in and within the JVM's limits.
@Suite struct AndroidDeviceCommandTests {
  private let samples = Locations.samples

  /// The generated composition's arithmetic, run as Kotlin would run it: `gap`, the
  /// `PRIMITIVE_NOOP`s that fill a gap over `MAX_DELAY_MILLIS`, and the pause `add` computes,
  /// on a device whose click lasts 12 ms, tick 5 ms and no-op 0 ms; for the heartbeat, and taps
  /// 2.5 s apart after 3.7 s of silence. Every primitive starts within 1 ms of its onset on API 36
  /// (offsets from the previous start) and on API 31–35 (pauses after the previous end), and no
  /// delay is over 1000 ms.
  @Test(arguments: [
    ("heartbeat.ahap", [0, 120, 1_000, 1_120, 2_000, 2_120]),
    ("sparse.ahap", [3_700, 6_200, 6_300]),
  ])
  func compositionsKeepTimeOnEveryApiLevel(file: String, onsets: [Int]) async throws {
    let folder = try TemporaryFolder()
    let sparse = """
      {"Pattern": [{"Event": {"Time": 3.7, "EventType": "HapticTransient", "EventParameters": []}},
                   {"Event": {"Time": 6.2, "EventType": "HapticTransient", "EventParameters": []}},
                   {"Event": {"Time": 6.3, "EventType": "HapticTransient", "EventParameters": []}}]}
      """
    try sparse.write(toFile: "\(folder.path)/sparse.ahap", atomically: false, encoding: .utf8)
    let input = file == "sparse.ahap" ? "\(folder.path)/\(file)" : "\(samples)/\(file)"
    let kt = "\(folder.path)/Effect.kt"
    let result = try await CommandRunner.render(["android", input, "-o", kt, "-q"])
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
    #expect(starts == onsets)
    for line in [
      "var gap = if (i == 0) starts[0] else starts[i] - starts[i - 1]",
      "while (gap > MAX_DELAY_MILLIS) {",
      "add(composition, VibrationEffect.Composition.PRIMITIVE_NOOP, 0f, MAX_DELAY_MILLIS, before)",
      "gap -= MAX_DELAY_MILLIS", "before = noop", "add(composition, primitives[i], scales[i], gap, before)",
      "before = lengths[i]", "private const val MAX_DELAY_MILLIS = 1000",
      "composition.addPrimitive(primitive, scale, gap, VibrationEffect.Composition.DELAY_TYPE_RELATIVE_START_OFFSET)",
      "composition.addPrimitive(primitive, scale, maxOf(0, gap - before))",
    ] {
      #expect(source.contains(line), "\(line)")
    }
    // Each primitive added, as (delay, length); a real one's index is kept for its start.
    var api36: [(delay: Int, length: Int, index: Int?)] = []
    var api31: [(delay: Int, length: Int, index: Int?)] = []
    var before = 0
    for i in starts.indices {
      var gap = i == 0 ? starts[0] : starts[i] - starts[i - 1]
      while gap > 1_000 {
        api36.append((1_000, 0, nil))
        api31.append((max(0, 1_000 - before), 0, nil))
        gap -= 1_000
        before = 0
      }
      api36.append((gap, lengths[i], i))
      api31.append((max(0, gap - before), lengths[i], i))
      before = lengths[i]
    }
    // API 36: each delay an offset from the previous start; API 31–35: a pause after its end.
    var time = 0
    var started36: [Int] = []
    for added in api36 {
      time += added.delay
      if added.index != nil { started36.append(time) }
    }
    time = 0
    var started31: [Int] = []
    for (n, added) in api31.enumerated() {
      time += added.delay + (n == 0 ? 0 : api31[n - 1].length)
      if added.index != nil { started31.append(time) }
    }
    #expect(zip(started36, onsets).allSatisfy { abs($0 - $1) <= 1 } && started36.count == onsets.count, "\(started36)")
    #expect(zip(started31, onsets).allSatisfy { abs($0 - $1) <= 1 } && started31.count == onsets.count, "\(started31)")
    #expect((api36 + api31).allSatisfy { $0.delay <= 1_000 }, "no delay a device refuses")
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

  /// Where the pattern changes faster than the device's shortest point, the event is named.
  @Test func envelopePointsAreAsLongAsTheDevicesShortest() async throws {
    let folder = try TemporaryFolder()
    let json = "\(folder.path)/tbt.json"
    let result = try await CommandRunner.render(
      ["android", "samples/tap-buzz-tap.ahap", "-o", json, "--min-point-ms", "30"], in: Locations.packageRoot)
    #expect(result.status == 0)
    #expect(
      result.standardError.contains(
        "samples/tap-buzz-tap.ahap:25:16: warning: Pattern[1].Event: HapticContinuous changes faster than an envelope of 30 ms points can follow: the envelope strays more than 0.05 of full scale from the render there [android-approximation]\n"
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
    let haptic = try await AndroidCommandTests.hapticRender("inhale-swell", in: folder)
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
}
