import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Races, links, log injection, outputs over inputs and the slow paths. Each case checks the exit
/// status, the message, and what is left on disk.
@Suite struct HostileRoundThreeTests {
  private let samples = Locations.samples

  /// Runs `render` under `timeout 60` in `folder`; exit 124 means it hung.
  private func render(_ arguments: String, in folder: String) async throws -> CommandRunner.Result {
    try await CommandRunner.shell("timeout 60 '\(CommandRunner.renderPath)' \(arguments) < /dev/null", in: folder)
  }

  private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  /// Everything a run printed, standard output then standard error.
  private func printed(_ result: CommandRunner.Result) -> String {
    String(decoding: result.standardOutput, as: UTF8.self) + result.standardError
  }

  private func read(_ path: String) -> Data? {
    try? Data(contentsOf: URL(fileURLWithPath: path))
  }

  private func customPattern(waveform: String) -> String {
    "{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \"\(waveform)\"}}]}"
  }

  // MARK: 1. The sandbox raced

  @Test func theSandboxHoldsWhileTheWaveformIsSwapped() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/pat", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: "\(samples)/knock.wav", toPath: "\(folder.path)/pat/inside.wav")
    let tone = try await render("'\(samples)/audio-tone.ahap' -o outside.wav", in: folder.path)
    #expect(tone.status == 0)
    try FileManager.default.copyItem(atPath: "\(samples)/knock.wav", toPath: "\(folder.path)/pat/x.wav")
    try write(customPattern(waveform: "x.wav"), to: "\(folder.path)/pat/t.ahap")
    let reference = try await render("pat/t.ahap -o reference.wav --sandbox", in: folder.path)
    #expect(reference.status == 0)
    let expected = read("\(folder.path)/reference.wav")

