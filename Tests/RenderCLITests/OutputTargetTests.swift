import Foundation
import Testing
import _HapticRenderTestSupport

/// Where the bytes go when the output is not a plain new file, and what is left when the
/// process dies: nothing but complete outputs.
@Suite struct OutputTargetTests {
  /// A pattern of `minutes` (50 by default: long enough to be interrupted while rendering to FLAC).
  private func writeLongPattern(to path: String, minutes: Int = 50) throws {
    let events = (0..<60 * minutes).map {
      PatternFixtures.event("HapticContinuous", time: Double($0), duration: 0.9, ["HapticIntensity": 0.8])
    }
    try Data(PatternFixtures.document(events.joined(separator: ",")).utf8).write(to: URL(fileURLWithPath: path))
  }

  private var render: String { "'\(CommandRunner.renderPath)'" }
  private var heartbeat: String { "'\(Locations.samples)/heartbeat.ahap'" }

  @Test func aClosedPipeEndsTheRenderAndLeavesNothing() async throws {
    let folder = try TemporaryFolder()
    try writeLongPattern(to: "\(folder.path)/long.ahap", minutes: 1)
    try FileManager.default.createDirectory(atPath: "\(folder.path)/tmp", withIntermediateDirectories: true)
    let result = try await CommandRunner.shell(
      "TMPDIR=tmp timeout 60 \(render) long.ahap -o - | head -c 1000 > /dev/null; echo ${PIPESTATUS[0]}",
      in: folder.path)
    #expect(String(decoding: result.standardOutput, as: UTF8.self) == "1\n")
    #expect(result.standardError.contains("'(standard output)': write failed: Broken pipe"), "\(result.standardError)")
    #expect(folder.contents("tmp").isEmpty)
  }

