import Foundation

/// A temporary folder removed when released; in memory (`/dev/shm`) where there is one, so
/// that the render and its write limit are measured without the disk's noise.
final class Scratch {
  let path: String
  init() throws {
    let base =
      FileManager.default.fileExists(atPath: "/dev/shm")
      ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
    path = base.appendingPathComponent("render-benchmark-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }
  deinit { try? FileManager.default.removeItem(atPath: path) }
}
