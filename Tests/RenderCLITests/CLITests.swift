import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// End-to-end: the built `render` executable, its exit codes, messages and files.
@Suite struct CLITests {
  private let samples = Locations.samples

  /// Writes a pattern of one `AudioCustom` event playing `waveform`; returns its path.
  private func writeCustomPattern(to path: String, waveform: String) throws -> String {
    let json =
      "{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \"\(waveform)\"}}]}"
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func rendersTheBreathingSample() throws {
    let folder = try TemporaryFolder()
    let result = try CommandRunner.render(["\(samples)/breath-478.ahap", "-o", "\(folder.path)/breath.wav"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardError.contains(
        "wrote \(folder.path)/breath.wav: 19.020 s, 912960 frames, 1 channel (haptic), 48000 Hz, wav (24-bit)"))
    let reader = try AudioFileReader(path: "\(folder.path)/breath.wav")
    #expect(reader.frameCount == 912_960 && reader.channelCount == 1 && reader.sampleRate == 48_000)
    #expect(folder.contents() == ["breath.wav"])
  }

  @Test func optionsShapeTheFile() throws {
    let folder = try TemporaryFolder()
    let out = "\(folder.path)/taps.data"
    let result = try CommandRunner.render([
      "\(samples)/session-complete.ahap", "-o", out, "-t", "flac", "-r", "8000", "-b", "16", "--tail", "0.5",
      "--layout", "quad", "--gain", "-6", "--intensity-scale", "0.6",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let reader = try AudioFileReader(path: out)
    #expect(reader.sampleRate == 8_000 && reader.channelCount == 4)
    #expect(reader.frameCount == Int((0.3 * 8_000).rounded()) + Int((2 * 8_000 / 253.0).rounded()) + 4_000)
    let channels = try reader.readAll()
    let expectedPeak = 0.5012 * 0.36  // −6 dB × (1 × 0.6)²
    #expect(abs(Signal.peak(channels[2][...]) - expectedPeak) < 2e-3)
    #expect(channels[0].allSatisfy { $0 == 0 } && channels[2] == channels[3])
  }

  @Test func standardOutputGetsTheSameBytes() throws {
    let folder = try TemporaryFolder()
    let file = try CommandRunner.render(["\(samples)/heartbeat.ahap", "-o", "\(folder.path)/h.wav"])
    #expect(file.status == 0)
    let piped = try CommandRunner.render(["\(samples)/heartbeat.ahap", "-o", "-", "-q"])
    #expect(piped.status == 0)
    #expect(piped.standardError.isEmpty)
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/h.wav")))
    #expect(piped.standardOutput == bytes)
    #expect(bytes.starts(with: Array("RIFF".utf8)))
  }

  @Test func devicesAreWrittenToNotReplaced() throws {
    let result = try CommandRunner.render(["\(samples)/heartbeat.ahap", "-o", "/dev/null", "-t", "wav"])
    #expect(result.status == 0, "\(result.standardError)")
    let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
    #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)
    #expect(try FileManager.default.contentsOfDirectory(atPath: "/dev").allSatisfy { !$0.hasPrefix(".null") })
  }

  @Test func fullDiskLeavesNoPartialFileAndKeepsTheOldOne() throws {
    let folder = try TemporaryFolder()
    let output = "\(folder.path)/out.wav"
    try Data("old".utf8).write(to: URL(fileURLWithPath: output))
    // A file-size limit of 64 KiB stands in for a full disk: writes past it fail with EFBIG.
    let result = try CommandRunner.shell(
      "ulimit -f 64; trap '' XFSZ; exec '\(CommandRunner.renderPath)' '\(samples)/breath-478.ahap' -o '\(output)' -q")
    #expect(result.status == 1)
    #expect(result.standardError.hasPrefix("render: error: '\(output)': write failed"), "\(result.standardError)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Data("old".utf8))
    #expect(folder.contents() == ["out.wav"])
  }

  @Test func interruptedRenderRemovesItsTemporaryFile() throws {
    let folder = try TemporaryFolder()
    let long = "\(folder.path)/long.ahap"
    let events = (0..<40).map {
      "{\"Event\": {\"Time\": \($0 * 60), \"EventType\": \"HapticContinuous\", \"EventDuration\": 30}}"
    }
    try Data("{\"Pattern\": [\(events.joined(separator: ","))]}".utf8).write(to: URL(fileURLWithPath: long))
    let process = Process()
    process.executableURL = CommandRunner.productsDirectory.appendingPathComponent("render")
    process.arguments = [long, "-o", "\(folder.path)/out.wav", "-r", "384000"]
    process.standardError = FileHandle.nullDevice
    try process.run()
    var waited = 0
    while !folder.contents().contains(where: { $0.hasSuffix(".tmp") }), waited < 200 {
      usleep(20_000)
      waited += 1
    }
    process.interrupt()
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    #expect(folder.contents() == ["long.ahap"])
  }

  @Test func sandboxFlagRefusesWaveformsOutside() throws {
    let folder = try TemporaryFolder()
    let input = try writeCustomPattern(to: "\(folder.path)/p.ahap", waveform: "\(samples)/knock.wav")
    let before = try Data(contentsOf: URL(fileURLWithPath: input))
    let open = try CommandRunner.render([input, "-o", "\(folder.path)/a.wav", "-q"])
    #expect(open.status == 0)
    let sandboxed = try CommandRunner.render([input, "-o", "\(folder.path)/b.wav", "--sandbox"])
    #expect(sandboxed.status == 1)
    #expect(
      sandboxed.standardError.contains(
        "is outside the pattern's folder and the --resources folders, which --sandbox allows"))
    let allowed = try CommandRunner.render([
      input, "-o", "\(folder.path)/c.wav", "--sandbox", "--resources", samples, "-q",
    ])
    #expect(allowed.status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before, "the input is never modified")
    #expect(folder.contents() == ["a.wav", "c.wav", "p.ahap"])
  }

  @Test func missingInputIsAnErrorAndWritesNothing() throws {
    let folder = try TemporaryFolder()
    let result = try CommandRunner.render(["\(folder.path)/nope.ahap", "-o", "\(folder.path)/x.wav"])
    #expect(result.status == 1)
    #expect(
      result.standardError == "render: error: cannot read '\(folder.path)/nope.ahap': No such file or directory\n")
    #expect(folder.contents().isEmpty)
  }

  @Test func invalidPatternPrintsLocatedErrorsAndKeepsTheOldOutput() throws {
    let folder = try TemporaryFolder()
    let input = "\(folder.path)/bad.ahap"
    let output = "\(folder.path)/out.wav"
    try Data(
      "{\"Pattern\": [\n  {\"Event\": {\"Time\": -1, \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \"x.wav\"}}\n]}"
        .utf8
    ).write(to: URL(fileURLWithPath: input))
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: output))
    let result = try CommandRunner.render([input, "-o", output])
    #expect(result.status == 1)
    #expect(
      result.standardError == "\(input):2:22: error: Pattern[0].Event.Time: expected a time in seconds ≥ 0, found -1\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Data("keep me".utf8))
    #expect(folder.contents() == ["bad.ahap", "out.wav"])
  }

