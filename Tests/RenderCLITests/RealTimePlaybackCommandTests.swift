import Foundation
import Testing
import _HapticRenderTestSupport

/// `render rtp` as a user types it (docs/actuators.md §7): the three kinds of output, a C
/// header the system C compiler builds whatever the file is called, and usage errors that
/// leave no file.
@Suite struct RealTimePlaybackCommandTests {
  private let heartbeat = "\(Locations.samples)/heartbeat.ahap"

  @Test func csvAndBytesHoldOneValuePerUpdate() async throws {
    let folder = try TemporaryFolder()
    let csv = try await CommandRunner.render(["rtp", heartbeat, "-o", "\(folder.path)/h.csv"])
    #expect(csv.status == 0, "\(csv.standardError)")
    let rows = try String(contentsOfFile: "\(folder.path)/h.csv", encoding: .utf8).split(separator: "\n")
    #expect(rows.first == "time,value")
    #expect(rows[1] == "0.000000,127" && rows[2] == "0.005000,127")
    let bin = try await CommandRunner.render([
      "rtp", heartbeat, "-o", "\(folder.path)/h.bin", "--format", "unsigned", "--rate", "400",
    ])
    #expect(bin.status == 0, "\(bin.standardError)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/h.bin"))
    #expect(bytes.count == 2 * (rows.count - 1))
    #expect(bytes.first == 255)
  }

  /// A pattern longer than an hour: refused with the advice to raise `--max-duration`, which
  /// `rtp` takes, and written with it.
  @Test func aLongPatternNeedsMaxDuration() async throws {
    let folder = try TemporaryFolder()
    try Data("{\"Pattern\": [{\"Event\": {\"Time\": 3700, \"EventType\": \"HapticTransient\"}}]}".utf8)
      .write(to: URL(fileURLWithPath: "\(folder.path)/late.ahap"))
    let refused = try await CommandRunner.render(["rtp", "\(folder.path)/late.ahap", "-o", "\(folder.path)/l.bin"])
    #expect(refused.status == 1)
    #expect(
      refused.standardError.contains(
        "render: error: the output would last 3700 s, longer than the 3600 s limit; raise --max-duration"),
      "\(refused.standardError)")
    #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/l.bin"))
    let written = try await CommandRunner.render([
      "rtp", "\(folder.path)/late.ahap", "-o", "\(folder.path)/l.bin", "--max-duration", "4000",
    ])
    #expect(written.status == 0, "\(written.standardError)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/l.bin"))
    // One value per 5 ms to the transient's end, silent before its onset.
    #expect(bytes.count > 3_700 * 200 && bytes.prefix(3_700 * 200 - 1).allSatisfy { $0 == 0 })
    #expect(bytes.suffix(10).contains { $0 != 0 })
  }

  @Test(arguments: ["heartbeat.h", "4-7 beat.h", "int.h", "_x.h"])
  func headerCompiles(_ name: String) async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render(["rtp", heartbeat, "-o", "\(folder.path)/\(name)", "--rate", "100"])
    #expect(result.status == 0, "\(result.standardError)")
    let header = try String(contentsOfFile: "\(folder.path)/\(name)", encoding: .utf8)
    let array = try #require(
      header.split(separator: "\n").first { $0.hasPrefix("static const uint8_t ") }?.split(separator: " ")[3]
        .split(separator: "[").first)
    let program = """
      #include "\(name)"
      #include <stdio.h>
      int main(void) {
        printf("%u %u %u\\n", (unsigned)\(array)_LENGTH, (unsigned)\(array)_RATE_HZ, (unsigned)\(array)[0]);
        return 0;
      }

      """
    #expect(try Self.compile(program, to: "\(folder.path)/main") == 0, "\(name): cc failed")
    let run = Process()
    run.executableURL = URL(fileURLWithPath: "\(folder.path)/main")
    let pipe = Pipe()
    run.standardOutput = pipe
    try run.run()
    run.waitUntilExit()
    let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(printed == "214 100 127\n", "\(name): \(printed)")
  }

  /// The headers of two files whose names differ only in case: their arrays, lengths and
  /// include guards differ too, and a program includes both.
  @Test func headersWhoseNamesDifferInCaseGoTogether() async throws {
    let folder = try TemporaryFolder()
    for name in ["Tap.h", "tap.h"] {
      let result = try await CommandRunner.render(["rtp", heartbeat, "-o", "\(folder.path)/\(name)"])
      #expect(result.status == 0, "\(result.standardError)")
    }
    let program = """
      #include "Tap.h"
      #include "tap.h"
      int main(void) { return (int)(Tap_rtp_LENGTH - tap_rtp_LENGTH) + Tap_rtp[0] - tap_rtp[0]; }

      """
    #expect(try Self.compile(program, to: "\(folder.path)/both") == 0, "cc failed")
  }

  /// Builds the C program `source` into the executable `binary` (its source beside it, `.c`)
  /// with the system C compiler; returns the compiler's exit status.
  private static func compile(_ source: String, to binary: String) throws -> Int32 {
    try source.write(toFile: "\(binary).c", atomically: true, encoding: .utf8)
    let compiler = Process()
    compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    compiler.arguments = ["cc", "-std=c99", "-Wall", "-Werror", "-o", binary, "\(binary).c"]
    try compiler.run()
    compiler.waitUntilExit()
    return compiler.terminationStatus
  }

  @Test(arguments: [
    (["-o", "o.txt"], "render: error: rtp writes .csv, .h or .bin; name the output so ('"),
    (["-o", "o.csv", "--rate", "10"], "render: error: --rate: expected updates per second within 50…2000, found 10"),
    (["-o", "o.csv", "--format", "pwm"], "render: error: --format: expected signed or unsigned, found 'pwm'"),
  ])
  func usageErrorsWriteNothing(_ flags: [String], _ message: String) async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render(
      ["rtp", heartbeat] + flags.map { $0.hasPrefix("o.") ? "\(folder.path)/\($0)" : $0 })
    #expect(result.status == 64)
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
