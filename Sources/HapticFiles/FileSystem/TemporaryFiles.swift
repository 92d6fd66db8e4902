import HapticSupport

/// Keeps the names of the temporary files and scratch folders being written, and counts the
/// outputs completed, for a program that removes them when it is interrupted.
package protocol TemporaryFileTracker: Sendable {
  /// A named temporary file now exists at `path`.
  func register(_ path: String)
  /// The temporary file at `path` is gone (renamed into place or removed).
  func unregister(_ path: String)
  /// An output is complete: moved into place at `path`, or copied to its target (`nil`).
  func countCompleted(at path: String?)
  /// Makes a scratch folder with `make`, which returns its path, and keeps it in the same step.
  func makeScratch(_ make: () throws(FileSystemError) -> String) throws(FileSystemError) -> String
  /// The scratch folder at `folder` is gone.
  func unregisterScratch(_ folder: String)
}

/// Where `HapticFiles` reports its temporary files: to the ``tracker`` an executable installed
/// before its first output (`render` and `render-serve` install one that their signal handlers
/// empty), or nowhere. A program that embeds the library keeps no record of them, unless it
/// installs a tracker of its own.
package enum TemporaryFiles {
  private static let installed = Locked<(any TemporaryFileTracker)?>(nil)

  /// The tracker told of every temporary file, or `nil`.
  package static var tracker: (any TemporaryFileTracker)? {
    get { installed.withLock { $0 } }
    set { installed.withLock { $0 = newValue } }
  }

  package static func register(_ path: String) { tracker?.register(path) }
  package static func unregister(_ path: String) { tracker?.unregister(path) }
  package static func countCompleted(at path: String? = nil) { tracker?.countCompleted(at: path) }
  package static func unregisterScratch(_ folder: String) { tracker?.unregisterScratch(folder) }

  package static func makeScratch(_ make: () throws(FileSystemError) -> String) throws(FileSystemError) -> String {
    guard let tracker else { return try make() }
    return try tracker.makeScratch(make)
  }
}