    let swapper = LinkSwapper(
      folder: "\(folder.path)/pat", name: "x.wav", inside: "inside.wav", outside: "\(folder.path)/outside.wav")
    var outcomes: [Int32: Int] = [:]
    for _ in 0..<60 {
      let result = try await render("pat/t.ahap -o o.wav --sandbox -q", in: folder.path)
      outcomes[result.status, default: 0] += 1
      if result.status == 0 {
        #expect(read("\(folder.path)/o.wav") == expected, "only the inside file is ever read")
      } else {
        #expect(
          result.standardError
            == "pat/t.ahap:1:24: error: Pattern[0].Event.EventWaveformPath: waveform 'x.wav' is outside the pattern's folder and the --resources folders, which --sandbox allows [unreadable-waveform]\n"
        )
      }
      try? FileManager.default.removeItem(atPath: "\(folder.path)/o.wav")
    }
    swapper.stop()
    #expect(outcomes[0, default: 0] + outcomes[1, default: 0] == 60, "\(outcomes)")
  }

  // MARK: 2. Golden files written through links

  @Test func goldenUpdatesNeverWriteThroughLinks() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/g", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: "\(samples)/heartbeat.ahap", toPath: "\(folder.path)/hb.ahap")
    try write("precious", to: "\(folder.path)/victim.txt")
    try FileManager.default.createSymbolicLink(atPath: "\(folder.path)/g/hb.flac", withDestinationPath: "../victim.txt")
    for sandbox in ["", " --sandbox"] {
      let result = try await render("check hb.ahap --golden g --update\(sandbox)", in: folder.path)
      #expect(result.status == 1, "\(result.standardError)")
      #expect(
        printed(result)
          == "ERROR hb.ahap: cannot open 'g/hb.flac': is a symbolic link, which is not followed here; remove it to write this file\nchecked 1 pattern: 0 passed, 1 failed, 0 missing\n"
      )
      #expect(read("\(folder.path)/victim.txt") == Data("precious".utf8))
      #expect(FileSystemLink.target(of: "\(folder.path)/g/hb.flac") == "../victim.txt")
    }

    // A dangling link: no file is created where it points.
    try FileManager.default.removeItem(atPath: "\(folder.path)/g/hb.flac")
    try FileManager.default.createSymbolicLink(
      atPath: "\(folder.path)/g/hb.flac", withDestinationPath: "../planted.flac")
    let dangling = try await render("check hb.ahap --golden g --update", in: folder.path)
    #expect(dangling.status == 1)
    #expect(printed(dangling).contains("ERROR hb.ahap: cannot open 'g/hb.flac': is a symbolic link"))
    #expect(folder.contents() == ["g", "hb.ahap", "victim.txt"], "nothing planted")
    #expect(folder.contents("g") == ["hb.flac"])

    // A regular golden is still recorded, atomically, and keeps its permissions when rewritten.
    try FileManager.default.removeItem(atPath: "\(folder.path)/g/hb.flac")
    let recorded = try await render("check hb.ahap --golden g --update", in: folder.path)
    #expect(recorded.status == 0, "\(recorded.standardError)")
    #expect(folder.contents("g") == ["hb.flac"])
  }

  // MARK: 7. FIFOs where outputs go

  @Test func fifosNamedLikeOutputsAreRefusedNotOpened() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/g", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: "\(folder.path)/out", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: "\(samples)/heartbeat.ahap", toPath: "\(folder.path)/hb.ahap")
    #expect(mkfifo("\(folder.path)/g/hb.flac", 0o644) == 0)
    #expect(mkfifo("\(folder.path)/out/hb.wav", 0o644) == 0)
    let check = try await render("check hb.ahap --golden g --update", in: folder.path)
    #expect(check.status == 1)
    #expect(
      printed(check).contains(
        "ERROR hb.ahap: cannot open 'g/hb.flac': is a FIFO (named pipe), not a regular file; it is not written to"),
      "\(printed(check))")
    let batch = try await render("hb.ahap --out-dir out", in: folder.path)
    #expect(batch.status == 1)
    #expect(
      batch.standardError.contains(
        "cannot open 'out/hb.wav': is a FIFO (named pipe), not a regular file; it is not written to"),
      "\(batch.standardError)")
    // A wait on the FIFO would end in `render`'s 60 s time-out: exit 124, not 1.
    #expect(folder.contents("g") == ["hb.flac"] && folder.contents("out") == ["hb.wav"])
  }

  // MARK: Lower severity: the mode of a replaced file

  @Test func aReplacedOutputKeepsItsPermissions() async throws {
    let folder = try TemporaryFolder()
    let first = try await render("'\(samples)/heartbeat.ahap' -o private.wav", in: folder.path)
    #expect(first.status == 0)
    #expect(chmod("\(folder.path)/private.wav", 0o600) == 0)
    let second = try await render("'\(samples)/success.ahap' -o private.wav", in: folder.path)
    #expect(second.status == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: "\(folder.path)/private.wav")
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  // MARK: 4. Outputs over inputs

  @Test func anOutputIsNeverTheWaveformItsPatternPlays() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.copyItem(atPath: "\(samples)/knock.wav", toPath: "\(folder.path)/self.wav")
    try write(customPattern(waveform: "self.wav"), to: "\(folder.path)/p.ahap")
    let before = read("\(folder.path)/self.wav")
    for command in ["p.ahap -o self.wav", "plot p.ahap -o self.wav.svg", "p.ahap -o link.wav"] {
      if command.hasSuffix("link.wav") {
        try FileManager.default.createSymbolicLink(atPath: "\(folder.path)/link.wav", withDestinationPath: "self.wav")
      }
      if command.hasPrefix("plot") {
        try FileManager.default.createSymbolicLink(
          atPath: "\(folder.path)/self.wav.svg", withDestinationPath: "self.wav")
      }
      let result = try await render(command, in: folder.path)
      #expect(result.status == 1, "\(command)")
      let output = command.split(separator: " ")[command.hasPrefix("plot") ? 3 : 2]
      #expect(
        result.standardError
          == "render: error: '\(output)': is the waveform 'self.wav' of 'p.ahap'; it is not replaced (choose another output)\n",
        "\(command)")
    }
    #expect(read("\(folder.path)/self.wav") == before)
    #expect(folder.contents() == ["link.wav", "p.ahap", "self.wav", "self.wav.svg"])
  }

  @Test func aBatchNeverWritesOverAWaveformOfItsInputs() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/dir", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: "\(samples)/knock.wav", toPath: "\(folder.path)/dir/knock.wav")
    try FileManager.default.copyItem(atPath: "\(samples)/heartbeat.ahap", toPath: "\(folder.path)/dir/knock.ahap")
    try write(customPattern(waveform: "knock.wav"), to: "\(folder.path)/dir/z.ahap")
    let before = read("\(folder.path)/dir/knock.wav")
    for jobs in [1, 2] {
      let result = try await render("dir --out-dir dir -j \(jobs)", in: folder.path)
      #expect(result.status == 1)
      #expect(
        result.standardError
          == "render: error: dir/z.ahap plays the waveform 'dir/knock.wav', which the output of 'dir/knock.ahap' would replace; choose another output folder\n"
      )
    }
    #expect(read("\(folder.path)/dir/knock.wav") == before)
    #expect(folder.contents("dir") == ["knock.ahap", "knock.wav", "z.ahap"], "nothing written")

    // A waveform that only this run would create is refused too: -j would decide what z read.
    try FileManager.default.removeItem(atPath: "\(folder.path)/dir/knock.wav")
    let created = try await render("dir --out-dir dir", in: folder.path)
    #expect(created.status == 1)
    #expect(created.standardError.contains("dir/z.ahap plays the waveform 'dir/knock.wav'"))
    #expect(folder.contents("dir") == ["knock.ahap", "z.ahap"])

    // Elsewhere, the bytes do not depend on -j.
    try FileManager.default.copyItem(atPath: "\(samples)/knock.wav", toPath: "\(folder.path)/dir/knock.wav")
    var outputs: [Data?] = []
    for jobs in [1, 2] {
      let result = try await render("dir --out-dir out\(jobs) -j \(jobs) -q", in: folder.path)
      #expect(result.status == 0, "\(result.standardError)")
      outputs.append(read("\(folder.path)/out\(jobs)/z.wav"))
    }
    #expect(outputs[0] != nil && outputs[0] == outputs[1])
  }

  @Test func thePreviewOfALongPatternReplacesOnlyItsOwnAudio() async throws {
    let folder = try TemporaryFolder()
    let events = (0..<20).map {
      PatternFixtures.event("HapticContinuous", time: Double($0) * 30, duration: 20, ["HapticIntensity": 0.5])
    }
    try write(PatternFixtures.document(events.joined(separator: ",")), to: "\(folder.path)/long.ahap")
    try write("precious", to: "\(folder.path)/long.flac")
    let refused = try await render("preview long.ahap -o long.html -r 8000 -q", in: folder.path)
    #expect(refused.status == 1)
    #expect(
      refused.standardError
        == "render: error: 'long.flac': exists, and the audio of this page (too long to embed) would be written over it; it is not replaced (move it, or choose another page name)\n"
    )
    #expect(read("\(folder.path)/long.flac") == Data("precious".utf8))
    #expect(folder.contents() == ["long.ahap", "long.flac"])

    try FileManager.default.removeItem(atPath: "\(folder.path)/long.flac")
    for _ in 0..<2 {
      let written = try await render("preview long.ahap -o long.html -r 8000 -q", in: folder.path)
      #expect(written.status == 0, "an earlier page's audio is replaced with it: \(written.standardError)")
    }
    #expect(folder.contents() == ["long.ahap", "long.flac", "long.html"])

    // The audio file's name is the pattern's own waveform.
    try FileManager.default.removeItem(atPath: "\(folder.path)/long.html")
    let custom = PatternFixtures.document(
      (events + ["{\"Event\": {\"Time\": 0, \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \"long.flac\"}}"])
        .joined(separator: ","))
    try write(custom, to: "\(folder.path)/long.ahap")
    let before = read("\(folder.path)/long.flac")
    let waveform = try await render("preview long.ahap -o long.html -r 8000 -q", in: folder.path)
    #expect(waveform.status == 1)
    #expect(
      waveform.standardError
        == "render: error: 'long.flac': is the waveform 'long.flac'; it is not replaced (choose another page name)\n")
    #expect(read("\(folder.path)/long.flac") == before)
  }

  // MARK: 3. Log and terminal injection

  @Test func textFromAFileIsPrintedEscapedOnOneLine() async throws {
    let folder = try TemporaryFolder()
    let forged = #"x\n::error file=app.swift,line=1::forged\n\u001b[2K\rall good\u0007"#
    try write(
      """
      {"Version": 1, "Metadata": {"Project": "\(forged)", "\(forged)": 1},
       "\(forged)": 2,
       "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": []}}]}
      """, to: "\(folder.path)/p.ahap")
    let escaped = #"x\n::error file=app.swift,line=1::forged\n\u001b[2K\rall good\u0007"#
    for command in ["lint p.ahap", "info p.ahap", "p.ahap -o o.wav", "p.ahap -o o.wav --strict"] {
      let result = try await render(command, in: folder.path)
      let text = printed(result)
      let lines = text.split(separator: "\n")
      #expect(!lines.contains { $0.hasPrefix("::") }, "\(command): a workflow command was forged")
      #expect(
        !text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F },
        "\(command): raw control characters")
      #expect(text.contains(escaped), "\(command): \(text)")
    }
    let lint = try await render("lint p.ahap", in: folder.path)
    #expect(
      String(decoding: lint.standardOutput, as: UTF8.self).hasPrefix(
        "p.ahap:2:2: warning: \(escaped): unknown key \"\(escaped)\" is ignored"), "\(printed(lint))")
    let info = try await render("info p.ahap", in: folder.path)
    #expect(String(decoding: info.standardOutput, as: UTF8.self).contains("  metadata Project        \(escaped)\n"))

    // A name in the progress line of a batch on a terminal (script(1) gives one).
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/script") {
      try FileManager.default.createDirectory(atPath: "\(folder.path)/set", withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        atPath: "\(samples)/heartbeat.ahap", toPath: "\(folder.path)/set/a\u{1B}[2Kb.ahap")
      let terminal = try await CommandRunner.run(
        "/usr/bin/script", ["-qec", "'\(CommandRunner.renderPath)' set --out-dir out -j 1", "/dev/null"],
        in: folder.path)
      let text = String(decoding: terminal.standardOutput, as: UTF8.self)
      #expect(terminal.status == 0)
      #expect(text.contains(#"a\u001b[2Kb.ahap"#) && !text.contains("\u{1B}[2Kb"), "\(text.debugDescription)")
    }

    // An audio file's name in `info`'s table.
    try FileManager.default.copyItem(atPath: "\(samples)/knock.wav", toPath: "\(folder.path)/k\n::error x.wav")
    let audio = try await render("info 'k\n::error x.wav'", in: folder.path)
    #expect(audio.status == 0)
    #expect(String(decoding: audio.standardOutput, as: UTF8.self).hasPrefix(#"k\n::error x.wav"# + "\n"))

    // A file name that reads as a workflow command at the start of a line.
    try FileManager.default.copyItem(atPath: "\(folder.path)/p.ahap", toPath: "\(folder.path)/::error x::y.ahap")
    let named = try await render("lint '::error x::y.ahap'", in: folder.path)
    #expect(!printed(named).split(separator: "\n").contains { $0.hasPrefix("::") }, "\(printed(named))")
    #expect(printed(named).contains(#"\u003a:error x::y.ahap:2:2: warning"#))
  }

  // MARK: 8. NaN in a waveform

  @Test func aWaveformThatIsNotFiniteIsRefusedInEveryFormat() async throws {
    let folder = try TemporaryFolder()
    try FloatWAV.write([.nan] + Array(repeating: 10, count: 799), to: "\(folder.path)/nan.wav")
    try FloatWAV.write(Array(repeating: 0.5, count: 799) + [-.infinity], to: "\(folder.path)/inf.wav")
    for (name, frame, value) in [("nan", 0, "NaN"), ("inf", 799, "infinite")] {
      try write(
        """
        {"Pattern": [{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "\(name).wav",
          "EventParameters": [{"ParameterID": "AudioBrightness", "ParameterValue": 0.5}]}}]}
        """, to: "\(folder.path)/\(name).ahap")
      for output in ["o.wav -b float", "o.wav -b 24", "o.flac", "o.ogg", "o.aiff --peak error", "o.wav --peak clip"] {
        let result = try await render("\(name).ahap -o \(output)", in: folder.path)
        #expect(result.status == 1, "\(output)")
        #expect(
          result.standardError
            == "\(name).ahap:1:24: error: Pattern[0].Event.EventWaveformPath: waveform '\(name).wav' is not playable: frame \(frame) of channel 1 is \(value); only finite samples can be played [unreadable-waveform]\n",
          "\(output)")
      }
    }
    #expect(folder.contents() == ["inf.ahap", "inf.wav", "nan.ahap", "nan.wav"], "nothing written")
  }

  // MARK: 5. Quadratic time in escaped strings

  @Test func aMillionEscapesAreReadQuicklyByEveryCommand() async throws {
    let folder = try TemporaryFolder()
    try write(
      "{\"Metadata\": {\"Description\": \"" + String(repeating: "\\u0041", count: 1_000_000) + "\"}, "
        + "\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\", \"EventParameters\": []}}]}",
      to: "\(folder.path)/e.ahap")
    // Each command ends within `render`'s 60 s time-out (exit 124 otherwise), even on a busy
    // machine; SlowPathTests times the decoding itself.
    for command in ["lint e.ahap -q", "info e.ahap", "e.ahap -o e.wav -q", "plot e.ahap -o e.svg -q"] {
      let result = try await render(command, in: folder.path)
      #expect(result.status == 0, "\(command): \(result.standardError)")
    }
  }

  // MARK: 9. A closed pipe

  @Test func everyFormatFailsWhenTheReaderOfThePipeGoesAway() async throws {
    let folder = try TemporaryFolder()
    for type in ["mp3", "ogg", "opus", "wav", "flac", "aiff", "caf"] {
      let result = try await CommandRunner.shell(
        "timeout 60 '\(CommandRunner.renderPath)' '\(samples)/breath-478.ahap' -o - -t \(type) 2> err.txt | head -c 100 > /dev/null; echo ${PIPESTATUS[0]}; cat err.txt",
        in: folder.path)
      #expect(
        String(decoding: result.standardOutput, as: UTF8.self)
          == "1\nrender: error: '(standard output)': write failed: Broken pipe\n", "\(type)")
      try FileManager.default.removeItem(atPath: "\(folder.path)/err.txt")
    }
    #expect(folder.contents().isEmpty, "no temporary file left")

    // Into a pipe that reads everything, the render succeeds and libsndfile reads it back.
    for type in ["mp3", "ogg", "opus"] {
      let piped = try await CommandRunner.shell(
        "'\(CommandRunner.renderPath)' '\(samples)/heartbeat.ahap' -o - -t \(type) -q | cat > piped.\(type)",
        in: folder.path)
      #expect(piped.status == 0 && piped.standardError.isEmpty, "\(type): \(piped.standardError)")
      #expect(try AudioFileReader(path: "\(folder.path)/piped.\(type)").frameCount > 0, "\(type)")
    }
  }

  // MARK: 10. Plots that are not XML

  @Test func everyPlotIsWellFormedXML() async throws {
    let folder = try TemporaryFolder()
    let odd = ["\u{01}", "\u{0B}", "\u{1B}", "\u{FFFE}", "\u{FFFF}"]
    for (index, character) in odd.enumerated() {
      try FileManager.default.copyItem(
        atPath: "\(samples)/knock.wav", toPath: "\(folder.path)/k\(character).wav")
      let escaped = character.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined()
      try write(
        """
        {"Metadata": {"Description": "a\(escaped)b\\u0000c"},
         "Pattern": [{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "k\(escaped).wav"}}]}
        """, to: "\(folder.path)/p\(index).ahap")
      let plot = try await render("plot p\(index).ahap -o p\(index).svg -q", in: folder.path)
      #expect(plot.status == 0, "\(plot.standardError)")
      let data = try #require(read("\(folder.path)/p\(index).svg"))
      let parser = XMLParser(data: data)
      #expect(
        parser.parse(),
        "U+\(String(character.unicodeScalars.first!.value, radix: 16)): \(parser.parserError.map { "\($0)" } ?? "")")
      #expect(String(decoding: data, as: UTF8.self).contains("a\u{FFFD}b\u{FFFD}c"))
    }
  }

  // MARK: 11. Names that are not UTF-8 (and 4d: an output name that is not)

  @Test func namesThatAreNotUTF8AreErrorsNeverSkippedOrSubstituted() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/dir", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: "\(samples)/heartbeat.ahap", toPath: "\(folder.path)/dir/good.ahap")
    let made = try await CommandRunner.shell(
      "printf '{broken' > dir/bad$'\\xe9'.ahap && printf 'notes' > dir/notes$'\\xe9'.txt", in: folder.path)
    #expect(made.status == 0)
    let bad = "render: error: 'dir/bad\\xE9.ahap': the name is not valid UTF-8, which render cannot keep; rename it\n"
    for command in ["lint dir", "check dir --golden g --update", "dir --out-dir out", "preview dir --out-dir site"] {
      let result = try await render(command, in: folder.path)
      #expect(result.status == 1, "\(command)")
      #expect(result.standardError == bad, "\(command): \(result.standardError)")
    }
    #expect(folder.contents() == ["dir"], "nothing written")

    // An argument that is not UTF-8 would reach the program as another name (U+FFFD).
    try FileManager.default.copyItem(
      atPath: "\(samples)/heartbeat.ahap", toPath: "\(folder.path)/dir/x\u{FFFD}.ahap")
    try write("other", to: "\(folder.path)/out\u{FFFD}.wav")
    for (command, shown) in [
      ("lint dir/x$'\\xff'.ahap", "dir/x\\xFF.ahap"),
      ("'\(samples)/heartbeat.ahap' -o out$'\\xfe'.wav", "out\\xFE.wav"),
    ] {
      let result = try await render(command, in: folder.path)
      #expect(result.status == 64, "\(command)")
      #expect(
        result.standardError
          == "render: error: '\(shown)': the argument is not valid UTF-8, which render cannot keep (a file name must be UTF-8; rename the file)\n"
      )
    }
    #expect(read("\(folder.path)/out\u{FFFD}.wav") == Data("other".utf8))
    #expect(folder.contents() == ["dir", "out\u{FFFD}.wav"])
  }

  // MARK: 12. Preview and signals

  /// Starts `render preview long.ahap -o long.html` with `TMPDIR=folder/tmp`, sends `signal`
  /// once `ready` holds for the names in the scratch folder (none yet: `nil`), and returns the
  /// exit status (the signal's number when it killed the process) and standard error. A
  /// preview that ends before the moment is seen (a busy machine) is run again, up to 20 times.
  private func interruptedPreview(
    in folder: String, signal: Int32, when ready: ([String]?) -> Bool
  ) throws -> (status: Int32, standardError: String) {
    for _ in 0..<20 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: CommandRunner.renderPath)
      process.arguments = ["preview", "long.ahap", "-o", "long.html", "-q"]
      process.currentDirectoryURL = URL(fileURLWithPath: folder)
      process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": "\(folder)/tmp"]) { $1 }
      let errors = Pipe()
      process.standardError = errors
      try process.run()
      var isReady = false
      while process.isRunning, !isReady {
        let scratch = (try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/tmp"))?
          .first { $0.hasPrefix("render-preview-") }
        isReady = ready(
          scratch.map { (try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/tmp/\($0)")) ?? [] })
        if !isReady { usleep(1_000) }
      }
      if isReady { kill(process.processIdentifier, signal) }
      let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      if isReady { return (process.terminationStatus, text) }
      try? FileManager.default.removeItem(atPath: "\(folder)/long.html")
    }
    Issue.record("the moment to send the signal was never seen")
    return (0, "")
  }

  @Test func aSignalledPreviewLeavesNothingAndSaysSo() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/tmp", withIntermediateDirectories: true)
    let events = (0..<3).map {
      PatternFixtures.event("HapticContinuous", time: Double($0) * 28, duration: 24, ["HapticIntensity": 0.5])
    }
    try write(PatternFixtures.document(events.joined(separator: ",")), to: "\(folder.path)/long.ahap")
    for (signal, when) in [(SIGTERM, "the scratch folder exists"), (SIGINT, "the audio is written")] {
      let result = try interruptedPreview(in: folder.path, signal: signal) { names in
        signal == SIGTERM ? names != nil : names?.contains("audio.flac") == true
      }
      #expect(result.status == 128 + signal, "\(when)")
      #expect(result.standardError == "render: interrupted; no output was written\n", "\(when)")
      #expect(folder.contents("tmp").isEmpty, "\(when): \(folder.contents("tmp"))")
      #expect(folder.contents() == ["long.ahap", "tmp"])
    }

    // SIGKILL leaves the locked folder; the next preview removes it once it is stale.
    let killed = try interruptedPreview(in: folder.path, signal: SIGKILL) { $0?.contains("audio.flac") == true }
    #expect(killed.status == SIGKILL)
    let left = folder.contents("tmp")
    #expect(left.count == 1 && left[0].hasPrefix("render-preview-"), "\(left)")
    let old = Date().addingTimeInterval(-60)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: "\(folder.path)/tmp/\(left[0])")
    let next = try await CommandRunner.shell(
      "TMPDIR=tmp '\(CommandRunner.renderPath)' preview long.ahap -o long.html -q", in: folder.path)
    #expect(next.status == 0, "\(next.standardError)")
    #expect(folder.contents("tmp").isEmpty, "the stale folder is swept: \(folder.contents("tmp"))")
  }

  // MARK: Lower severity

  @Test func underTheSandboxAPathOutsideSaysTheSameWhetherOrNotAFileIsThere() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/set", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: "\(samples)/knock.wav", toPath: "\(folder.path)/secret.wav")
    try FileManager.default.createSymbolicLink(
      atPath: "\(folder.path)/set/there.wav", withDestinationPath: "\(folder.path)/secret.wav")
    try FileManager.default.createSymbolicLink(
      atPath: "\(folder.path)/set/nowhere.wav", withDestinationPath: "\(folder.path)/nothing.wav")
    for (there, nowhere) in [
      ("../secret.wav", "../nothing.wav"), ("\(folder.path)/secret.wav", "\(folder.path)/nothing.wav"),
      ("there.wav", "nowhere.wav"),
    ] {
      var messages: [String] = []
      for waveform in [there, nowhere] {
        try write(customPattern(waveform: waveform), to: "\(folder.path)/set/p.ahap")
        let result = try await render("set/p.ahap -o o.wav --sandbox", in: folder.path)
        #expect(result.status == 1)
        messages.append(result.standardError.replacingOccurrences(of: waveform, with: "WAVEFORM"))
      }
      #expect(messages[0] == messages[1])
      #expect(
        messages[0]
          == "set/p.ahap:1:24: error: Pattern[0].Event.EventWaveformPath: waveform 'WAVEFORM' is outside the pattern's folder and the --resources folders, which --sandbox allows [unreadable-waveform]\n"
      )
    }
    #expect(folder.contents() == ["secret.wav", "set"])
  }

  @Test func aWaveformThatIsNoFileIsReportedAsWhatItIs() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/dir.wav", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: "\(folder.path)/dangling.wav", withDestinationPath: "gone.wav")
    try FileManager.default.createSymbolicLink(atPath: "\(folder.path)/loop.wav", withDestinationPath: "loop.wav")
    let flac = try await render("'\(samples)/heartbeat.ahap' -o whole.flac -q", in: folder.path)
    #expect(flac.status == 0)
    let whole = try #require(read("\(folder.path)/whole.flac"))
    try whole.prefix(100).write(to: URL(fileURLWithPath: "\(folder.path)/cut.flac"))
    for (waveform, reason) in [
      ("dir.wav", "is not readable audio: cannot open 'dir.wav': is a directory, not a regular file"),
      (
        "dangling.wav",
        "is not readable audio: cannot open 'dangling.wav': is a symbolic link to 'gone.wav', where nothing is"
      ),
      ("loop.wav", "is not readable audio: cannot open 'loop.wav': Too many levels of symbolic links"),
      ("cut.flac", "is truncated or damaged (flac decoder lost sync)"),
    ] {
      try write(customPattern(waveform: waveform), to: "\(folder.path)/p.ahap")
      let result = try await render("p.ahap -o o.wav", in: folder.path)
      #expect(result.status == 1)
      #expect(
        result.standardError
          == "p.ahap:1:24: error: Pattern[0].Event.EventWaveformPath: waveform '\(waveform)' \(reason) [unreadable-waveform]\n"
      )
    }
    #expect(!folder.contents().contains("o.wav"))
  }

  @Test func smallerHolesHaveClearMessages() async throws {
    let folder = try TemporaryFolder()
    let heartbeat = "'\(samples)/heartbeat.ahap'"
    let resources = try await render("\(heartbeat) -o o.wav --resources /nonexistent", in: folder.path)
    #expect(resources.status == 0)
    #expect(
      resources.standardError.hasPrefix(
        "render: warning: --resources '/nonexistent' is not a folder; no waveform is looked up there\n"))

    // A suggestion keeps every character of a name beyond ASCII.
    try FileManager.default.createDirectory(atPath: "\(folder.path)/sugg", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: "\(samples)/heartbeat.ahap", toPath: "\(folder.path)/sugg/déjà-résumé.ahap")
    let suggestion = try await render("lint sugg/déjà-résume.ahap", in: folder.path)
    #expect(suggestion.status == 1)
    #expect(
      suggestion.standardError
        == "render: error: 'sugg/déjà-résume.ahap': no such file; did you mean 'sugg/déjà-résumé.ahap'?\n")

    // Two names Swift deems equal (é composed, é decomposed) are two files, two outputs.
    try FileManager.default.createDirectory(atPath: "\(folder.path)/nf", withIntermediateDirectories: true)
    for name in ["caf\u{E9}", "cafe\u{301}"] {
      try FileManager.default.copyItem(atPath: "\(samples)/heartbeat.ahap", toPath: "\(folder.path)/nf/\(name).ahap")
    }
    let batch = try await render("nf --out-dir out -q", in: folder.path)
    #expect(batch.status == 0, "\(batch.standardError)")
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: "\(folder.path)/out").map { Array($0.utf8) }).count == 2)
  }
}

/// Reads a symbolic link without following it.
enum FileSystemLink {
  static func target(of path: String) -> String? {
    try? FileManager.default.destinationOfSymbolicLink(atPath: path)
  }
}
