import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// The README is a manual that works as written: every `render …` command in its code blocks runs
/// against `samples/`, it stays short, its version numbers are the tool's, and its dependency
/// line resolves.
@Suite struct ReadmeTests {
  static let readme = (try? String(contentsOfFile: "\(Locations.packageRoot)/README.md", encoding: .utf8)) ?? ""

  static let commands: [String] = {
    var inCode = false
    return readme.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
      var text = line.trimmingCharacters(in: .whitespaces)
      if text.hasPrefix("```") { inCode.toggle() }
      if text.hasPrefix("$ ") { text.removeFirst(2) }
      guard inCode, text.hasPrefix("render ") else { return nil }
      return text.components(separatedBy: "  #").first?.trimmingCharacters(in: .whitespaces)
    }
  }()

  @Test func readmeHasCommands() {
    #expect(Self.commands.count >= 10)
  }

  @Test func readmeCommandsRunVerbatim() async throws {
    let folder = try TemporaryFolder()
    for name in ["samples", "Tests"] {
      try FileManager.default.createSymbolicLink(
        atPath: "\(folder.path)/\(name)", withDestinationPath: "\(Locations.packageRoot)/\(name)")
    }
    for command in Self.commands {
      let line = "'\(CommandRunner.renderPath)'" + command.dropFirst("render".count)
      let expected: Int32 = command.contains(" compare ") ? 1 : 0  // the README shows a failing comparison
      #expect(try await CommandRunner.shell(line, in: folder.path).status == expected, "\(command)")
    }
    for output in ["breath.wav", "heartbeat.flac", "taps.wav", "heartbeat.wav", "breath.svg", "out/success.wav"] {
      #expect(FileManager.default.fileExists(atPath: "\(folder.path)/\(output)"), "\(output)")
    }
  }

  /// A manual a newcomer reads: details live in `docs/`.
  @Test func readmeIsAtMost400Lines() {
    let lines = Self.readme.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(lines <= 400, "README.md has \(lines) lines")
  }

  /// Every `MAJOR.MINOR.PATCH` in the README is the version `render --version` prints (which is
  /// `PackageVersion.current`), and the README shows that output.
  @Test func everyVersionNumberIsTheToolsVersion() async throws {
    let result = try await CommandRunner.render(["--version"])
    #expect(result.status == 0)
    let version = String(decoding: result.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    // Dotted numbers with exactly three parts (not `6.1`, `0.020` or `1.0…1.1`).
    let found = Self.readme.matches(of: #/\d+(?:\.\d+)+/#).map { String($0.output) }
      .filter { $0.split(separator: ".").count == 3 }
    #expect(!found.isEmpty)
    for number in found { #expect(number == version, "README shows version \(number); render --version is \(version)") }
    let shown = Self.readme.split(separator: "\n").contains { line in
      line.hasPrefix("render --version") && line.hasSuffix("# \(version)")
    }
    #expect(shown, "README lacks `render --version  # \(version)`")
  }

  /// A dependency line resolves: by path or branch (no release tag is needed), or `from:` a
  /// version that is this package's and is tagged.
  @Test func dependencyLinesResolve() async throws {
    let lines = Self.readme.split(separator: "\n").filter { $0.contains(".package(") }
    #expect(!lines.isEmpty)
    for line in lines {
      if let version = line.firstMatch(of: #/from: "([^"]+)"/#)?.output.1 {
        let tags = try await CommandRunner.shell("git -C '\(Locations.packageRoot)' tag --list")
        let tagged = String(decoding: tags.standardOutput, as: UTF8.self).split(separator: "\n")
        #expect(tagged.contains(version) || tagged.contains("v\(version)"), "no tag \(version) for: \(line)")
      } else {
        #expect(line.contains("path: ") || line.contains("branch: "), "\(line)")
      }
    }
  }

  /// The example of the library section, as written there, in a temporary folder.
  @Test func theLibraryExampleRuns() throws {
    let folder = try TemporaryFolder()
    let path = "\(folder.path)/breath.ahap"
    let output = "\(folder.path)/breath.wav"
    try FileManager.default.copyItem(atPath: "\(Locations.samples)/breath-478.ahap", toPath: path)

    var diagnostics = Diagnostics()
    var rendered: (seconds: Double, frames: Int)?
    if let pattern = try PatternLoader().load(path: path, diagnostics: &diagnostics) {
      try Render.toFile(pattern, destination: .file(output), format: AudioFileFormat(path: output))
      var options = RenderOptions()
      options.sampleRate = 8_000
      let audio = try Render.toMemory(pattern, options: options)
      rendered = (audio.report.durationSeconds, audio.channels[0].count)
    }
    #expect(diagnostics.all.isEmpty)
    #expect(FileManager.default.fileExists(atPath: output))
    #expect(rendered?.frames == 152_160)  // 19.02 s at 8000 Hz
    #expect(abs((rendered?.seconds ?? 0) - 19.02) < 1e-9)
    #expect(Self.readme.contains("PatternLoader().load(path: \"breath.ahap\", diagnostics: &diagnostics)"))
    #expect(Self.readme.contains("let audio = try Render.toMemory(pattern, options: options)"))
  }
}
