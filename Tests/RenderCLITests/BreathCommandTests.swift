import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// `render breath`, run as a user runs it.
@Suite struct BreathCommandTests {
  /// Each technique's AHAP passes `render lint --strict`, names the technique and its phases,
  /// and renders to exactly cycles × period.
  @Test(arguments: [("4-7-8", 19.0), ("box", 16.0), ("coherent", 11.0)])
  func theAHAPIsLintCleanAndLoopsWithThePeriod(_ technique: String, _ period: Double) async throws {
    let folder = try TemporaryFolder()
    let written = try await CommandRunner.render(
      ["breath", technique, "--cycles", "3", "--cues", "--shape", "ease", "-o", "session.ahap"], in: folder.path)
    #expect(written.status == 0, "\(written.standardError)")
    let lint = try await CommandRunner.render(["lint", "--strict", "session.ahap"], in: folder.path)
    #expect(lint.status == 0 && lint.standardError.contains("0 errors, 0 warnings"), "\(lint.standardError)")
    let text = try String(contentsOfFile: "\(folder.path)/session.ahap", encoding: .utf8)
    let technique = try #require(BreathingTechnique.named.first { $0.name == technique })
    #expect(text.contains("\"Technique\": \"\(technique.name)\""))
    #expect(text.contains("\"Phases\": \"\(technique.phaseList)\""))
    #expect(text.contains("\"Cues\": \"inhale=ios/impact.soft@0.7,exhale=ios/impact.light@0.5\""))
    #expect(text.contains("\"ParameterValue\": 0.49}"))
    let audio = try await CommandRunner.render(["session.ahap", "-o", "session.wav", "-r", "8000"], in: folder.path)
    #expect(audio.status == 0)
    let reader = try AudioFileReader(path: "\(folder.path)/session.wav")
    #expect(reader.frameCount == Int(3 * period * 8_000))
  }

  /// Audio straight from the command equals the audio of its AHAP; `--phases` builds any cycle.
  @Test func audioAndPhasesAsGiven() async throws {
    let folder = try TemporaryFolder()
    let options = ["--phases", "inhale:3,hold:1,exhale:6,hold:2", "--sharpness", "0.5", "-r", "8000"]
    let wav = try await CommandRunner.render(["breath"] + options + ["-o", "direct.wav"], in: folder.path)
    #expect(wav.status == 0, "\(wav.standardError)")
    #expect(wav.standardError.hasPrefix("wrote direct.wav: 12.000 s, 96000 frames"))
    let ahap = try await CommandRunner.render(["breath"] + options + ["-o", "custom.ahap"], in: folder.path)
    #expect(
      ahap.standardError
        == "wrote custom.ahap: custom breathing (inhale 3 s, hold 1 s, exhale 6 s, hold 2 s), 1 cycle\n")
    _ = try await CommandRunner.render(["custom.ahap", "-o", "from-file.wav", "-r", "8000"], in: folder.path)
    let direct = try Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/direct.wav"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/from-file.wav")) == direct)
    let samples = try AudioFileReader(path: "\(folder.path)/direct.wav").readAll()[0]
    #expect(samples[3 * 8_000..<4 * 8_000].allSatisfy { $0 == 0 })
    #expect(samples[10 * 8_000..<12 * 8_000].allSatisfy { $0 == 0 })
  }

  @Test func aPreviewPageEmbedsTheSession() async throws {
    let folder = try TemporaryFolder()
    let page = try await CommandRunner.render(["breath", "coherent", "--cues", "-o", "coherent.html"], in: folder.path)
    #expect(page.status == 0, "\(page.standardError)")
    let html = try String(contentsOfFile: "\(folder.path)/coherent.html", encoding: .utf8)
    #expect(html.contains("coherent breathing: inhale 5.5 s, exhale 5.5 s"))
    #expect(html.contains("data:audio/flac;base64,"))
  }

  /// Bad arguments are usage errors that say what was meant, and nothing is written.
  @Test func badArgumentsAreUsageErrorsWithSuggestions() async throws {
    let folder = try TemporaryFolder()
    let cases: [([String], String)] = [
      (["4-7-9"], "unknown technique \"4-7-9\"; did you mean \"4-7-8\"?"),
      (["--phases", "inhale:4,exhal:4"], "unknown phase \"exhal\"; did you mean \"exhale\"?"),
      (["box", "--phases", "inhale:4"], "give either a technique or --phases, not both"),
      ([], "name a technique (4-7-8, box, coherent) or give --phases"),
      (["box", "--cycles", "0"], "--cycles must be within 1…10000"),
      (["box", "--sharpness", "2"], "--sharpness must be within 0…1"),
      (
        ["box", "--cues", "inhale=impact.sfot"],
        "--cues: cue \"inhale=impact.sfot\": unknown preset \"impact.sfot\"; did you mean \"impact.soft\"?"
      ),
      (["box", "--shape", "eased"], "The value 'eased' is invalid for '--shape <shape>'"),
      (["--phases", "inhale:0x10"], "phase \"inhale:0x10\": \"0x10\" is not a number of seconds"),
      (["--phases", "inhale:1e1"], "phase \"inhale:1e1\": \"1e1\" is not a number of seconds"),
      (
        ["box", "--cycles", "10000", "--max-duration", "10"],
        "the session would last 160000 s (10000 cycles of 16 s), longer than the 10 s limit; lower --cycles or raise --max-duration"
      ),
      (
        [
          "--phases", Array(repeating: "inhale:0.1", count: 100).joined(separator: ","), "--cycles", "10000",
          "--max-duration", "604800",
        ],
        "the session holds 1000000 inhales and exhales, more than 40000 (its AHAP text would pass the 64 MiB a pattern may have); lower --cycles"
      ),
    ]
    for (arguments, message) in cases {
      for output in ["x.ahap", "x.wav", "x.html"] {
        let result = try await CommandRunner.render(["breath"] + arguments + ["-o", output], in: folder.path)
        #expect(result.status == 64, "\(arguments)")
        #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
      }
    }
    let noOutput = try await CommandRunner.render(["breath", "box"], in: folder.path)
    #expect(noOutput.status == 64 && noOutput.standardError.contains("give -o FILE"), "\(noOutput.standardError)")
    #expect(folder.contents().isEmpty)
  }

  /// A cycle of many phases is summarised in the `wrote` line, not listed.
  @Test func theWroteLineSummarisesManyPhases() async throws {
    let folder = try TemporaryFolder()
    let phases = Array(repeating: "inhale:0.1,hold:0.1", count: 50).joined(separator: ",")
    let result = try await CommandRunner.render(
      ["breath", "--phases", phases, "--cycles", "2", "-o", "x.ahap"], in: folder.path)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardError.contains(
        "wrote x.ahap: custom breathing (100 phases: 50 inhales, 50 holds; 10 s a cycle), 2 cycles\n"),
      "\(result.standardError)")
  }
}
