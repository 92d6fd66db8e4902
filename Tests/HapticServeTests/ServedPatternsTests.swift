import Foundation
import HapticFiles
import HapticServe
import Testing
import _HapticRenderTestSupport

/// What `render serve` opens for a page is what it checked: the descriptor the page is read
/// through is the one whose real path is inside the folder.
@Suite struct ServedPatternsTests {
  @Test func aFileSwappedForALinkOutsideIsNeverOpened() throws {
    let folder = try TemporaryFolder()
    let site = "\(folder.path)/site"
    try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
    try "inside".write(toFile: "\(site)/inside.ahap", atomically: false, encoding: .utf8)
    try "inside".write(toFile: "\(site)/a.ahap", atomically: false, encoding: .utf8)
    try "outside".write(toFile: "\(folder.path)/secret.ahap", atomically: false, encoding: .utf8)
    let patterns = try ServedPatterns(path: site)
    let item = try #require(patterns.list().item(named: "a"))
    let swapper = LinkSwapper(
      folder: site, name: "a.ahap", inside: "inside.ahap", outside: "\(folder.path)/secret.ahap")
    var opened = 0
    var refused = 0
    for _ in 0..<2_000 {
      do {
        let file = try patterns.open(item)
        #expect(try file.readAll(limit: 100) == Array("inside".utf8))
        opened += 1
      } catch {
        #expect(error.description == "'\(item.path)': is a link to a file outside '\(site)'; it is not served")
        refused += 1
      }
    }
    let swaps = swapper.stop()
    #expect(opened > 0 && refused > 0, "\(opened) opened, \(refused) refused in \(swaps) swaps")
  }
}
