import Foundation

/// A new empty folder, removed with its content when the value is released.
public final class TemporaryFolder {
  public let path: String

  public init() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("render-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    path = url.path
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Names of the files in the folder, or in its subfolder `subfolder`, sorted.
  public func contents(_ subfolder: String? = nil) -> [String] {
    let folder = subfolder.map { "\(path)/\($0)" } ?? path
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }
}
