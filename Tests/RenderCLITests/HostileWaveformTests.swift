import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// Waveforms an attacker controls: swapped for a link while the sandbox checks them, outside the
/// sandbox, no audio file at all, or samples that are not finite.
@Suite struct HostileWaveformTests: HostileRendering {
  // MARK: The sandbox raced

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
            == "pat/t.ahap:1:24: error: Pattern[0].Event.EventWaveformPath: waveform 'x.wav' is outside the pattern's folder and the resource folders a sandboxed loader allows [unreadable-waveform]\n"
        )
      }
      try? FileManager.default.removeItem(atPath: "\(folder.path)/o.wav")
    }
    swapper.stop()
    #expect(outcomes[0, default: 0] + outcomes[1, default: 0] == 60, "\(outcomes)")
  }

  // MARK: Paths outside the sandbox

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
          == "set/p.ahap:1:24: error: Pattern[0].Event.EventWaveformPath: waveform 'WAVEFORM' is outside the pattern's folder and the resource folders a sandboxed loader allows [unreadable-waveform]\n"
      )
    }
    #expect(folder.contents() == ["secret.wav", "set"])
  }

  // MARK: Waveforms that are no playable audio

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
}
