import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// Renders cut short: the reader of the output pipe goes away, or a signal stops a preview.
/// Nothing is left behind, and the message says what happened.
@Suite struct InterruptedRenderTests: HostileRendering {
  // MARK: A closed pipe

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

  // MARK: Preview and signals

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
}
