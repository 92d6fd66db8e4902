import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// Every `render …` command in the README's code blocks runs, as written, against `samples/`.
@Suite struct ReadmeTests {
  static let commands: [String] = {
    guard let readme = try? String(contentsOfFile: "\(Locations.packageRoot)/README.md", encoding: .utf8) else {
      return []
    }
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

  /// The presets table lists every preset with the catalog's events.
  @Test func readmePresetTableMatchesTheCatalog() throws {
    let readme = try String(contentsOfFile: "\(Locations.packageRoot)/README.md", encoding: .utf8)
    func number(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
    for preset in PresetCatalog.presets {
      let events = preset.taps.map { tap in
        let kind = tap.duration.map { "C \(Int(($0 * 1000).rounded())) ms" } ?? "T"
        return "\(Int((tap.time * 1000).rounded())) ms \(kind) \(number(tap.intensity, 3))/\(number(tap.sharpness, 2))"
      }
      let row = "| `\(preset.id)` | `\(preset.call)` | \(events.joined(separator: " · ")) |"
      #expect(readme.contains(row + "\n"), "README lacks \(row)")
    }
  }
}
