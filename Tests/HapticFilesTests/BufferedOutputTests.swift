import Foundation
import HapticFiles
import SystemPackage
import Testing
import _HapticRenderTestSupport

/// The buffer between libsndfile and an output file: whatever the order of its writes, the file
/// holds what plain positioned writes would have left.
@Suite struct BufferedOutputTests {
  /// Writes of random sizes (some larger than the buffer) at random places (mostly continuing
  /// the last, sometimes going back as libsndfile does to its header, sometimes past the end),
  /// checked against the same writes into an array.
  @Test func fileHoldsEveryWriteInOrder() throws {
    let folder = try TemporaryFolder()
    let path = "\(folder.path)/out"
    var random = SplitMix64(seed: 17)
    for round in 0..<4 {
      let descriptor = try FileDescriptor.open(
        path, .readWrite, options: [.create, .truncate], permissions: [.ownerReadWrite, .groupRead, .otherRead])
      let output = BufferedOutput(descriptor: descriptor, name: path)
      var expected: [UInt8] = []
      for write in 0..<200 {
        let choice = random.next() % 10
        if choice == 0 {
          output.position = Int64(random.next() % UInt64(expected.count + 1))
        } else if choice == 1 {
          output.position = Int64(expected.count) + Int64(random.next() % 5_000)
        }
        let size = random.next() % 20 == 0 ? Int(random.next() % 700_000) : Int(random.next() % 9_000) + 1
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ write &+ round) }
        let start = Int(output.position)
        if expected.count < start + size { expected += [UInt8](repeating: 0, count: start + size - expected.count) }
        expected.replaceSubrange(start..<start + size, with: bytes)
        let taken = bytes.withUnsafeBytes { output.write($0.baseAddress, count: Int64(size)) }
        #expect(taken == Int64(size))
        #expect(output.position == Int64(start + size) && output.length == Int64(expected.count))
      }
      #expect(output.flush())
      try descriptor.close()
      let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
      #expect(written.count == expected.count)
      #expect(
        written == expected,
        "round \(round): first difference at \(written.indices.first { written[$0] != expected[$0] } ?? -1)")
    }
  }

  /// A write the system refuses ends the file: the reason is kept, and nothing more is taken.
  @Test func failedWriteIsKeptAndStopsLaterWrites() throws {
    let folder = try TemporaryFolder()
    let path = "\(folder.path)/out"
    try #require(FileManager.default.createFile(atPath: path, contents: nil))
    let descriptor = try FileDescriptor.open(path, .readOnly)
    defer { try? descriptor.close() }
    let output = BufferedOutput(descriptor: descriptor, name: path)
    let bytes = [UInt8](repeating: 7, count: BufferedOutput.capacity + 1)
    #expect(bytes.withUnsafeBytes { output.write($0.baseAddress, count: Int64($0.count)) } == 0)
    #expect(output.failure == .systemCall(path: path, number: .badFileDescriptor, context: "write failed"))
    #expect(output.failure?.reason == "write failed: \(String(cString: strerror(EBADF)))")
    #expect(bytes.withUnsafeBytes { output.write($0.baseAddress, count: 10) } == 0)
    #expect(!output.flush())
  }
}
