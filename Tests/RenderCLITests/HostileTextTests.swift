import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Text an attacker controls, in files and in their names: printed escaped on one line, read in
/// linear time, written into well-formed plots, refused when a name is not UTF-8, and named
/// clearly in every message.
@Suite struct HostileTextTests: HostileRendering {
  // MARK: Log and terminal injection

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

  // MARK: Quadratic time in escaped strings

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

  // MARK: Plots that are not XML

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

  // MARK: Names that are not UTF-8

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

  // MARK: Messages

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
