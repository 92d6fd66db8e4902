import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// Outputs where an attacker placed something: a link to another file, a FIFO, a private file,
/// the inputs themselves. Each case checks the exit status, the message, and what is left on disk.
@Suite struct HostileOutputPathTests: HostileRendering {
  // MARK: Links and FIFOs where outputs go

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

  // MARK: The mode of a replaced file

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

  // MARK: Outputs over inputs

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
}
