import HapticFiles
import HapticPipeline

/// What `render serve` shows: one AHAP file, or every AHAP file under a folder (found as
/// `render preview --out-dir` finds them), each page named after its file.
///
/// Only files inside the folder are shown: a file that is a link to a file outside it is
/// refused, and links to folders are not followed.
package struct ServedPatterns: Sendable {
  /// One pattern and the stamp of its file when it was listed.
  package struct Item: Sendable {
    /// The file's name without `.ahap`: the page is `/<name>.html` (or `/` for one file).
    package var name: String
    package var path: String
    /// `nil` when the file is gone.
    package var stamp: FileStamp?
  }

  /// A file under the folder that is not shown, and why; an index entry's error.
  package struct Refusal: Error, CustomStringConvertible {
    package var path: String
    package var reason: String

    package var description: String { reason }
  }

  /// The patterns at one moment.
  package struct Listing: Sendable {
    package var items: [Item] = []
    package var refused: [Refusal] = []
    /// Why the folder could not be listed.
    package var error: FileSystemError?

    /// The pattern whose page is `/<name>.html`.
    package func item(named name: String) -> Item? { items.first { $0.name == name } }

    /// Changes when a pattern is added, removed, renamed or written, or a refusal changes.
    package var version: String {
      var hasher = Hasher()
      for item in items {
        hasher.combine(item.path)
        hasher.combine(item.stamp)
      }
      for refusal in refused {
        hasher.combine(refusal.path)
        hasher.combine(refusal.reason)
      }
      hasher.combine(error?.description)
      return String(UInt64(bitPattern: Int64(hasher.finalize())), radix: 16)
    }
  }

  /// The file or folder given.
  package let path: String
  package let isFolder: Bool
  /// The folder's real path with a final `/`: what every shown file's real path starts with.
  private let root: String

  /// - Throws: ``FileSystemError`` when nothing is at `path`, or it is neither a folder nor an
  ///   `.ahap` file.
  package init(path: String) throws(FileSystemError) {
    guard FileSystem.exists(path), let real = FileSystem.realPath(path) else { throw FileSystem.missingFile(path) }
    self.path = path
    isFolder = FileSystem.isDirectory(path)
    guard isFolder || PatternFiles.isPattern(path) else {
      throw .failed(path: path, reason: "is neither an .ahap file nor a folder")
    }
    root = real.hasSuffix("/") ? real : real + "/"
  }

  /// Opens the file of `item` for its page, and checks, by the descriptor the page is read
  /// through, that the file opened is inside the folder: a link swapped in after the listing
  /// is refused as the listing refuses it.
  ///
  /// - Throws: ``FileSystemError`` when the file cannot be opened or is outside the folder.
  package func open(_ item: Item) throws(FileSystemError) -> FileSystem.OpenedFile {
    let file = try FileSystem.openFile(item.path)
    guard !isFolder || isInside(file.realPath) else { throw .failed(path: item.path, reason: outsideReason) }
    return file
  }

  /// Whether a file whose real path is `real` is inside the folder.
  private func isInside(_ real: String?) -> Bool { real?.hasPrefix(root) ?? false }

  private var outsideReason: String { "is a link to a file outside '\(path)'; it is not served" }

  /// The patterns as they are now on disk.
  package func list() -> Listing {
    guard isFolder else {
      return Listing(items: [Item(name: PatternFiles.stem(of: path), path: path, stamp: FileStamp(path: path))])
    }
    var listing = Listing()
    let files: [String]
    do {
      files = try FileSystem.files(under: path, withExtension: "ahap")
    } catch {
      listing.error = error
      return listing
    }
    var inside: [String] = []
    for file in files {
      if isInside(FileSystem.realPath(file)) {
        inside.append(file)
      } else {
        listing.refused.append(Refusal(path: file, reason: outsideReason))
      }
    }
    // By bytes, as the pages of `render preview --out-dir` are told apart.
    let byName = Dictionary(grouping: inside) { Array(PatternFiles.stem(of: $0).utf8) }
    for file in inside {
      let name = PatternFiles.stem(of: file)
      if name == "index" {
        listing.refused.append(Refusal(path: file, reason: "would have the index's page; rename it"))
      } else if let others = byName[Array(name.utf8)], others.count > 1 {
        let other = others.first { $0 != file } ?? file
        listing.refused.append(
          Refusal(path: file, reason: "would share the page '\(name).html' with '\(other)'; rename one"))
      } else {
        listing.items.append(Item(name: name, path: file, stamp: FileStamp(path: file)))
      }
    }
    return listing
  }
}
