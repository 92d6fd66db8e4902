import SystemPackage

extension FileSystem {
  /// What makes a file itself, whatever the path that reaches it: device and inode.
  package struct Identity: Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64

    /// The identity of the file `status` describes.
    package init(_ status: Stat) {
      device = UInt64(status.deviceID.rawValue)
      inode = UInt64(status.inode.rawValue)
    }
  }

  /// The identity of the existing file at `path` (links followed), or `nil`.
  package static func identity(of path: String) -> Identity? {
    (try? Stat(path)).map(Identity.init)
  }

  /// `true` when `a` and `b` name one existing file (same device and inode), whatever their
  /// spelling and the links between them.
  package static func isSameFile(_ a: String, _ b: String) -> Bool {
    guard let first = identity(of: a) else { return false }
    return first == identity(of: b)
  }
}
