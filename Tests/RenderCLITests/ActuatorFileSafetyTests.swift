import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// Hostile actuator files (docs/untrusted-input.md, "Actuator files"): values outside the
/// physical ranges are located errors in every command that reads them, with no output; the
/// ring-down is bounded by `--max-duration`.
@Suite struct ActuatorFileSafetyTests {
  private static let tap = PatternFixtures.document(PatternFixtures.event("HapticTransient", time: 0.05))

  /// Every command that reads `--actuator`, writing under `folder`: the arguments and the
  /// file it must not leave.
  private static func commands(_ folder: String) -> [(arguments: [String], output: String?)] {
    let input = "\(folder)/tap.ahap"
    return [
      ([input, "-o", "\(folder)/drive.wav"], "\(folder)/drive.wav"),
      ([input, "-o", "\(folder)/drive.flac"], "\(folder)/drive.flac"),
      ([input, "-o", "\(folder)/felt.wav", "-b", "float", "--simulate"], "\(folder)/felt.wav"),
      (["info", input], nil),
      (["plot", input, "-o", "\(folder)/tap.svg"], "\(folder)/tap.svg"),
      (["preview", input, "-o", "\(folder)/tap.html"], "\(folder)/tap.html"),
    ]
  }

  @Test(arguments: [
    (
      #"{"resonance": 170, "q": 12, "ratedDrive": 1e-300}"#,
      "a.json:1:43: error: ratedDrive: expected a rated drive, of full scale, within 0.01…1, found 1e-300"
    ),
    (
      #"{"resonance": 170, "q": 12, "ratedDrive": 4e-309}"#,
      "a.json:1:43: error: ratedDrive: expected a rated drive, of full scale, within 0.01…1, found 4e-309"
    ),
    (
      #"{"resonance": 170, "q": 12, "ratedDrive": NaN}"#,
      "a.json:1:43: error: ratedDrive: invalid JSON: expected a value, found 'N'"
    ),
    (
      #"{"resonance": 1, "q": 1000}"#,
      "a.json:1:15: error: resonance: expected a resonance in Hz within 40…1000, found 1"
    ),
  ])
  func anUnphysicalActuatorIsALocatedErrorEverywhere(_ json: String, _ message: String) async throws {
    let folder = try TemporaryFolder()
    try Self.tap.write(toFile: "\(folder.path)/tap.ahap", atomically: true, encoding: .utf8)
    try json.write(toFile: "\(folder.path)/a.json", atomically: true, encoding: .utf8)
    for (arguments, output) in Self.commands(folder.path) {
      let result = try await CommandRunner.render(arguments + ["--actuator", "\(folder.path)/a.json"])
      #expect(result.status == 1, "\(arguments): \(result.standardError)")
      #expect(result.standardError.contains("\(folder.path)/\(message)"), "\(arguments): \(result.standardError)")
      if let output { #expect(!FileManager.default.fileExists(atPath: output), "\(arguments)") }
    }
  }

  /// The slowest actuator accepted rings for τ·ln 1000 = 100/(π·40)·6.9 = 5.5 s: past a
  /// `--max-duration` of 3 s, convert refuses it as plot and preview do, and writes nothing.
  @Test func theRingDownIsBoundedByTheMaximumDuration() async throws {
    let folder = try TemporaryFolder()
    try Self.tap.write(toFile: "\(folder.path)/tap.ahap", atomically: true, encoding: .utf8)
    try #"{"resonance": 40, "q": 100}"#.write(toFile: "\(folder.path)/a.json", atomically: true, encoding: .utf8)
    for (arguments, output) in Self.commands(folder.path) {
      let result = try await CommandRunner.render(
        arguments + ["--actuator", "\(folder.path)/a.json", "--max-duration", "3"])
      #expect(result.status == 1, "\(arguments): \(result.standardError)")
      #expect(
        result.standardError.contains("longer than the 3 s limit; raise --max-duration"), "\(result.standardError)")
      if let output { #expect(!FileManager.default.fileExists(atPath: output), "\(arguments)") }
    }
    let within = try await CommandRunner.render([
      "\(folder.path)/tap.ahap", "-o", "\(folder.path)/drive.wav", "--actuator", "\(folder.path)/a.json",
      "--max-duration", "6",
    ])
    #expect(within.status == 0, "\(within.standardError)")
  }
}
