import Foundation

/// Reads a symbolic link without following it.
enum FileSystemLink {
  static func target(of path: String) -> String? {
    try? FileManager.default.destinationOfSymbolicLink(atPath: path)
  }
}
