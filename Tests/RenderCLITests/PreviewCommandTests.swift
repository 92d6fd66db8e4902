import Foundation
import HapticRender
import HapticSupport
import Testing
import _HapticRenderTestSupport

/// `render preview`: pages that are self-contained and carry the render, sites with an index,
/// and the page at work in a real browser (headless Chromium).
@Suite struct PreviewCommandTests {
  private let samples = Locations.samples

  /// The decoded bytes of the page's `data:audio/flac;base64,…` source.
  private func embeddedAudio(_ html: String) throws -> Data {
    let match = try #require(html.firstMatch(of: #/src="data:audio/flac;base64,([A-Za-z0-9+\/=]+)"/#))
    return try #require(Data(base64Encoded: String(match.1)))
  }

  @Test func pageIsSelfContainedAndItsAudioIsTheRender() async throws {
    let folder = try TemporaryFolder()
    let page = "\(folder.path)/breath.html"
    let result = try await CommandRunner.render(["preview", "\(samples)/breath-478.ahap", "-o", page])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError == "wrote \(page): 19.020 s, audio embedded (48000 Hz FLAC)\n")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    // Nothing is fetched: no external script, style, image or link; the SVG namespace is a name.
    let addresses = html.matches(of: #/(?:src|href)="([^"]*)"/#).map { String($0.1) }
    #expect(addresses.allSatisfy { $0.hasPrefix("data:") }, "\(addresses.map { $0.prefix(40) })")
    #expect(!html.contains("<link") && !html.contains("@import") && !html.contains("url("))
    let text = html.replacing(#/data:[^"]*/#, with: "").replacing("http://www.w3.org/2000/svg", with: "")
    #expect(!text.contains("http"), "nothing is fetched; the SVG namespace is only a name")

    let flac = "\(folder.path)/embedded.flac"
    try embeddedAudio(html).write(to: URL(fileURLWithPath: flac))
    var diagnostics = Diagnostics()
    let pattern = try #require(try PatternLoader().load(path: "\(samples)/breath-478.ahap", diagnostics: &diagnostics))
    let rendered = try Render.toMemory(pattern)
    let reader = try AudioFileReader(path: flac)
    #expect(reader.sampleRate == 48_000 && reader.channelCount == 1)
    #expect(reader.frameCount == rendered.channels[0].count)
    var block = AudioBlock(channelCount: 1, capacity: 4_096)
    var position = 0
    var largest: Float = 0
    while try reader.read(into: &block) {
      for frame in 0..<block.frameCount {
        largest = max(largest, abs(block.channels[0][frame] - rendered.channels[0][position + frame]))
      }
      position += block.frameCount
    }
    #expect(position == rendered.channels[0].count)
    #expect(largest <= 1 / 32_768 + 1e-7, "16-bit FLAC holds the render within half a step: \(largest)")

    #expect(
      html.contains(
        "<h1>4-7-8 breathing: a 4 s inhale that swells, a 7 s hold in silence, an 8 s exhale that fades</h1>"))
    #expect(html.contains("peak \(NumberText.dBFS(rendered.report.peak))"))
    #expect(html.contains("<line id=\"playhead\""))
    #expect(html.contains("<tr><th>sample rate</th><td>48000 Hz</td></tr>"))
    #expect(html.contains("<p id=\"diagnostics\" class=\"none\">No warnings.</p>"))
  }

  @Test func warningsAreListedUnderThePlot() async throws {
    let folder = try TemporaryFolder()
    try Data(#"{"Version": 1.1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#.utf8)
      .write(to: URL(fileURLWithPath: "\(folder.path)/tap.ahap"))
    let result = try await CommandRunner.render(["preview", "tap.ahap", "-o", "tap.html", "-q"], in: folder.path)
    #expect(result.status == 0)
    let html = try String(contentsOfFile: "\(folder.path)/tap.html", encoding: .utf8)
    #expect(
      html.contains(
        "<li class=\"warning\">tap.ahap:1:13: warning: Version: version 1.1 is read as version 1 [unsupported-version]</li>"
      ))
  }

