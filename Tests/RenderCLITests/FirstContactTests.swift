import Foundation
import HapticRender
import HapticSupport
import Testing
import _HapticRenderTestSupport

/// What a new user meets first: misspelled options, `--version`, messages for the common
/// mistakes, one style for every error.
@Suite struct FirstContactTests {
  private let breath = "\(Locations.samples)/breath-478.ahap"

  @Test func misspelledOptionsAreReportedBeforeAnythingElse() async throws {
    let folder = try TemporaryFolder()
    let rate = try await CommandRunner.render([breath, "-o", "\(folder.path)/b.wav", "--rat", "8000"])
    #expect(rate.status == 64)
    #expect(rate.standardError.hasPrefix("render: error: Unknown option '--rat'. Did you mean '--rate'?\n"))
    let output = try await CommandRunner.render([breath, "--ouptut", "\(folder.path)/b.wav"])
    #expect(output.status == 64)
    #expect(output.standardError.hasPrefix("render: error: Unknown option '--ouptut'. Did you mean '--output'?\n"))
    let compare = try await CommandRunner.render(["compare", "a.wav", "b.wav", "--maxdiff", "1"])
    #expect(compare.standardError.hasPrefix("render: error: Unknown option '--maxdiff'. Did you mean '--max-diff'?\n"))
    #expect(folder.contents().isEmpty)
  }

  @Test func usageErrorsNameTheSubcommandsUsage() async throws {
    let result = try await CommandRunner.render([breath, breath, "-o", "x.wav"])
    #expect(result.status == 64)
    #expect(
      result.standardError == """
        render: error: -o takes one input; use --out-dir DIR for 2 inputs
        Usage: render <input.ahap> -o <file> [<options>]
               render <input.ahap or folder> ... --out-dir <dir> [<options>]
          See 'render convert --help' for more information.

        """)
    let folder = try TemporaryFolder()
    let samples = try await CommandRunner.render([Locations.samples, "-o", "\(folder.path)/x.wav"])
    #expect(samples.status == 64)
    #expect(
      samples.standardError.hasPrefix(
        "render: error: '\(Locations.samples)' is a folder; use --out-dir DIR to render every .ahap file under it\n"
      ))
    #expect(folder.contents().isEmpty)
  }

  /// `render` alone names what is missing and how the command is typed, not every subcommand.
  @Test func noArgumentsShowTheUsage() async throws {
    let result = try await CommandRunner.render([])
    #expect(result.status == 64)
    #expect(
      result.standardError == """
        render: error: Missing expected argument '<input.ahap> ...'
        Help:  <input.ahap>  AHAP files, or folders of them with --out-dir.
        Usage: render <input.ahap> -o <file> [<options>]
               render <input.ahap or folder> ... --out-dir <dir> [<options>]
          See 'render convert --help' for more information.

        """)
    #expect(result.standardOutput.isEmpty)
  }

  /// `render --version` prints ``PackageVersion/current``, the latest release of CHANGELOG.md
  /// (`DocumentationTests` checks that).
  @Test func versionIsThePackageVersion() async throws {
    let result = try await CommandRunner.render(["--version"])
    #expect(result.status == 0)
    #expect(String(decoding: result.standardOutput, as: UTF8.self) == PackageVersion.current + "\n")
  }

  /// Every message the tool prints for a failure starts with `render: error:`, or with the file's
  /// place for a problem inside a pattern.
  @Test func everyErrorHasOneOfTwoStyles() async throws {
    let folder = try TemporaryFolder()
    let cases: [[String]] = [
      [breath, "-o", "\(folder.path)/missing/b.wav"],
      ["\(folder.path)/none.ahap", "-o", "\(folder.path)/b.wav"],
      [breath, "-o", "\(folder.path)/b.wav", "--gain", "99"],
      [breath, "-o", "\(folder.path)/b.wav", "--rat", "1"],
      [breath],
      ["compare", "\(folder.path)/a.wav", "\(folder.path)/b.wav"],
      ["preset", "notification.sucess", "-o", "\(folder.path)/b.wav"],
      ["info", "\(folder.path)/none.wav"],
      ["plot", breath, "-o", "\(folder.path)/b.png"],
    ]
    for arguments in cases {
      let result = try await CommandRunner.render(arguments)
      #expect(result.status != 0, "\(arguments)")
      #expect(result.standardError.hasPrefix("render: error: "), "\(arguments): \(result.standardError)")
      #expect(!result.standardError.contains("Error:"), "\(arguments)")
    }
    #expect(folder.contents().isEmpty)
  }

  @Test func missingOutputFolderIsNamed() async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render([breath, "-o", "\(folder.path)/renders/b.wav"])
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "render: error: cannot open '\(folder.path)/renders/b.wav': folder '\(folder.path)/renders' does not exist\n"
    )
    let missing = try await CommandRunner.render(["info", "\(folder.path)/knock.wav"])
    #expect(missing.standardError == "render: error: cannot open '\(folder.path)/knock.wav': no such file\n")
  }

  @Test func anAudioFileGivenAsAPatternIsRecognised() async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render(["knock.wav", "-o", "\(folder.path)/b.wav"], in: Locations.samples)
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "knock.wav:1:1: error: (document): this is an audio file (WAV), not an AHAP pattern; to inspect audio use `render info`, to compare two files `render compare` [audio-file]\n"
    )
    #expect(folder.contents().isEmpty)
  }

  @Test func jsonThatIsNotAPatternAndAnEmptyPattern() async throws {
    let folder = try TemporaryFolder()
    try Data(#"{"name": "app", "version": "1.0.0"}"#.utf8).write(
      to: URL(fileURLWithPath: "\(folder.path)/package.json"))
    let package = try await CommandRunner.render(["package.json", "-o", "b.wav"], in: folder.path)
    #expect(package.status == 1)
    #expect(
      package.standardError
        == "package.json:1:1: error: (document): not an AHAP pattern (no \"Pattern\" array) [not-a-pattern]\n")
    try Data(#"{"Pattern": []}"#.utf8).write(to: URL(fileURLWithPath: "\(folder.path)/empty.ahap"))
    let empty = try await CommandRunner.render(["empty.ahap", "-o", "e.wav"], in: folder.path)
    #expect(empty.status == 0)
    #expect(
      empty.standardError.hasPrefix(
        "empty.ahap:1:13: warning: Pattern: the pattern is empty; the render is silent and 0 s long [empty-pattern]\n"))
    let silent = try AudioFileReader(path: "\(folder.path)/e.wav")
    #expect(silent.frameCount == 0)
  }

  /// Audio is never written to a terminal: `script` runs `render` on a pseudo-terminal.
  @Test func standardOutputToATerminalIsRefused() async throws {
    let command = "'\(CommandRunner.renderPath)' '\(breath)' -o -"
    #if os(macOS)
      let result = try await CommandRunner.run("/usr/bin/script", ["-q", "/dev/null", "/bin/sh", "-c", command])
    #else
      let result = try await CommandRunner.run("/usr/bin/script", ["-qec", command, "/dev/null"])
    #endif
    let terminal = String(decoding: result.standardOutput, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    #expect(result.status == 64)
    #expect(
      terminal.hasPrefix(
        "render: error: standard output is a terminal; redirect it (-o - > out.wav) or pipe it (-o - | sox -t wav - -d)\n"
      ))
  }
}
