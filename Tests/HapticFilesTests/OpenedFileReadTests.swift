import Foundation
import HapticFiles
import Testing
import _HapticRenderTestSupport

/// A file is read whole, in one run or, from `bytesReadInHalvesFrom` bytes, in two halves on two
/// threads, with the same bytes either way; a file that shrank after it was opened gives what
/// it still has, from its start.
@Suite struct OpenedFileReadTests {
  /// Bytes that differ from place to place: a half read into the wrong place shows.
  private static func content(count: Int) -> Data {
    var random = SplitMix64(seed: 11)
    return Data((0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) })
  }

  @Test(arguments: [0, 1, 4_095, FileSystem.OpenedFile.bytesReadInHalvesFrom + 3])
  func aFileIsReadWhole(_ count: Int) throws {
    let folder = try TemporaryFolder()
    let path = "\(folder.path)/file"
    let content = Self.content(count: count)
    try content.write(to: URL(fileURLWithPath: path))
    let file = try FileSystem.openFile(path)
    #expect(try file.readAll(limit: count) == [UInt8](content))
    #expect(try file.read(from: 5, count: max(count - 5, 0)) == [UInt8](content.dropFirst(5)))
  }

  /// Cut short after it was opened (its size was taken then): in the second half, and in the
  /// first, where the second half's run reads nothing.
  @Test(arguments: [3, 1])
  func aFileThatShrankGivesWhatItStillHas(_ quarters: Int) throws {
    let folder = try TemporaryFolder()
    let path = "\(folder.path)/file"
    let count = 2 * FileSystem.OpenedFile.bytesReadInHalvesFrom
    let content = Self.content(count: count)
    try content.write(to: URL(fileURLWithPath: path))
    let file = try FileSystem.openFile(path)
    let kept = count / 4 * quarters
    #expect(truncate(path, off_t(kept)) == 0)
    #expect(try file.readAll(limit: count) == [UInt8](content.prefix(kept)))
  }
}