  /// Standard output on a full disk, whether the header or later bytes fail: the same message
  /// as a full disk under `-o FILE`.
  @Test(arguments: ["ulimit -f 64; trap '' XFSZ; exec RENDER > out.wav", "exec RENDER > /dev/full"])
  func aFullDiskBehindStandardOutputSaysTheWriteFailed(_ command: String) async throws {
    let folder = try TemporaryFolder()
    // A file-size limit of 64 KiB stands in for a full disk: writes past it fail with EFBIG.
    let result = try await CommandRunner.shell(
      command.replacingOccurrences(of: "RENDER", with: "\(render) \(heartbeat) -o - -q"), in: folder.path)
    #expect(result.status == 1)
    #expect(
      result.standardError.hasPrefix("render: error: '(standard output)': write failed: "), "\(result.standardError)")
  }

  /// An hour to FLAC takes seconds in any build (a WAV, a third of a second), so the signal
  /// comes while the render writes. (`render` handles SIGINT itself, so a background job gets it.)
  @Test(arguments: [("INT", 130), ("KILL", 137), ("HUP", 129), ("TERM", 143)])
  func aKilledRenderLeavesNoFile(signal: String, status: Int) async throws {
    let folder = try TemporaryFolder()
    try writeLongPattern(to: "\(folder.path)/long.ahap", minutes: 59)
    let result = try await CommandRunner.shell(
      "\(render) long.ahap -o out.flac & pid=$!; sleep 0.5; kill -\(signal) $pid; wait $pid; echo $?",
      in: folder.path)
    #expect(String(decoding: result.standardOutput, as: UTF8.self) == "\(status)\n")
    #expect(folder.contents() == ["long.ahap"], "no output, no temporary file")
    if signal != "KILL" { #expect(result.standardError.contains("render: interrupted; no output was written")) }
  }

  @Test func anInterruptedBatchCountsWhatItFinished() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/set", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: "\(Locations.samples)/heartbeat.ahap", toPath: "\(folder.path)/set/a.ahap")
    for name in ["b", "c", "d"] { try writeLongPattern(to: "\(folder.path)/set/\(name).ahap") }
    let result = try await CommandRunner.shell(
      """
      \(render) set --out-dir out -t flac -j 1 & pid=$!
      until [ -e out/a.flac ]; do sleep 0.05; done
      kill -TERM $pid; wait $pid; echo $?
      """, in: folder.path)
    #expect(String(decoding: result.standardOutput, as: UTF8.self) == "143\n")
    #expect(folder.contents("out") == ["a.flac"])
    #expect(
      result.standardError.contains("render: interrupted; 1 output was written in full; none in progress was written"),
      "\(result.standardError)")
  }

  @Test func devStdoutIsWrittenThroughNotReplaced() async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.shell(
      "\(render) \(heartbeat) -o /dev/stdout -t wav > through.wav && \(render) \(heartbeat) -o direct.wav",
      in: folder.path)
    #expect(result.status == 0, "\(result.standardError)")
    let through = try Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/through.wav"))
    #expect(through.count > 100_000)
    #expect(through == (try Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/direct.wav"))))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/dev/stdout").hasPrefix("/proc/"))
    #expect(folder.contents() == ["direct.wav", "through.wav"])
  }

  @Test func aLinkIsFollowedAndKept() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/real", withIntermediateDirectories: true)
    try Data("old".utf8).write(to: URL(fileURLWithPath: "\(folder.path)/real/out.wav"))
    try FileManager.default.createSymbolicLink(atPath: "\(folder.path)/link.wav", withDestinationPath: "real/out.wav")
    let result = try await CommandRunner.shell("\(render) \(heartbeat) -o link.wav", in: folder.path)
    #expect(result.status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "\(folder.path)/link.wav") == "real/out.wav")
    #expect(try Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/real/out.wav")).count > 100_000)
    #expect(folder.contents("real") == ["out.wav"])
  }

  @Test func aLongOutputNameWorks() async throws {
    let folder = try TemporaryFolder()
    let name = String(repeating: "a", count: 246) + ".wav"
    let result = try await CommandRunner.shell("\(render) \(heartbeat) -o \(name)", in: folder.path)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(folder.contents() == [name])
  }

  @Test(arguments: [
    ("wav", "16"), ("wav", "24"), ("wav", "32"), ("wav", "float"), ("aiff", "16"), ("aiff", "24"), ("aiff", "32"),
    ("caf", "16"), ("caf", "24"), ("caf", "32"), ("caf", "float"),
  ])
  func filesStreamThroughAPipeAsTheyWouldBeWritten(type: String, bits: String) async throws {
    let folder = try TemporaryFolder()
    // An odd rate and two channels: any length the header states wrongly shows in the bytes.
    let options = "-t \(type) -b \(bits) -r 44101 --layout stereo"
    let result = try await CommandRunner.shell(
      "\(render) \(heartbeat) -o file \(options) && TMPDIR=/nonexistent \(render) \(heartbeat) -o - \(options) | cat > piped",
      in: folder.path)
    #expect(result.status == 0, "streamed without any temporary file: \(result.standardError)")
    let file = try Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/file"))
    #expect(file.count > 100_000)
    #expect(try Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/piped")) == file)
  }

  @Test func oggStreamsIntoAPipeWithoutATemporaryFile() async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.shell(
      "TMPDIR=/nonexistent \(render) \(heartbeat) -o - -t ogg | cat > piped.ogg && \(render) info piped.ogg",
      in: folder.path)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(!result.standardError.contains("warning"), "\(result.standardError)")
    let heartbeatFrames = 102_617
    #expect(String(decoding: result.standardOutput, as: UTF8.self).contains("\(heartbeatFrames)"))
  }

  @Test func staleTemporaryFilesOfKilledProcessesAreSwept() async throws {
    let folder = try TemporaryFolder()
    // Old and unlocked: a killed process's. Old but locked: a live writer's. Fresh: being created.
    let script = """
      echo x > .render-stalestale12.tmp; echo x > .render-freshfresh12.tmp; echo x > .render-short.tmp
      touch -d '1 hour ago' .render-stalestale12.tmp .render-short.tmp
      if command -v flock > /dev/null; then
        echo x > .render-livelivelive.tmp; touch -d '1 hour ago' .render-livelivelive.tmp
        (flock -n .render-livelivelive.tmp sleep 5 &); sleep 0.3
      fi
      \(render) \(heartbeat) -o out.wav -q
      """
    let result = try await CommandRunner.shell(script, in: folder.path)
    #expect(result.status == 0, "\(result.standardError)")
    let contents = folder.contents()
    #expect(!contents.contains(".render-stalestale12.tmp"))
    #expect(contents.contains(".render-freshfresh12.tmp") && contents.contains(".render-short.tmp"))
    #expect(contents.contains("out.wav"))
    if contents.contains(".render-livelivelive.tmp") == false {
      #expect(try await CommandRunner.shell("command -v flock", in: folder.path).status != 0)
    }
  }

  @Test func aMissingTemporaryFolderIsNamed() async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.shell(
      "TMPDIR=/nonexistent \(render) \(heartbeat) -o - -t flac > out.flac", in: folder.path)
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "render: error: cannot open '/nonexistent': cannot create a temporary file in this folder: No such file or directory\n"
    )
  }
}