  @Test func strictRejectsWarningsAndQuietHidesThem() throws {
    let folder = try TemporaryFolder()
    let lenient = try CommandRunner.render(["\(samples)/short-keys.ahap", "-o", "\(folder.path)/a.wav"])
    #expect(lenient.status == 0)
    #expect(
      lenient.standardError.contains(
        "short-keys.ahap:7:9: warning: Pattern[0].Event.Type: \"Type\" is read as \"EventType\""))
    let quiet = try CommandRunner.render(["\(samples)/short-keys.ahap", "-o", "\(folder.path)/b.wav", "-q"])
    #expect(quiet.status == 0 && quiet.standardError.isEmpty)
    let strict = try CommandRunner.render(["\(samples)/short-keys.ahap", "-o", "\(folder.path)/c.wav", "--strict"])
    #expect(strict.status == 1)
    #expect(strict.standardError.contains("error: Pattern[0].Event.Type"))
    #expect(folder.contents() == ["a.wav", "b.wav"])
  }

  @Test(arguments: [
    (["--rate", "10"], "sample rate (--rate) 10 Hz is outside 1000…384000 Hz"),
    (
      ["-t", "opus", "--rate", "44100"],
      "opus does not support 44100 Hz; it accepts 8000, 12000, 16000, 24000, 48000 Hz"
    ),
    (["-t", "flac", "-b", "float"], "flac stores 16 or 24 bits, not float"),
    (["-t", "ogg", "-b", "16"], "ogg is a lossy format; its bit depth cannot be set (16 was asked)"),
    (["--peak", "loud"], "The value 'loud' is invalid for '--peak <peak>'"),
    (["--frobnicate"], "Unknown option '--frobnicate'"),
  ])
  func usageErrorsExitWith64(_ extra: [String], _ message: String) throws {
    let folder = try TemporaryFolder()
    let result = try CommandRunner.render(["\(samples)/heartbeat.ahap", "-o", "\(folder.path)/x.wav"] + extra)
    #expect(result.status == 64)
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(folder.contents().isEmpty)
  }

  @Test func unknownExtensionIsAUsageError() throws {
    let result = try CommandRunner.render(["\(samples)/heartbeat.ahap", "-o", "/tmp/x.mp4"])
    #expect(result.status == 64)
    #expect(result.standardError.contains("cannot tell the format of '/tmp/x.mp4' from its extension"))
  }

  @Test func peakErrorFailsWithoutOutput() throws {
    let folder = try TemporaryFolder()
    let input = "\(folder.path)/loud.ahap"
    let event = "{\"Event\": {\"Time\": 0, \"EventType\": \"HapticContinuous\", \"EventDuration\": 0.1}}"
    try Data("{\"Pattern\": [\(event), \(event)]}".utf8).write(to: URL(fileURLWithPath: input))
    let result = try CommandRunner.render([input, "-o", "\(folder.path)/x.wav", "--peak", "error"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("render: error: the output peaks at"))
    #expect(folder.contents() == ["loud.ahap"])
    let normalized = try CommandRunner.render([input, "-o", "\(folder.path)/y.wav"])
    #expect(normalized.status == 0)
    #expect(
      normalized.standardError.contains(
        "render: warning: the mix peaked at 6.0 dBFS; normalized to -1.0 dBFS (gain -7.0 dB)"))
  }

  @Test func missingWaveformNamesEveryPlaceSearched() throws {
    let folder = try TemporaryFolder()
    let input = try writeCustomPattern(to: "\(folder.path)/custom.ahap", waveform: "boom.wav")
    let result = try CommandRunner.render([input, "-o", "\(folder.path)/x.wav", "--resources", "/nonexistent"])
    #expect(result.status == 1)
    #expect(
      result.standardError.contains(
        "error: Pattern[0].Event.EventWaveformPath: waveform \"boom.wav\" not found; looked in '\(folder.path)/boom.wav', '/nonexistent/boom.wav'"
      ))
  }

  @Test func profileOptionTakesANameOrAFile() throws {
    let folder = try TemporaryFolder()
    let named = try CommandRunner.render([
      "\(samples)/heartbeat.ahap", "-o", "\(folder.path)/a.wav", "--profile", "lra150",
    ])
    #expect(named.status == 0)
    let unknown = try CommandRunner.render([
      "\(samples)/heartbeat.ahap", "-o", "\(folder.path)/b.wav", "--profile", "lra",
    ])
    #expect(unknown.status == 64)
    #expect(
      unknown.standardError.contains("unknown profile 'lra'; use one of preview, lra150, wideband or a JSON file"))
    let file = "\(folder.path)/bad.json"
    try Data("{\"minimumFrequency\": -5}".utf8).write(to: URL(fileURLWithPath: file))
    let bad = try CommandRunner.render(["\(samples)/heartbeat.ahap", "-o", "\(folder.path)/c.wav", "--profile", file])
    #expect(bad.status == 1)
    #expect(
      bad.standardError.contains(
        "\(file):1:22: error: minimumFrequency: expected a frequency in Hz within 1…20000, found -5"))
    #expect(folder.contents() == ["a.wav", "bad.json"])
  }

  @Test func corpusAudioCustomFindsItsWaveformsInResources() throws {
    let corpus = "\(Locations.corpus)/ahap"
    guard FileManager.default.fileExists(atPath: corpus) else { return }
    let folder = try TemporaryFolder()
    let result = try CommandRunner.render([
      "\(corpus)/williamwei2025__Haptic-Tests__Drums.ahap", "-o", "\(folder.path)/drums.wav",
      "--resources", "\(corpus)/resources", "--layout", "audio",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let channels = try AudioFileReader(path: "\(folder.path)/drums.wav").readAll()
    #expect(channels.count == 2 && Signal.rms(channels[0][...]) > 0.01)
  }

  @Test func samplesMatchTheirGoldenFiles() throws {
    let result = try CommandRunner.render(["check", samples, "--golden", "\(Locations.packageRoot)/Tests/Golden", "-q"])
    #expect(result.status == 0, "\(String(decoding: result.standardOutput, as: UTF8.self))")
    let count = Locations.files(in: samples, withExtension: "ahap").count
    #expect(
      String(decoding: result.standardOutput, as: UTF8.self)
        == "checked \(count) patterns: \(count) passed, 0 failed, 0 missing\n")
  }

  @Test func checkReportsChangedMissingAndUpdatedGoldens() throws {
    let folder = try TemporaryFolder()
    let patterns = "\(folder.path)/patterns"
    let golden = "\(folder.path)/golden"
    try FileManager.default.createDirectory(atPath: patterns, withIntermediateDirectories: true)
    for name in ["heartbeat", "session-complete"] {
      try FileManager.default.copyItem(atPath: "\(samples)/\(name).ahap", toPath: "\(patterns)/\(name).ahap")
    }
    let missing = try CommandRunner.render(["check", patterns, "--golden", golden])
    #expect(missing.status == 1)
    #expect(
      String(decoding: missing.standardOutput, as: UTF8.self).hasSuffix(
        "checked 2 patterns: 0 passed, 0 failed, 2 missing\n"))
    let recorded = try CommandRunner.render(["check", patterns, "--golden", golden, "--update"])
    #expect(recorded.status == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: golden).sorted() == [
        "heartbeat.flac", "session-complete.flac",
      ])

    let path = "\(patterns)/heartbeat.ahap"
    let changed = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "0.7", with: "0.69")
    try changed.write(toFile: path, atomically: true, encoding: .utf8)
    let failed = try CommandRunner.render(["check", patterns, "--golden", golden])
    let output = String(decoding: failed.standardOutput, as: UTF8.self)
    #expect(failed.status == 1)
    #expect(output.contains("FAIL \(path)\ncompare: '\(golden)/heartbeat.flac' and '\(path)' differ (first at frame"))
    #expect(output.contains("  rendered: "))
    #expect(output.hasSuffix("checked 2 patterns: 1 passed, 1 failed, 0 missing\n"))
    let loose = try CommandRunner.render([
      "check", patterns, "--golden", golden, "--max-diff", "0.05", "--min-snr", "20",
    ])
    #expect(loose.status == 0)
  }

  @Test func compareExitCodesAndJSON() throws {
    let folder = try TemporaryFolder()
    let wav = "\(folder.path)/h.wav"
    #expect(try CommandRunner.render(["\(samples)/heartbeat.ahap", "-o", wav, "-q"]).status == 0)
    let same = try CommandRunner.render(["compare", wav, "\(samples)/heartbeat.ahap"])
    #expect(same.status == 0)
    #expect(String(decoding: same.standardOutput, as: UTF8.self).hasSuffix("PASS\n"))
    let louder = try CommandRunner.render(["compare", wav, "\(samples)/heartbeat.ahap", "--gain", "0.5", "--json"])
    #expect(louder.status == 1)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(louder.standardOutput)) as? [String: Any])
    #expect(json["passed"] as? Bool == false)
    #expect((json["maxDifference"] as? Double ?? 0) > 0.01)
    let rate = try CommandRunner.render(["compare", wav, "\(samples)/heartbeat.ahap", "--rate", "44100"])
    #expect(rate.status == 1)
    #expect(
      String(decoding: rate.standardOutput, as: UTF8.self).contains("  sample rates differ: 48000 Hz vs 44100 Hz"))
    let missing = try CommandRunner.render(["compare", "\(folder.path)/none.wav", wav])
    #expect(missing.status == 2)
    #expect(missing.standardError.contains("render: error: cannot open '\(folder.path)/none.wav'"))
  }

  @Test func batchOutputDoesNotDependOnTheNumberOfThreads() throws {
    let folder = try TemporaryFolder()
    var outputs: [[String: Data]] = []
    let count = Locations.files(in: samples, withExtension: "ahap").count
    for jobs in [1, 2, 8] {
      let out = "\(folder.path)/j\(jobs)"
      let result = try CommandRunner.render([samples, "--out-dir", out, "-j", "\(jobs)", "-t", "flac", "-r", "16000"])
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardError.hasSuffix("rendered \(count) of \(count) files into \(out)\n"))
      var files: [String: Data] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: out) {
        files[name] = try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(name)"))
      }
      outputs.append(files)
    }
    #expect(outputs[0].count == count)
    #expect(outputs[0] == outputs[1] && outputs[1] == outputs[2])
  }

  @Test func batchGoesOnAfterABadInputAndFailsAtTheEnd() throws {
    let folder = try TemporaryFolder()
    let inputs = "\(folder.path)/in"
    try FileManager.default.createDirectory(atPath: "\(inputs)/nested", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: "\(samples)/heartbeat.ahap", toPath: "\(inputs)/nested/heartbeat.ahap")
    try Data("{\"Pattern\": 3}".utf8).write(to: URL(fileURLWithPath: "\(inputs)/broken.ahap"))
    let result = try CommandRunner.render([
      inputs, "\(samples)/session-complete.ahap", "--out-dir", "\(folder.path)/out",
    ])
    #expect(result.status == 1)
    #expect(
      result.standardError.contains(
        "\(inputs)/broken.ahap:1:13: error: Pattern: expected an array of events and parameters, found a number"))
    #expect(result.standardError.hasSuffix("render: error: rendered 2 of 3 files into \(folder.path)/out; 1 failed\n"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: "\(folder.path)/out").sorted() == [
        "heartbeat.wav", "session-complete.wav",
      ])
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a terminal"))
  func progressLineShowsOnATerminalOnly() throws {
    let folder = try TemporaryFolder()
    // script(1) gives the command a pseudo-terminal, as a user's shell would.
    let terminal = try CommandRunner.run(
      "/usr/bin/script",
      ["-qec", "'\(CommandRunner.renderPath)' '\(samples)' --out-dir '\(folder.path)/out' -j 1", "/dev/null"])
    let text = String(decoding: terminal.standardOutput, as: UTF8.self)
    #expect(terminal.status == 0)
    let count = Locations.files(in: samples, withExtension: "ahap").count
    #expect(text.contains("[1/\(count)] audio-custom-waveform.ahap  "), "\(text.prefix(300))")
    #expect(text.contains(" files/s"))
    let piped = try CommandRunner.render([samples, "--out-dir", "\(folder.path)/piped", "-j", "1"])
    #expect(!piped.standardError.contains("files/s"), "no progress line when standard error is not a terminal")
    let quiet = try CommandRunner.render([samples, "--out-dir", "\(folder.path)/quiet", "-q"])
    #expect(quiet.standardError.isEmpty)
  }

  @Test func collidingOutputNamesStopBeforeAnyWork() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/a", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: "\(samples)/heartbeat.ahap", toPath: "\(folder.path)/a/heartbeat.ahap")
    let result = try CommandRunner.render([
      "\(folder.path)/a", "\(samples)/heartbeat.ahap", "--out-dir", "\(folder.path)/out",
    ])
    #expect(result.status == 1)
    #expect(result.standardError.contains("would all be written to '\(folder.path)/out/heartbeat.wav'"))
    #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/out"))
    let twoWithO = try CommandRunner.render([
      "\(samples)/heartbeat.ahap", "\(samples)/success.ahap", "-o", "\(folder.path)/x.wav",
    ])
    #expect(twoWithO.status == 64)
    #expect(twoWithO.standardError.contains("-o takes one input; use --out-dir DIR for 2 inputs"))
  }

  @Test func lintExitCodesAndJSON() throws {
    let clean = try CommandRunner.render(["lint", "\(samples)/breath-478.ahap", "\(samples)/heartbeat.ahap"])
    #expect(clean.status == 0)
    #expect(clean.standardError == "linted 2 files: 0 errors, 0 warnings\n")
    let warned = try CommandRunner.render(["lint", "\(samples)/short-keys.ahap"])
    #expect(warned.status == 0)
    #expect(
      String(decoding: warned.standardOutput, as: UTF8.self).contains(
        "short-keys.ahap:7:9: warning: Pattern[0].Event.Type"))
    let strict = try CommandRunner.render(["lint", "\(samples)/short-keys.ahap", "--strict"])
    #expect(strict.status == 1)
    let folder = try TemporaryFolder()
    let bad = "\(folder.path)/bad.ahap"
    try Data("{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"Buzz\"}}]}".utf8).write(
      to: URL(fileURLWithPath: bad))
    let json = try CommandRunner.render(["lint", bad, "\(samples)/short-keys.ahap", "--json"])
    #expect(json.status == 1)
    let findings = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput)) as? [[String: Any]])
    #expect(findings.first?["severity"] as? String == "error")
    #expect(findings.first?["line"] as? Int == 1 && findings.first?["column"] as? Int == 49)
    #expect(findings.first?["path"] as? String == "Pattern[0].Event.EventType")
    #expect(findings.count == 3)
  }

  @Test func infoDescribesPatternsAndAudioFiles() throws {
    let pattern = try CommandRunner.render(["info", "\(samples)/breath-478.ahap"])
    #expect(pattern.status == 0)
    let text = String(decoding: pattern.standardOutput, as: UTF8.self)
    #expect(text.contains("  duration                19.020 s (tails included)"))
    #expect(text.contains("  events                  2 HapticContinuous"))
    let folder = try TemporaryFolder()
    #expect(try CommandRunner.render(["\(samples)/breath-478.ahap", "-o", "\(folder.path)/b.flac", "-q"]).status == 0)
    let audio = try CommandRunner.render(["info", "\(folder.path)/b.flac", "--json"])
    let json = try #require(try JSONSerialization.jsonObject(with: Data(audio.standardOutput)) as? [String: Any])
    #expect(json["frames"] as? Int == 912_960)
    #expect(json["sampleRate"] as? Int == 48_000)
    let missing = try CommandRunner.render(["info", "\(folder.path)/none.wav"])
    #expect(missing.status == 1)
  }

  @Test func plotWritesAnSVG() throws {
    let folder = try TemporaryFolder()
    let result = try CommandRunner.render(["plot", "\(samples)/breath-478.ahap", "-o", "\(folder.path)/b.svg"])
    #expect(result.status == 0, "\(result.standardError)")
    let svg = try String(contentsOfFile: "\(folder.path)/b.svg", encoding: .utf8)
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    let png = try CommandRunner.render(["plot", "\(samples)/breath-478.ahap", "-o", "\(folder.path)/b.png"])
    #expect(png.status == 64)
    #expect(png.standardError.contains("plot writes SVG"))
  }

  @Test func helpExplainsTheCommand() throws {
    let result = try CommandRunner.render(["--help"])
    #expect(result.status == 0)
    let help = String(decoding: result.standardOutput, as: UTF8.self)
    for text in [
      "render breath.ahap -o breath.wav", "--rate", "--bits", "--type", "--peak", "--intensity-scale", "--strict",
      "--resources",
    ] {
      #expect(help.contains(text), "help lacks \(text)")
    }
    let convertHelp = try CommandRunner.render(["help", "convert"])
    let text = String(decoding: convertHelp.standardOutput, as: UTF8.self)
    #expect(text.contains("Exit status: 0 success, 1 an input rejected or a write failed, 64 usage error."))
  }
}
