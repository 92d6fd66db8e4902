import Foundation
import Testing
import _HapticRenderTestSupport

/// `man render`: the page `render generate-manual` prints, which scripts/install installs.
@Suite struct ManualPageTests {
  /// The page, written to `folder`.
  private func page(in folder: TemporaryFolder) async throws -> String {
    let result = try await CommandRunner.render(["generate-manual"])
    #expect(result.status == 0, "\(result.standardError)")
    let path = "\(folder.path)/render.1"
    try Data(result.standardOutput).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// mandoc's linter (every level, style included) and groff with every warning, as `man`
  /// runs it on Linux, find nothing to say.
  @Test func rendersWithoutWarnings() async throws {
    let folder = try TemporaryFolder()
    let path = try await page(in: folder)
    let lint = try await CommandRunner.shell("mandoc -T lint -W all '\(path)' 2>&1")
    #expect(lint.status == 0)
    #expect(String(decoding: lint.standardOutput, as: UTF8.self) == "")
    #if os(Linux)
      let groff = try await CommandRunner.shell("groff -mandoc -ww -z '\(path)' 2>&1")
      #expect(groff.status == 0)
      #expect(String(decoding: groff.standardOutput, as: UTF8.self) == "")
    #endif
  }

  /// Every value list and default that a command's `--help` shows is on the page, and so is each
  /// visible subcommand.
  @Test func keepsTheHelpsValuesAndDefaults() async throws {
    let folder = try TemporaryFolder()
    let path = try await page(in: folder)
    let rendered = try await CommandRunner.shell("mandoc -T ascii -O width=1000 '\(path)'")
    #expect(rendered.status == 0)
    let text = Self.plain(String(decoding: rendered.standardOutput, as: UTF8.self))
    #expect(text.contains("-r, --rate hz Output sample rate in Hz (1000 to 384000). (default: 48000)"))
    #expect(text.contains("--layout layout Channel layout;"))
    #expect(
      text.contains(
        "(values: auto, haptic, audio, stereo, mono, quad, dualsense, android, android-mono, android-stereo; default: auto)"
      ))
    let commands = ["convert", "preset", "android", "compare", "check", "lint", "info", "plot", "preview", "serve"]
    var notes: Set<String> = []
    for command in commands {
      #expect(text.contains("render \(command) "), "\(command)")
      let help = try await CommandRunner.render(["help", command])
      let helpText = Self.plain(String(decoding: help.standardOutput, as: UTF8.self))
      let regex = try Regex(#"\((values|default): [^)]*\)"#)
      notes.formUnion(helpText.matches(of: regex).map { String(helpText[$0.range]) })
    }
    #expect(notes.count > 10)
    for note in notes.sorted() {
      #expect(text.contains(note), "the page lacks \(note)")
    }
    #expect(!text.contains("generate-manual"))
  }

  /// Text without overstrikes (bold, underline) and with every run of white space one space.
  private static func plain(_ text: String) -> String {
    var characters: [Character] = []
    for character in text {
      if character == "\u{8}" {
        _ = characters.popLast()
      } else {
        characters.append(character)
      }
    }
    return String(characters).split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
