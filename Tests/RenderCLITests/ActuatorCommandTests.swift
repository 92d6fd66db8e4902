import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// `--actuator`, `--simulate` and `--no-compensation` as a user types them (docs/actuators.md).
@Suite struct ActuatorCommandTests {
  private static let buzz = PatternFixtures.document(
    PatternFixtures.event(
      "HapticContinuous", time: 0.1, duration: 0.2, ["HapticIntensity": 0.7, "HapticSharpness": 0.5]))

  private static func folderWithBuzz() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try buzz.write(toFile: "\(folder.path)/buzz.ahap", atomically: true, encoding: .utf8)
    return folder
  }

  @Test func driveSimulationAndPlainSimulationAreWritten() async throws {
    let folder = try Self.folderWithBuzz()
    var files: [String: [Float]] = [:]
    for (name, flags) in [
      ("drive", [String]()), ("felt", ["--simulate"]), ("plain", ["--simulate", "--no-compensation"]),
    ] {
      let result = try await CommandRunner.render(
        ["\(folder.path)/buzz.ahap", "-o", "\(folder.path)/\(name).wav", "--actuator", "lra", "-b", "float"] + flags)
      #expect(result.status == 0, "\(result.standardError)")
      let reader = try AudioFileReader(path: "\(folder.path)/\(name).wav")
      #expect(reader.channelCount == 1)
      // 0.32 s of pattern (20 ms release) and the ring-down of lra, τ·ln 1000 = 155.2 ms.
      #expect(reader.frameCount == 15_360 + Int((ActuatorModel.lra.ringSeconds * 48_000).rounded(.up)))
      files[name] = try reader.readAll()[0]
    }
    let drive = try #require(files["drive"])
    #expect(drive.allSatisfy { abs($0) <= 1 })
    // The plateau: the drive holds the rated drive times the level (0.5 × 0.49); the felt and
    // the plain accelerations both reach the level 0.49.
    let plateau = 9_600..<12_000
    #expect(abs(Signal.peak(drive[plateau]) - 0.245) < 0.005)
    #expect(abs(Signal.peak(try #require(files["felt"])[plateau]) - 0.49) < 0.01)
    #expect(abs(Signal.peak(try #require(files["plain"])[plateau]) - 0.49) < 0.01)
    // Early in the attack the plain drive lags far behind the compensated one.
    let early = 5_000..<5_600
    #expect(Signal.peak(try #require(files["felt"])[early]) > 2 * Signal.peak(try #require(files["plain"])[early]))
  }

  /// A rumble of 39 taps 40 ms apart under an intensity curve that rises, holds and falls
  /// (williamwei2025/Haptic-Tests' Rumble): a tap whose plan begins some steps into its stop,
  /// after a stop whose plan began later, is driven from its own stop's start (the drive read a
  /// plan at a negative step and stopped the process).
  @Test(arguments: ["lra", "voice-coil"])
  func aRumbleOfTapsUnderAnIntensityCurveIsDriven(_ actuator: String) async throws {
    let taps = (0..<39).map { index in
      PatternFixtures.event(
        "HapticTransient", time: Double(index) * 0.04, ["HapticIntensity": 1, "HapticSharpness": 0.1])
    }
    let curve = PatternFixtures.curve("HapticIntensityControl", [(0, 0.3), (0.1, 1), (1, 1), (1.6, 0)])
    let folder = try TemporaryFolder()
    try "{\"Version\": 1, \"Pattern\": [\(([curve] + taps).joined(separator: ", "))]}".write(
      toFile: "\(folder.path)/rumble.ahap", atomically: true, encoding: .utf8)
    for flags in [[String](), ["--simulate"]] {
      let result = try await CommandRunner.render(
        ["\(folder.path)/rumble.ahap", "-o", "\(folder.path)/out.wav", "--actuator", actuator, "-b", "float"] + flags)
      #expect(result.status == 0, "\(result.standardError)")
      let samples = try AudioFileReader(path: "\(folder.path)/out.wav").readAll()[0]
      #expect(Signal.peak(samples[...]) <= 1 && Signal.peak(samples[...]) > 0.1, "\(flags)")
    }
  }

  /// Taps whose braking plan begins steps into their stop, reached through the sample rate and
  /// the resonance: each drove a plan read at a negative step and stopped the process.
  @Test(arguments: [
    ("tap-buzz-tap", ["--rate", "8000"]), ("success", ["--rate", "1000"]), ("three-taps", []),
    ("tap-buzz-tap", ["--actuator-file"]),
  ])
  func tapsWhosePlanBeginsLateAreDriven(_ pattern: String, _ flags: [String]) async throws {
    let folder = try TemporaryFolder()
    var input = "\(Locations.samples)/\(pattern).ahap"
    if pattern == "three-taps" {
      input = "\(folder.path)/three-taps.ahap"
      let taps = [(0.1, 0.3, 0.0), (0.1371, 0.37, 1.0 / 7), (0.1742, 0.44, 2.0 / 7)].map { time, intensity, sharpness in
        PatternFixtures.event(
          "HapticTransient", time: time, ["HapticIntensity": intensity, "HapticSharpness": sharpness])
      }
      try "{\"Version\": 1, \"Pattern\": [\(taps.joined(separator: ", "))]}".write(
        toFile: input, atomically: true, encoding: .utf8)
    }
    var actuator = ["--actuator", "lra"] + flags
    if flags == ["--actuator-file"] {
      let file = "\(folder.path)/low.json"
      try #"{"resonance": 60, "q": 10, "ratedDrive": 0.5, "resonanceTolerance": 10}"#.write(
        toFile: file, atomically: true, encoding: .utf8)
      actuator = ["--actuator", file]
    }
    let result = try await CommandRunner.render([input, "-o", "\(folder.path)/out.wav", "-b", "float"] + actuator)
    #expect(result.status == 0, "\(result.standardError)")
    let drive = try AudioFileReader(path: "\(folder.path)/out.wav").readAll()[0]
    #expect(Signal.peak(drive[...]) <= 1 && Signal.peak(drive[...]) > 0.05)
  }

  /// `--simulate-resonance`: the drive computed for 170 Hz on a unit at 160 Hz, whose plateau
  /// is 0.58 of the level (a sine 10 Hz off a Q of 12: 1/√(1 + (2·12·10/170)²)), not the
  /// nominal unit's.
  @Test func simulatedResonanceIsTheUnitsAcceleration() async throws {
    let folder = try Self.folderWithBuzz()
    let result = try await CommandRunner.render([
      "\(folder.path)/buzz.ahap", "-o", "\(folder.path)/unit.wav", "--actuator", "lra", "-b", "float", "--simulate",
      "--simulate-resonance", "160",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let felt = try AudioFileReader(path: "\(folder.path)/unit.wav").readAll()[0]
    let plateau = Signal.peak(felt[9_600..<12_000])
    #expect(abs(plateau - 0.49 * 0.577) < 0.02, "plateau \(plateau)")
  }

  /// `--resonance-tolerance 0`: lra's nominal drive, whose buzz stops within a millisecond of the
  /// pattern on the nominal unit; 50 Hz is more than a quarter of its resonance, refused by the
  /// render with the flag named.
  @Test func resonanceToleranceReplacesTheActuatorsOwn() async throws {
    let folder = try Self.folderWithBuzz()
    let nominal = try await CommandRunner.render([
      "info", "\(folder.path)/buzz.ahap", "--actuator", "lra", "--resonance-tolerance", "0", "--json",
    ])
    #expect(nominal.status == 0, "\(nominal.standardError)")
    let json = try JSONSerialization.jsonObject(with: Data(nominal.standardOutput)) as? [String: Any]
    let event = try #require(((json?["actuator"] as? [String: Any])?["events"] as? [[String: Any]])?.first)
    let stop = try #require(event["stop"] as? Double)
    let own = try #require(event["targetStop"] as? Double)
    #expect(abs(stop - own) <= 0.001, "stop \(stop) s against the pattern's \(own) s")
    let wide = try await CommandRunner.render([
      "\(folder.path)/buzz.ahap", "-o", "\(folder.path)/w.wav", "--actuator", "lra", "--resonance-tolerance", "50",
    ])
    #expect(wide.status == 1)
    #expect(
      wide.standardError.contains("(--resonance-tolerance) 50 Hz is outside 0…42.5 (excluded) Hz"),
      "\(wide.standardError)")
    #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/w.wav"))
  }

  @Test func badActuatorFileIsALocatedErrorAndLeavesTheOutputAlone() async throws {
    let folder = try Self.folderWithBuzz()
    try "{\"resonance\": 170, \"q\": 0, \"ratedDrive\": 0.5}".write(
      toFile: "\(folder.path)/a.json", atomically: true, encoding: .utf8)
    try "old".write(toFile: "\(folder.path)/out.wav", atomically: true, encoding: .utf8)
    let result = try await CommandRunner.render([
      "\(folder.path)/buzz.ahap", "-o", "\(folder.path)/out.wav", "--actuator", "\(folder.path)/a.json",
    ])
    #expect(result.status == 1)
    #expect(
      result.standardError.contains(
        "\(folder.path)/a.json:1:25: error: q: expected a quality factor within 1…100, found 0"
      ), "\(result.standardError)")
    #expect(try String(contentsOfFile: "\(folder.path)/out.wav", encoding: .utf8) == "old")
  }

  @Test(arguments: [
    (["--simulate"], "render: error: --simulate needs --actuator NAME|FILE.json"),
    (["--actuator", "lra", "--no-compensation"], "render: error: --no-compensation goes with --simulate"),
    (
      ["--actuator", "erm"],
      "render: error: unknown actuator 'erm'; use one of lra, voice-coil or a JSON actuator file\n"
    ),
    (
      ["--actuator", "lar"],
      "render: error: unknown actuator 'lar'; use one of lra, voice-coil or a JSON actuator file; did you mean 'lra'?"
    ),
    (
      ["--actuator", "lra", "--simulate-resonance", "160"],
      "render: error: --simulate-resonance goes with --simulate"
    ),
    (
      ["--actuator", "lra", "--simulate", "--simulate-resonance", "5000"],
      "render: error: --simulate-resonance: expected a resonance in Hz within 40…1000, found 5000"
    ),
    (
      ["--resonance-tolerance", "5"],
      "render: error: --resonance-tolerance needs --actuator NAME|FILE.json"
    ),
    (
      ["--actuator", "lra", "--resonance-tolerance=-1"],
      "render: error: --resonance-tolerance: expected a tolerance in Hz within 0…250, found -1"
    ),
    // A negative value after a space is the option's value, not an option.
    (
      ["--actuator", "lra", "--resonance-tolerance", "-1"],
      "render: error: --resonance-tolerance: expected a tolerance in Hz within 0…250, found -1"
    ),
    (
      ["--actuator", "lra", "--simulate", "--simulate-resonance", "-5"],
      "render: error: --simulate-resonance: expected a resonance in Hz within 40…1000, found -5"
    ),
    (
      ["--actuator", "lra", "--layout", "stereo"],
      "render: error: --actuator writes one channel (the haptic one); --layout stereo cannot be used with it"
    ),
  ])
  func usageErrors(_ flags: [String], _ message: String) async throws {
    let folder = try Self.folderWithBuzz()
    let result = try await CommandRunner.render(["\(folder.path)/buzz.ahap", "-o", "\(folder.path)/o.wav"] + flags)
    #expect(result.status == 64)
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/o.wav"))
  }

  /// The drive follows the haptic channel alone: a tone above half the rate, which the haptic
  /// layout leaves out, does not stop it (its target is silent, and so is the drive).
  @Test func aToneTheDriveLeavesOutIsNotRefused() async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render([
      "\(Locations.samples)/audio-tone.ahap", "-o", "\(folder.path)/o.wav", "--actuator", "lra", "-r", "1000",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let drive = try AudioFileReader(path: "\(folder.path)/o.wav").readAll()[0]
    #expect(drive.count > 1_000 && drive.allSatisfy { $0 == 0 })
  }

  /// A pattern too long for `--max-duration` is refused with the output's length, the drive's
  /// ring-down included, once: a limit raised to it is not refused again, by `render` or by
  /// `plot`.
  @Test(arguments: [["-o", "out.wav"], ["plot", "-o", "out.svg"]])
  func theLengthRefusedIsTheOutputs(_ command: [String]) async throws {
    let folder = try TemporaryFolder()
    let tapBuzzTap = "\(Locations.samples)/tap-buzz-tap.ahap"
    let arguments =
      (command.first == "plot" ? ["plot", tapBuzzTap] : [tapBuzzTap]) + ["-o", "\(folder.path)/\(command.last!)"]
    let refused = try await CommandRunner.render(arguments + ["--actuator", "lra", "--max-duration", "0.7"])
    #expect(refused.status == 1)
    #expect(
      refused.standardError.contains(
        "render: error: the output would last 0.868 s, longer than the 0.7 s limit; raise --max-duration")
        || refused.standardError.contains(
          "render: error: the output would last 0.867 s, longer than the 0.7 s limit; raise --max-duration"),
      "\(refused.standardError)")
    let length = try #require(
      refused.standardError.split(separator: " ").firstIndex(of: "last").map {
        String(refused.standardError.split(separator: " ")[$0 + 1])
      })
    let written = try await CommandRunner.render(arguments + ["--actuator", "lra", "--max-duration", length])
    #expect(written.status == 0, "\(written.standardError)")
  }

  @Test func infoReportsWhatEachEventFeelsLike() async throws {
    let folder = try Self.folderWithBuzz()
    let result = try await CommandRunner.render(["info", "\(folder.path)/buzz.ahap", "--actuator", "lra", "--json"])
    #expect(result.status == 0, "\(result.standardError)")
    let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput)) as? [String: Any]
    let actuator = try #require(json?["actuator"] as? [String: Any])
    #expect(actuator["resonance"] as? Double == 170)
    let event = try #require((actuator["events"] as? [[String: Any]])?.first)
    let level = try #require(event["level"] as? Double)
    #expect(abs(level - 0.49) < 0.005)
    let rise = try #require(event["rise"] as? Double)
    let targetRise = try #require(event["targetRise"] as? Double)
    let stop = try #require(event["stop"] as? Double)
    let targetStop = try #require(event["targetStop"] as? Double)
    #expect(abs(rise - targetRise) <= 0.006 && abs(stop - targetStop) <= 0.006, "\(event)")
    #expect(try #require(event["overshoot"] as? Double) <= 0.05)

    let text = try await CommandRunner.render(["info", "\(folder.path)/buzz.ahap", "--actuator", "lra"])
    #expect(
      String(decoding: text.standardOutput, as: UTF8.self).contains(
        "actuator                lra: 170 Hz, Q 12, rated drive 0.5"))
  }

  /// `info --spread`: the buzz on units 5 and 10 Hz off lra's 170 Hz, the drive computed for
  /// 170 Hz, stops within 10 and 20 ms of the pattern's own stop (docs/actuators.md §2.1).
  @Test func infoSpreadGivesTheFiguresOnEachUnit() async throws {
    let folder = try Self.folderWithBuzz()
    let result = try await CommandRunner.render([
      "info", "\(folder.path)/buzz.ahap", "--actuator", "lra", "--spread", "10", "--json",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput)) as? [String: Any]
    let spread = try #require(json?["spread"] as? [String: Any])
    let units = try #require(spread["units"] as? [[String: Any]])
    #expect(units.compactMap { $0["unitResonance"] as? Double } == [160, 165, 170, 175, 180])
    for (unit, allowed) in zip(units, [0.020, 0.010, 0.006, 0.010, 0.020]) {
      let event = try #require((unit["events"] as? [[String: Any]])?.first)
      let stop = try #require(event["stop"] as? Double)
      let own = try #require(event["targetStop"] as? Double)
      #expect(stop - own <= allowed, "\(unit["unitResonance"] ?? 0) Hz: stop \(stop) s, the pattern's \(own) s")
    }
    let text = try await CommandRunner.render([
      "info", "\(folder.path)/buzz.ahap", "--actuator", "lra", "--spread", "10",
    ])
    #expect(
      String(decoding: text.standardOutput, as: UTF8.self).contains(
        "  spread                  160 Hz        165 Hz        170 Hz        175 Hz        180 Hz\n"))
  }

  @Test(arguments: [
    (["--spread", "10"], "render: error: --spread needs --actuator NAME|FILE.json"),
    (
      ["--actuator", "lra", "--spread", "0"],
      "render: error: --spread: expected a spread in Hz above 0 and at most 1000, found 0"
    ),
    (
      ["--actuator", "lra", "--spread", "-3"],
      "render: error: --spread: expected a spread in Hz above 0 and at most 1000, found -3"
    ),
    // Units outside the resonances an actuator may have, found before any render.
    (
      ["--actuator", "lra", "--spread", "170"],
      "render: error: --spread 170 Hz puts units at 0 and 340 Hz, outside the resonances an actuator may have (40…1000 Hz); around 170 Hz a spread may be at most 130 Hz"
    ),
  ])
  func spreadUsageErrors(_ flags: [String], _ message: String) async throws {
    let folder = try Self.folderWithBuzz()
    let result = try await CommandRunner.render(["info", "\(folder.path)/buzz.ahap"] + flags)
    #expect(result.status == 64)
    #expect(result.standardError.contains(message), "\(result.standardError)")
  }

  /// `info` of an audio file has no drive to describe: the actuator's options are refused, not
  /// ignored.
  @Test func infoOfAnAudioFileRefusesTheActuatorsOptions() async throws {
    let folder = try Self.folderWithBuzz()
    let render = try await CommandRunner.render(["\(folder.path)/buzz.ahap", "-o", "\(folder.path)/buzz.wav"])
    #expect(render.status == 0, "\(render.standardError)")
    for flags in [["--actuator", "lra"], ["--actuator", "lra", "--spread", "10"]] {
      let result = try await CommandRunner.render(["info", "\(folder.path)/buzz.wav"] + flags)
      #expect(result.status == 64)
      #expect(
        result.standardError.contains(
          "render: error: --actuator and --spread describe a pattern's drive; '\(folder.path)/buzz.wav' is read as an audio file, which has none"
        ), "\(result.standardError)")
    }
  }

  /// `plot --spread`: the felt acceleration on the four other units, as outlines in the lane.
  @Test func plotSpreadDrawsEachUnit() async throws {
    let folder = try Self.folderWithBuzz()
    let plot = try await CommandRunner.render([
      "plot", "\(folder.path)/buzz.ahap", "-o", "\(folder.path)/buzz.svg", "--actuator", "lra", "--spread", "10",
    ])
    #expect(plot.status == 0, "\(plot.standardError)")
    let svg = try String(contentsOfFile: "\(folder.path)/buzz.svg", encoding: .utf8)
    #expect(svg.components(separatedBy: "class=\"unit\"").count - 1 == 4)
    #expect(svg.contains("on units at 160 Hz, 165 Hz, 175 Hz, 180 Hz"))
    let bare = try await CommandRunner.render([
      "plot", "\(folder.path)/buzz.ahap", "-o", "\(folder.path)/bare.svg", "--spread", "10",
    ])
    #expect(bare.status == 64)
    #expect(bare.standardError.contains("--spread needs --actuator NAME|FILE.json"))
  }

  @Test func plotAndPreviewDrawTheFeltAccelerationOverTheTarget() async throws {
    let folder = try Self.folderWithBuzz()
    let plot = try await CommandRunner.render([
      "plot", "\(folder.path)/buzz.ahap", "-o", "\(folder.path)/buzz.svg", "--actuator", "lra",
    ])
    #expect(plot.status == 0, "\(plot.standardError)")
    let svg = try String(contentsOfFile: "\(folder.path)/buzz.svg", encoding: .utf8)
    #expect(svg.contains("<g id=\"lane-actuator\">") && svg.contains(">felt on lra</text>"))
    #expect(svg.contains("class=\"target\"/>") && svg.contains("class=\"felt\"/>"))
    #expect(!svg.contains("id=\"lane-haptic\""))
    // The carriers of lra's band label the sharpness lane.
    #expect(svg.contains(">163 Hz</text>") && svg.contains(">177 Hz</text>"))

    let page = try await CommandRunner.render([
      "preview", "\(folder.path)/buzz.ahap", "-o", "\(folder.path)/buzz.html", "--actuator", "lra",
    ])
    #expect(page.status == 0, "\(page.standardError)")
    let html = try String(contentsOfFile: "\(folder.path)/buzz.html", encoding: .utf8)
    #expect(html.contains(">felt on lra</text>") && html.contains("data:audio/flac;base64,"))
  }
}
