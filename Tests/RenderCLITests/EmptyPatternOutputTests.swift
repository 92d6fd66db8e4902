import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// Patterns with no sound (docs/untrusted-input.md, "Patterns with no sound"): an empty
/// pattern and one holding only a curve give a valid silent file in every format and layout,
/// in a batch beside a pattern that sounds, and in a check run; Android gets an effect it
/// accepts.
@Suite struct EmptyPatternOutputTests {
  private static let empty = #"{"Version": 1.0, "Pattern": []}"#
  private static let curveOnly = PatternFixtures.document(
    PatternFixtures.curve("HapticIntensityControl", [(0, 0.5), (1, 1)]))
  private static let tap = PatternFixtures.document(PatternFixtures.event("HapticTransient", time: 0.01))

  /// `in/` with the two silent patterns and a tap, which sorts after them.
  private static func inputs() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/in", withIntermediateDirectories: true)
    for (name, text) in [("empty", empty), ("curve", curveOnly), ("tap", tap)] {
      try text.write(toFile: "\(folder.path)/in/\(name).ahap", atomically: true, encoding: .utf8)
    }
    return folder
  }

  /// Every type and layout in a batch: each silent pattern gives a file that reads back with
  /// the layout's channels, at most one frame, silent, and the tap after them is rendered.
  /// MP3 cannot carry four channels nor Android's tag: those batches fail for every file, each
  /// with its error, and still reach their summary.
  @Test(arguments: AudioFileFormat.Container.allCases)
  func silentPatternsGiveValidFilesInEveryLayout(_ container: AudioFileFormat.Container) async throws {
    let folder = try Self.inputs()
    for layout in ChannelLayout.allCases {
      let out = "\(folder.path)/\(layout.rawValue)"
      let result = try await CommandRunner.render([
        "\(folder.path)/in", "--out-dir", out, "-t", container.rawValue, "--layout", layout.rawValue,
      ])
      // Without audio events, auto is the haptic channel and android its mono form.
      let channelCount = layout == .auto ? 1 : layout.channelCount
      let isAndroid = [.android, .androidMono, .androidStereo].contains(layout)
      let refused = container == .mp3 && (channelCount > 2 || isAndroid)
      if refused {
        #expect(result.status == 1, "\(layout)")
        #expect(result.standardError.contains("rendered 0 of 3 files"), "\(layout): \(result.standardError)")
        continue
      }
      #expect(result.status == 0, "\(container) \(layout): \(result.standardError)")
      #expect(result.standardError.contains("rendered 3 of 3 files"), "\(container) \(layout)")
      for name in ["empty", "curve"] {
        let reader = try AudioFileReader(path: "\(out)/\(name).\(container.rawValue)")
        #expect(reader.channelCount == channelCount, "\(container) \(layout)")
        #expect(reader.frameCount == (container.needsAFrame ? 1 : 0), "\(container) \(layout) \(name)")
        let channels = try reader.readAll()
        // Opus decodes its frame of zeros to about 1e-34: silence, below -120 dBFS.
        #expect(channels.allSatisfy { $0.allSatisfy { abs($0) < 1e-6 } }, "\(container) \(layout) \(name)")
      }
      #expect(try AudioFileReader(path: "\(out)/tap.\(container.rawValue)").frameCount > 0)
    }
  }

  /// A check run of Opus files in the Android layout (which once aborted in libopusenc)
  /// records, then passes, the silent patterns, and reaches its summary.
  @Test func aCheckRunRecordsAndPassesSilentPatterns() async throws {
    let folder = try Self.inputs()
    let arguments = ["--golden", "golden", "-t", "opus", "--layout", "android"]
    let update = try await CommandRunner.render(["check", "in"] + arguments + ["--update"], in: folder.path)
    #expect(update.status == 0, "\(update.standardError)")
    #expect(String(decoding: update.standardOutput, as: UTF8.self).contains("3 written"))
    let check = try await CommandRunner.render(
      ["check", "in/empty.ahap", "in/curve.ahap"] + arguments, in: folder.path)
    let output = String(decoding: check.standardOutput, as: UTF8.self)
    #expect(check.status == 0, "\(output)\(check.standardError)")
    #expect(output.contains("PASS in/empty.ahap") && output.contains("PASS in/curve.ahap"))
  }

  /// Android's `createWaveform` refuses a waveform without a timing above 0: an empty pattern
  /// is one silent 10 ms step, in JSON and in Kotlin.
  @Test func androidEffectsOfSilentPatternsAreAccepted() async throws {
    let folder = try Self.inputs()
    for name in ["empty", "curve"] {
      let kotlin = try await CommandRunner.render(
        ["android", "in/\(name).ahap", "-o", "\(name).kt"], in: folder.path)
      #expect(kotlin.status == 0, "\(kotlin.standardError)")
      let source = try String(contentsOfFile: "\(folder.path)/\(name).kt", encoding: .utf8)
      #expect(source.contains("private val timings = longArrayOf(10)"), "\(source)")
      #expect(source.contains("private val amplitudes = intArrayOf(0)"), "\(source)")
      let json = try await CommandRunner.render(["android", "in/\(name).ahap", "-o", "\(name).json"], in: folder.path)
      #expect(json.status == 0, "\(json.standardError)")
      let text = try String(contentsOfFile: "\(folder.path)/\(name).json", encoding: .utf8)
      #expect(text.contains("\"timings\": [10],") && text.contains("\"amplitudes\": [0],"), "\(text)")
    }
  }

  /// Names that make the same Kotlin object get different ones, each renaming noted.
  @Test func kotlinObjectsOfABatchAreUnique() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/in", withIntermediateDirectories: true)
    for name in ["a-b", "a_b", "日本", "中文", "ＡＢ"] {
      try Self.tap.write(toFile: "\(folder.path)/in/\(name).ahap", atomically: true, encoding: .utf8)
    }
    let result = try await CommandRunner.render(
      ["android", "in", "--out-dir", "out", "--kotlin", "-j", "1"], in: folder.path)
    #expect(result.status == 0, "\(result.standardError)")
    var objects: [String] = []
    for file in folder.contents("out") {
      let source = try String(contentsOfFile: "\(folder.path)/out/\(file)", encoding: .utf8)
      objects += source.split(separator: "\n").filter { $0.hasPrefix("object ") }.map(String.init)
    }
    #expect(
      objects.sorted() == [
        "object AB2Haptics {", "object ABHaptics {", "object Pattern2Haptics {", "object Pattern3Haptics {",
        "object PatternHaptics {",
      ])
    #expect(
      result.standardError.contains("is written as object AB2Haptics: ABHaptics is in/"), "\(result.standardError)")
    #expect(result.standardError.components(separatedBy: "is written as object").count == 4)
  }
}
