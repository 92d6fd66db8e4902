import Foundation
import HapticSupport
import Testing

@Suite struct HugePagesTests {
  /// The flags of the mapping that holds `address`, from `/proc/self/smaps` (`hg`: huge pages
  /// advised).
  private func mappingFlags(at address: UInt) throws -> [Substring] {
    // Read to the end: the file reports no size, and one read gives only its first page.
    let file = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
    let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
    var inside = false
    for line in maps.split(separator: "\n") {
      let fields = line.split(separator: " ")
      if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
        let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
        inside = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
      } else if inside, fields.first == "VmFlags:" {
        return Array(fields.dropFirst())
      }
    }
    Issue.record("no mapping holds 0x\(String(address, radix: 16))")
    return []
  }

  /// A reserved array of several huge pages is advised; the kernel sees it in the mapping
  /// (where it has transparent huge pages at all).
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled")))
  func largeReservationsAreAdvised() throws {
    var large = [Double](largeCapacity: 1 << 20)  // 8 MiB
    let address = large.withUnsafeMutableBufferPointer { UInt(bitPattern: $0.baseAddress) }
    let inside = (address + UInt(HugePages.size)) & ~UInt(HugePages.size - 1)
    #expect(try mappingFlags(at: inside).contains("hg"))
    large.append(contentsOf: repeatElement(0.5, count: 1 << 20))
    #expect(large.count == 1 << 20 && large.allSatisfy { $0 == 0.5 })
  }
}