  /// Above the embedding limit the audio is an 8 kHz preview; above it at 8 kHz too, a file beside.
  @Test func longPatternsEmbedAReducedRateOrLinkTheAudio() async throws {
    let folder = try TemporaryFolder()
    /// Writes a pattern of `minutes` minutes; returns its length in frames at 8 kHz.
    func write(minutes: Int, to name: String) throws -> Int {
      let events = (0..<(minutes * 2)).map {
        PatternFixtures.event("HapticContinuous", time: Double($0) * 30, duration: 20, ["HapticIntensity": 0.5])
      }
      let json = PatternFixtures.document(events.joined(separator: ","))
      try Data(json.utf8).write(to: URL(fileURLWithPath: "\(folder.path)/\(name).ahap"))
      var options = RenderOptions()
      options.sampleRate = 8_000
      return Int((try PatternAnalysis(try PatternFixtures.pattern(json), options: options).duration * 8_000).rounded())
    }
    let twoFrames = try write(minutes: 2, to: "two")
    let reduced = try await CommandRunner.render(["preview", "two.ahap", "-o", "two.html"], in: folder.path)
    #expect(reduced.standardError.hasSuffix("audio embedded (8000 Hz FLAC)\n"), "\(reduced.standardError)")
    let twoHTML = try String(contentsOfFile: "\(folder.path)/two.html", encoding: .utf8)
    #expect(twoHTML.contains("the audio here is a 8000 Hz preview"))
    let flac = "\(folder.path)/two.flac"
    try embeddedAudio(twoHTML).write(to: URL(fileURLWithPath: flac))
    let embedded = try AudioFileReader(path: flac)
    #expect(embedded.sampleRate == 8_000 && embedded.frameCount == twoFrames)
    try FileManager.default.removeItem(atPath: flac)

    let tenFrames = try write(minutes: 10, to: "ten")
    let linked = try await CommandRunner.render(
      ["preview", "ten.ahap", "-o", "ten.html", "-r", "8000"], in: folder.path)
    #expect(linked.standardError.hasSuffix("audio in ten.flac beside it (too long to embed)\n"))
    let tenHTML = try String(contentsOfFile: "\(folder.path)/ten.html", encoding: .utf8)
    #expect(tenHTML.contains("<audio id=\"audio\" controls preload=\"auto\" src=\"ten.flac\">"))
    #expect(try AudioFileReader(path: "\(folder.path)/ten.flac").frameCount == tenFrames)
    #expect(folder.contents() == ["ten.ahap", "ten.flac", "ten.html", "two.ahap", "two.html"])
  }

  @Test func siteHasAPagePerPatternAndAnIndex() async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render(["preview", samples, "--out-dir", "\(folder.path)/site", "-q"])
    #expect(result.status == 0, "\(result.standardError)")
    let names = Locations.files(in: samples, withExtension: "ahap").map { PatternFiles.stem(of: $0) }
    #expect(Set(folder.contents("site")) == Set(names.map { "\($0).html" } + ["index.html"]))
    let index = try String(contentsOfFile: "\(folder.path)/site/index.html", encoding: .utf8)
    for name in names { #expect(index.contains("<a href=\"\(name).html\">\(name)</a>"), "\(name)") }
    #expect(index.contains("<td>19.020 s</td>"), "the breathing sample's duration")
    #expect(index.components(separatedBy: "<svg ").count - 1 == names.count, "one thumbnail per pattern")
  }

