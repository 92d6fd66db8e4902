import Foundation
import Testing
import _HapticRenderTestSupport

/// The memory of `render preview` stays flat while it renders page after page, as
/// `render serve` does for an editor that saves again and again (docs/untrusted-input.md).
@Suite struct PreviewMemoryTests {
  /// Resident bytes of the process `pid` (`/proc/PID/statm`), or `nil` once it has ended.
  private static func residentBytes(of pid: Int32) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// The resident size of the process `pid` at the first look after each of `marks` pages are in
  /// the folder `pages`, looked at every 20 ms until the last mark or the process's end. The
  /// looking runs on a thread of its own: a task can wait seconds for the suite's busy
  /// cooperative threads while the process runs to its end.
  private static func residentSizes(of pid: Int32, pagesIn pages: String, at marks: [Int]) async -> [Int: Int] {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        var residentAt: [Int: Int] = [:]
        var written = 0
        while written < (marks.max() ?? 0) {
          usleep(20_000)
          written = ((try? FileManager.default.contentsOfDirectory(atPath: pages)) ?? []).count
          guard let resident = residentBytes(of: pid) else { break }
          for mark in marks where written >= mark && residentAt[mark] == nil { residentAt[mark] = resident }
        }
        continuation.resume(returning: residentAt)
      }
    }
  }

  /// 2,000 pages on one thread (at 8 kHz, for speed): the resident size when 1,900 are written
  /// (before the index, which lists them all) is within 1.5 times that when 100 are (23 MB and
  /// 29 MB in a debug build). With buffers of up to 32 MiB taken from the heap and freed memory
  /// kept, as `render` set glibc's allocator before, it was 28-35 MB and 156-349 MB: 70-170 KB
  /// more a page, where the pages' summaries kept for the index take 3 KB.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/statm")))
  func residentSizeStaysFlatOverThousandsOfPages() async throws {
    let folder = try TemporaryFolder()
    let patterns = "\(folder.path)/patterns"
    let pages = "\(folder.path)/pages"
    try FileManager.default.createDirectory(atPath: patterns, withIntermediateDirectories: true)
    let pattern = try Data(contentsOf: URL(fileURLWithPath: "\(Locations.samples)/heartbeat.ahap"))
    for index in 0..<2_000 { try pattern.write(to: URL(fileURLWithPath: "\(patterns)/p\(index).ahap")) }

    let command = try RunningCommand(["preview", patterns, "--out-dir", pages, "-j", "1", "-r", "8000"])
    let residentAt = await Self.residentSizes(of: command.processIdentifier, pagesIn: pages, at: [100, 1_900])
    #expect(try await command.exitStatus(within: 600) == 0, "\(command.standardError)")
    let early = try #require(residentAt[100])
    let late = try #require(residentAt[1_900])
    #expect(Double(late) <= 1.5 * Double(early), "\(early >> 20) MB after 100 pages, \(late >> 20) MB after 1,900")
  }
}
