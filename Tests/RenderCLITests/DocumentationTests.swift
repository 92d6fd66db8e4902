import Foundation
import HapticRender
import HapticSupport
import Testing
import _HapticRenderTestSupport

/// `docs/`, `CHANGELOG.md` and the README hold together: links reach their files and anchors,
/// code comments cite sections that exist, the presets page matches the catalog, the
/// changelog's latest release is the tool's version, and the DocC articles' code compiles.
@Suite struct DocumentationTests {
  static let root = Locations.packageRoot
  /// The Markdown files of the repository's documentation, relative to the root.
  static let pages: [String] = {
    let docs = Locations.files(in: "\(root)/docs", withExtension: "md").map { String($0.dropFirst(root.count + 1)) }
    return ["README.md", "CHANGELOG.md"] + docs
  }()

  static func text(_ page: String) throws -> String {
    try String(contentsOfFile: "\(root)/\(page)", encoding: .utf8)
  }

  /// The anchors of a Markdown page: its explicit `<a id="…">` and its headings' GitHub slugs.
  static func anchors(of page: String) throws -> Set<String> {
    var anchors = Set<String>()
    for line in try text(page).split(separator: "\n") {
      if line.contains("<a id="), let id = line.firstMatch(of: #/<a id="([^"]+)"><\/a>/#)?.output.1 {
        anchors.insert(String(id))
      }
      guard line.hasPrefix("#") else { continue }
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
      let kept = title.unicodeScalars.filter { scalar in
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == " " || scalar == "-"
      }
      anchors.insert(String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-"))
    }
    return anchors
  }

  @Test func pagesExist() {
    for page in ["docs/signal-model.md", "docs/architecture.md", "docs/performance.md", "CHANGELOG.md"] {
      #expect(Self.pages.contains(page), "\(page)")
    }
  }

  /// Every relative link of every page reaches a file, and its anchor, if any, is on that page.
  @Test func linksReachTheirTargets() throws {
    var anchorsOfPages: [String: Set<String>] = [:]
    for page in Self.pages {
      let folder = (page as NSString).deletingLastPathComponent
      for link in try Self.text(page).matches(of: #/\]\(([^)\s]+)\)/#).map({ String($0.output.1) }) {
        guard !link.contains("://") else { continue }
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let target = (folder as NSString).appendingPathComponent(String(parts[0]))
        let file = parts[0].isEmpty ? page : (target as NSString).standardizingPath
        #expect(FileManager.default.fileExists(atPath: "\(Self.root)/\(file)"), "\(page): \(link)")
        if parts.count == 2, file.hasSuffix(".md") {
          if anchorsOfPages[file] == nil { anchorsOfPages[file] = try Self.anchors(of: file) }
          #expect(anchorsOfPages[file]?.contains(String(parts[1])) == true, "\(page): \(link)")
        }
      }
    }
  }

  /// A comment that cites `docs/signal-model.md §3.4` (or `docs/architecture.md §2`,
  /// `docs/performance.md §5`) names a section that exists there.
  @Test func citedSectionsExist() throws {
    let prefixes = ["signal-model.md": "s", "architecture.md": "a", "performance.md": "p"]
    var anchors: [String: Set<String>] = [:]
    for (page, _) in prefixes { anchors[page] = try Self.anchors(of: "docs/\(page)") }
    let sources =
      Locations.files(in: "\(Self.root)/Sources", withExtension: "swift")
      + Locations.files(in: "\(Self.root)/Tests", withExtension: "swift")
    for source in sources {
      let text = try String(contentsOfFile: source, encoding: .utf8)
      for citation in text.matches(of: #/docs/([a-z-]+\.md) §(\d+(?:\.\d+)?)/#) {
        let page = String(citation.output.1)
        guard let prefix = prefixes[page] else { continue }
        let anchor = prefix + citation.output.2.replacingOccurrences(of: ".", with: "-")
        #expect(anchors[page]?.contains(anchor) == true, "\(source): \(citation.output.0)")
      }
    }
  }

  /// `CHANGELOG.md` is in the Keep a Changelog form: `## [Unreleased]` may come first, then every
  /// release is `## [MAJOR.MINOR.PATCH] - YYYY-MM-DD`, and the latest is ``PackageVersion/current``
  /// (which `render --version` prints).
  @Test func changelogsLatestReleaseIsTheVersion() throws {
    let headings = try Self.text("CHANGELOG.md").split(separator: "\n").filter { $0.hasPrefix("## ") }
    let releases = headings.drop { $0 == "## [Unreleased]" }
    for heading in releases {
      #expect(heading.wholeMatch(of: #/## \[\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2}/#) != nil, "\(heading)")
    }
    let latest = releases.first ?? "no release heading"
    #expect(latest.hasPrefix("## [\(PackageVersion.current)] - "), "\(latest)")
  }

  /// The presets page lists every preset with the catalog's events.
  @Test func presetTableMatchesTheCatalog() throws {
    let page = try Self.text("docs/presets.md")
    for preset in PresetCatalog.presets {
      let row = "| `\(preset.id)` | `\(preset.call)` | \(preset.eventSummary) |"
      #expect(page.contains(row + "\n"), "docs/presets.md lacks \(row)")
    }
  }

  /// The Swift code blocks of each DocC article (`Sources/*/*.docc`), read in order as one
  /// program, type-check against the modules of this build. Every other line is left blank, so
  /// the compiler's line numbers are the article's.
  @Test(.enabled(if: CommandRunner.canCompile(against: "HapticRender"), "swiftc and the build's modules are needed"))
  func doccArticlesCompile() async throws {
    let articles = Locations.files(in: "\(Self.root)/Sources", withExtension: "md").filter { $0.contains(".docc/") }
    var compiled = 0
    for article in articles {
      var inCode = false
      let lines = try String(contentsOfFile: article, encoding: .utf8).split(
        separator: "\n", omittingEmptySubsequences: false)
      let program = lines.map { line -> Substring in
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("```") else { return inCode ? line : "" }
        inCode = !inCode && text == "```swift"
        return ""
      }
      guard program.contains(where: { !$0.isEmpty }) else { continue }
      compiled += 1
      let folder = try TemporaryFolder()
      let file = "\(folder.path)/main.swift"
      try program.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
      let arguments =
        ["swiftc", "-typecheck", "-I", CommandRunner.modulesDirectory] + Locations.systemLibraryFlags + [file]
      let result = try await CommandRunner.run("/usr/bin/env", arguments)
      #expect(result.status == 0, "\(article):\n\(result.standardError)")
    }
    #expect(compiled >= 1, "no DocC article with Swift code under Sources")
  }
}