  @Test func aBadPatternIsListedWithItsErrorAndFailsTheRun() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/in", withIntermediateDirectories: false)
    try FileManager.default.copyItem(atPath: "\(samples)/heartbeat.ahap", toPath: "\(folder.path)/in/heartbeat.ahap")
    try Data(#"{"Pattern": [{"Event": {"EventType": "HapticTransient"}}]}"#.utf8)
      .write(to: URL(fileURLWithPath: "\(folder.path)/in/broken.ahap"))
    let result = try await CommandRunner.render(["preview", "in", "--out-dir", "site"], in: folder.path)
    #expect(result.status == 1)
    #expect(result.standardError.contains("in/broken.ahap:1:24: error: Pattern[0].Event: missing \"Time\""))
    #expect(result.standardError.hasSuffix("render: error: wrote 1 of 2 pages and site/index.html; 1 failed\n"))
    #expect(folder.contents("site") == ["heartbeat.html", "index.html"])
    let index = try String(contentsOfFile: "\(folder.path)/site/index.html", encoding: .utf8)
    #expect(index.contains("<tr class=\"failed\"><td></td><td>in/broken.ahap</td>"))
    #expect(
      index.contains("<td class=\"error\">in/broken.ahap:1:24: error: Pattern[0].Event: missing &quot;Time&quot;"))
  }

  @Test func collisionsAreReportedBeforeAnythingIsWritten() async throws {
    let folder = try TemporaryFolder()
    for sub in ["a", "b"] {
      try FileManager.default.createDirectory(atPath: "\(folder.path)/\(sub)", withIntermediateDirectories: false)
      try FileManager.default.copyItem(atPath: "\(samples)/success.ahap", toPath: "\(folder.path)/\(sub)/success.ahap")
    }
    let result = try await CommandRunner.render(["preview", "a", "b", "--out-dir", "site"], in: folder.path)
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "render: error: a/success.ahap and b/success.ahap would all be written to 'site/success.html'\n")
    #expect(folder.contents() == ["a", "b"])
  }

  @Test func presetsGetASiteToo() async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render(
      ["preview", "--preset", "ios", "--out-dir", "site", "-q"], in: folder.path)
    #expect(result.status == 0, "\(result.standardError)")
    let ios = try PresetCatalog.presets(named: "ios")
    #expect(Set(folder.contents("site")) == Set(ios.map { "\($0.name).html" } + ["index.html"]))
    let page = try String(contentsOfFile: "\(folder.path)/site/notification.error.html", encoding: .utf8)
    #expect(page.contains("<dt>Source</dt>"))
    let typo = try await CommandRunner.render(["preview", "--preset", "impact.sof", "-o", "x.html"], in: folder.path)
    #expect(typo.status == 64)
    #expect(typo.standardError.hasPrefix("render: error: unknown preset \"impact.sof\"; did you mean \"impact.soft\"?"))
  }

  // MARK: - In a browser

  /// Chromium or Chrome, when installed (`scripts/install-deps --test` installs it on Debian).
  static let chromium: String? = {
    let candidates = [
      ProcessInfo.processInfo.environment["CHROMIUM"], "/usr/bin/chromium", "/usr/bin/chromium-browser",
      "/Applications/Chromium.app/Contents/MacOS/Chromium",
      "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    ]
    return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  private static let browserFlags = [
    "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
    "--autoplay-policy=no-user-gesture-required", "--virtual-time-budget=30000",
  ]

  /// The harness (Tests/Fixtures/preview/harness.html) drives the page: it sets the audio's
  /// time, clicks the plot at the tick labelled 6 s, and presses the space bar twice.
  @Test(.enabled(if: chromium != nil, "no Chromium or Chrome: install it (scripts/install-deps --test) to run"))
  func playheadFollowsTheAudioInABrowser() async throws {
    let browser = try #require(Self.chromium)
    let folder = try TemporaryFolder()
    _ = try await CommandRunner.render(["preview", "\(samples)/breath-478.ahap", "-o", "\(folder.path)/breath.html"])
    try FileManager.default.copyItem(
      atPath: "\(Locations.fixtures)/preview/harness.html", toPath: "\(folder.path)/harness.html")
    var report = ""
    for _ in 0..<3 where !report.hasPrefix("{") {  // a cold browser may miss the budget once
      let run = try await CommandRunner.run(
        browser,
        Self.browserFlags + ["--dump-dom", "file://\(folder.path)/harness.html?page=breath.html&time=10&click=6"])
      let dom = String(decoding: run.standardOutput, as: UTF8.self)
      report = dom.firstMatch(of: #/<pre id="result">([^<]*)</#).map { String($0.1) } ?? ""
    }
    struct Report: Decodable {
      struct Position: Decodable {
        var time: Double
        var playhead: Double
      }
      var duration: Double
      var ticks: [[Value]]
      var seek: Position
      var click: Position
      var playedBySpace: Bool
      var pausedBySpace: Bool
      enum Value: Decodable {
        case text(String)
        case number(Double)
        init(from decoder: Decoder) throws {
          let container = try decoder.singleValueContainer()
          if let number = try? container.decode(Double.self) {
            self = .number(number)
          } else {
            self = .text(try container.decode(String.self))
          }
        }
      }
    }
    let seen = try JSONDecoder().decode(Report.self, from: Data(report.utf8))
    func tickX(_ label: String) -> Double? {
      for tick in seen.ticks {
        if case .text(label) = tick[0], case .number(let x) = tick[1] { return x }
      }
      return nil
    }
    #expect(abs(seen.duration - 19.02) < 1e-3, "the audio is the render's length")
    #expect(seen.seek.time == 10)
    #expect(abs(seen.seek.playhead - (try #require(tickX("10")))) < 0.5, "the playhead sits on the 10 s tick")
    #expect(abs(seen.click.time - 6) < 0.05, "a click on the 6 s tick seeks there: \(seen.click.time)")
    #expect(abs(seen.click.playhead - (try #require(tickX("6")))) < 2)
    #expect(seen.playedBySpace && seen.pausedBySpace)
  }

  /// A 23 ms tap's page plays a second of audio (the tap, then silence), which the player can
  /// show and play; half way through it the playhead rests at the plot's end.
  @Test(.enabled(if: chromium != nil, "no Chromium or Chrome: install it (scripts/install-deps --test) to run"))
  func aShortTapHasAPlayableSecond() async throws {
    let browser = try #require(Self.chromium)
    let folder = try TemporaryFolder()
    let page = try await CommandRunner.render(["preview", "--preset", "impact.soft", "-o", "\(folder.path)/soft.html"])
    #expect(page.status == 0)
    let html = try String(contentsOfFile: "\(folder.path)/soft.html", encoding: .utf8)
    #expect(html.contains("The pattern lasts 0.023 s: the audio is followed by silence up to 1 s"))
    try FileManager.default.copyItem(
      atPath: "\(Locations.fixtures)/preview/player-harness.html", toPath: "\(folder.path)/harness.html")
    var report = ""
    for _ in 0..<3 where !report.hasPrefix("{") {  // a cold browser may miss the budget once
      let run = try await CommandRunner.run(
        browser, Self.browserFlags + ["--dump-dom", "file://\(folder.path)/harness.html?page=soft.html"])
      let dom = String(decoding: run.standardOutput, as: UTF8.self)
      report = dom.firstMatch(of: #/<pre id="result">([^<]*)</#).map { String($0.1) } ?? ""
    }
    struct Report: Decodable {
      var duration: Double
      var plotDuration: Double
      var plotEnd: Double
      var playing: Bool?
      var playhead: Double?
      var error: String?
    }
    let seen = try JSONDecoder().decode(Report.self, from: Data(report.utf8))
    #expect(seen.error == nil)
    #expect(abs(seen.duration - 1) < 1e-3, "the audio lasts a second: \(seen.duration)")
    #expect(abs(seen.plotDuration - 0.022604) < 1e-4, "the plot keeps the tap's own length")
    #expect(seen.playing == true)
    #expect(abs((seen.playhead ?? 0) - seen.plotEnd) < 0.5, "the playhead waits at the plot's end")
  }

  @Test(.enabled(if: chromium != nil, "no Chromium or Chrome: install it (scripts/install-deps --test) to run"))
  func screenshotOfThePageIsNotBlank() async throws {
    let browser = try #require(Self.chromium)
    let folder = try TemporaryFolder()
    _ = try await CommandRunner.render(["preview", "\(samples)/tap-buzz-tap.ahap", "-o", "\(folder.path)/page.html"])
    let shot = "\(folder.path)/page.png"
    _ = try await CommandRunner.run(
      browser,
      Self.browserFlags + ["--window-size=1400,900", "--screenshot=\(shot)", "file://\(folder.path)/page.html"])
    let stats = try await CommandRunner.run(
      "/usr/bin/env", ["python3", "\(Locations.packageRoot)/Tests/Tools/png_stats.py", shot])
    #expect(stats.status == 0, "\(stats.standardError)")
    struct Stats: Decodable {
      var width: Int
      var height: Int
      var content: Double
      var colours: Int
    }
    let seen = try JSONDecoder().decode(Stats.self, from: Data(stats.standardOutput))
    #expect(seen.width == 1_400 && seen.height == 900)
    #expect(seen.content > 0.05, "more than a white page: \(seen.content) of the pixels differ")
    #expect(seen.colours > 50, "the plot's colours and antialiased text: \(seen.colours)")
  }
}
