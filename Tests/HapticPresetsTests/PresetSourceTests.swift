import Foundation
import HapticPresets
import Testing
import _HapticRenderTestSupport

/// The preset data is the proposal of `research/presets.md` §11, transcribed: each family's
/// taps are compared with the tables there, when `../shared` is beside the checkout.
@Suite struct PresetSourceTests {
  static let research = "\(Locations.packageRoot)/../shared/research/presets.md"
  static let isPresent = FileManager.default.fileExists(atPath: research)

  /// The text of the section whose heading starts with `### number`.
  static func section(_ number: String) throws -> String {
    let text = try String(contentsOfFile: research, encoding: .utf8)
    let parts = text.components(separatedBy: "\n### ")
    return try #require(parts.first { $0.hasPrefix(number + " ") })
  }

  /// The numbers in `text` (`.3`, `0.110`, `1.0`), in order.
  static func numbers(_ text: Substring) -> [Double] {
    text.matches(of: /\d*\.?\d+/).compactMap { Double(String($0.output)) }
  }

  /// The UIKit-style name of a short one in the research tables (`light` → `impact.light`).
  static func presetName(_ short: String) -> String {
    switch short {
    case "light", "medium", "heavy", "soft", "rigid": "impact.\(short)"
    case "success", "warning", "error": "notification.\(short)"
    default: short
    }
  }

  /// Rows of a table: `(names, event lists)`; a cell with `/` holds one list per name.
  static func rows(_ section: String) -> [(names: [String], lists: [Substring])] {
    section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Preset") && !$0.hasPrefix("|--") }
      .compactMap { line in
        let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        guard cells.count >= 2 else { return nil }
        let names = cells[0].replacingOccurrences(of: "`", with: "").split(separator: " (")[0]
          .components(separatedBy: " / ").flatMap { $0.components(separatedBy: ", ") }
        let lists = cells[1].split(separator: " / ")
        return (names, lists.count == names.count ? lists : Array(repeating: cells[1][...], count: names.count))
      }
  }

  func expect(_ family: String, _ name: String, taps expected: [[Double]], order: (Preset.Tap) -> [Double]) throws {
    let id = "\(family)/\(Self.presetName(name.replacingOccurrences(of: "ios/", with: "")))"
    let preset = try #require(try PresetCatalog.presets(named: id).first, "\(id) missing")
    #expect(preset.taps.count == expected.count, "\(id)")
    for (tap, numbers) in zip(preset.taps, expected) {
      for (value, table) in zip(order(tap), numbers) {
        #expect(abs(value - table) <= 0.0005, "\(id): \(order(tap)) against the table's \(numbers)")
      }
    }
  }

  @Test(.enabled(if: isPresent, "../shared/research is not beside the checkout"))
  func iosMatchesSection11_2() throws {
    let rows = Self.rows(try Self.section("11.2")).filter { $0.names.first?.hasPrefix("ios/") == true }
    #expect(rows.count == 9)
    for row in rows {
      let taps = row.lists[0].split(separator: "·").map(Self.numbers)
      try expect("ios", row.names[0], taps: taps) { [$0.time, $0.intensity, $0.sharpness] }
    }
  }

  @Test(.enabled(if: isPresent, "../shared/research is not beside the checkout"))
  func reactNativeMatchesSection11_4() throws {
    let bullets = try Self.section("11.4").split(separator: "\n").filter { $0.hasPrefix("- ") }.joined(separator: "\n")
    let entries = bullets.matches(of: /([a-z]+) ((?:\([^)]*\)\s*)+)/)
    #expect(entries.count == 9)
    for entry in entries {
      let taps = entry.output.2.split(separator: ")").map(Self.numbers).filter { !$0.isEmpty }
      try expect("rnhf3-ios", String(entry.output.1), taps: taps) { [$0.time, $0.intensity, $0.sharpness] }
    }
  }

  @Test(.enabled(if: isPresent, "../shared/research is not beside the checkout"))
  func expoAndroidMatchesSection11_5() throws {
    let parts = try Self.section("11.5").components(separatedBy: "Legacy")
    for (family, text) in [("expo-android", parts[0]), ("expo-android-12.7", parts[1])] {
      let rows = Self.rows(text).filter { !$0.names[0].contains("Type") }
      #expect(rows.flatMap(\.names).count == (family == "expo-android" ? 9 : 7))
      for row in rows {
        for (name, list) in zip(row.names, row.lists) {
          let taps = list.split(separator: "·").map { Array(Self.numbers($0).prefix(3)) }
          try expect(family, name, taps: taps) { [$0.time, $0.duration ?? 0, $0.intensity] }
        }
      }
    }
  }

  @Test(.enabled(if: isPresent, "../shared/research is not beside the checkout"))
  func androidMatchesSection11_6() throws {
    let rows = Self.rows(try Self.section("11.6")).filter { $0.names[0] != "Effect" }
    #expect(rows.flatMap(\.names).count == 7)
    for row in rows {
      for (name, list) in zip(row.names, row.lists) {
        let taps = list.split(separator: "·").map(Self.numbers)
        try expect("android", name, taps: taps) { [$0.time, $0.intensity, $0.sharpness] }
      }
    }
  }
}
