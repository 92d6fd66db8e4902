import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// `render preset`, run as a user runs it.
@Suite struct PresetCommandTests {
  @Test func listsEveryPresetWithItsCallAndSource() async throws {
    let result = try await CommandRunner.render(["preset", "--list"])
    #expect(result.status == 0)
    let lines = String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n")
    for preset in PresetCatalog.presets {
      let line = try #require(lines.first { $0.hasPrefix("  \(preset.id) ") }, "\(preset.id) not listed")
      #expect(line.contains(preset.call) && line.hasSuffix("[\(preset.source)]"))
    }
    #expect(lines.contains("  approximation: \(PresetFamily.ios.caveat ?? "")"))
    // Each preset's events on the line under it, below the calls.
    let width = PresetCatalog.presets.map(\.id.count).max() ?? 0
    let success = try #require(lines.firstIndex { $0.hasPrefix("  ios/notification.success ") })
    #expect(
      lines[success + 1] == "  " + String(repeating: " ", count: width)
        + "  events: 0 ms T 0.700/0.55 · 110 ms T 1.000/0.55")
    let expo = try #require(lines.firstIndex { $0.hasPrefix("  expo-android/impact.light ") })
    #expect(lines[expo + 1].hasSuffix("  events: 0 ms C 50 ms 0.343/0.50"))
  }

  @Test func aTypoIsAUsageErrorWithASuggestion() async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render(["preset", "notification.eror", "-o", "x.wav"], in: folder.path)
    #expect(result.status == 64)
    #expect(
      result.standardError.contains(
        "unknown preset \"notification.eror\"; did you mean \"notification.error\"? See render preset --list."))
    let family = try await CommandRunner.render(["preset", "ios", "-o", "x.wav"], in: folder.path)
    #expect(family.status == 64)
    #expect(family.standardError.contains("-o takes one preset; ios names 9: use --out-dir DIR"))
    let loud = try await CommandRunner.render(["preset", "selection", "--intensity", "1.5", "-o", "x.wav"])
    #expect(loud.status == 64 && loud.standardError.contains("--intensity must be within 0…1"))
    #expect(folder.contents().isEmpty)
  }

  /// The exported AHAP, rendered by `render`, gives the same bytes as the preset; the
  /// intensity argument is written into it.
  @Test func theAHAPExportRendersToTheSameBytes() async throws {
    let folder = try TemporaryFolder()
    let export = try await CommandRunner.render(
      ["preset", "impact.soft", "--intensity", "0.7", "-o", "soft.ahap"], in: folder.path)
    #expect(export.status == 0, "\(export.standardError)")
    #expect(export.standardError == "wrote soft.ahap: ios/impact.soft as an AHAP pattern\n")
    // 0.7 × 0.7 is written as 0.49, not as the double nearest the product (0.48999999999999994).
    let text = try String(contentsOfFile: "\(folder.path)/soft.ahap", encoding: .utf8)
    #expect(text.contains("{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 0.49}"))
    let lint = try await CommandRunner.render(["lint", "--strict", "soft.ahap"], in: folder.path)
    #expect(lint.status == 0 && lint.standardError.contains("0 errors, 0 warnings"), "\(lint.standardError)")
    _ = try await CommandRunner.render(["soft.ahap", "-o", "from-file.wav"], in: folder.path)
    let direct = try await CommandRunner.render(
      ["preset", "impact.soft", "--intensity", "0.7", "-o", "direct.wav"], in: folder.path)
    #expect(direct.status == 0)
    let fromFile = try Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/from-file.wav"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/direct.wav")) == fromFile)
    let audio = try AudioFileReader(path: "\(folder.path)/direct.wav").readAll()[0]
    let peak = Double(audio.map(abs).max() ?? 0)
    #expect(abs(peak - 0.49 * 0.49) < 2e-3)  // (0.7 · 0.7)²: intensity 0.7 on the preset's 0.7
  }

  @Test func aFamilyRendersIntoAFolderWithTheUsualOutputOptions() async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render(
      ["preset", "android", "--out-dir", "cues", "-t", "flac", "-r", "8000", "-b", "16"], in: folder.path)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError == "rendered 7 of 7 files into cues\n")
    let names = try FileManager.default.contentsOfDirectory(atPath: "\(folder.path)/cues").sorted()
    #expect(names == PresetFamily.android.presets.map { "\($0.name).flac" }.sorted())
    let info = try AudioFileReader(path: "\(folder.path)/cues/double_click.flac")
    #expect(info.sampleRate == 8_000)
    let bursts = Signal.bursts(try info.readAll()[0], minimumGap: 16)
    #expect(bursts.map { $0.lowerBound / 8 } == [0, 106])  // milliseconds

    let clash = try await CommandRunner.render(["preset", "ios", "rnhf3-ios", "--out-dir", "both"], in: folder.path)
    #expect(clash.status == 1)
    #expect(
      clash.standardError.contains(
        "ios/selection and rnhf3-ios/selection would all be written to 'both/selection.wav'"))
    #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/both"))
  }
}
