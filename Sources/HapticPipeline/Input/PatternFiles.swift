import HapticFiles

/// Finds AHAP files for commands that take files and folders.
public enum PatternFiles {
  /// Why a list of paths gives no inputs to work on; the description is the message.
  public enum SearchError: Error, CustomStringConvertible {
    /// A path could not be read or listed.
    case unreadable(FileSystemError)
    /// Files whose outputs would land on one file; `reason` says where.
    case collisions([(files: [String], reason: String)])

    public var description: String {
      switch self {
      case .unreadable(let error): "\(error)"
      case .collisions(let groups):
        groups.map { "\($0.files.joined(separator: " and ")) \($0.reason)" }
          .joined(separator: "\n")
      }
    }

    /// The groups of `items` that share a `key` (an output file), each named and sorted by
    /// `name` with the `reason` of its first item; `nil` when every key is unique.
    public static func collidingGroups<Item>(
      in items: [Item], by key: (Item) -> String, name: (Item) -> String, reason: (Item) -> String
    ) -> SearchError? {
      let groups = Dictionary(grouping: items, by: key).values.filter { $0.count > 1 }
        .map { $0.sorted { name($0) < name($1) } }.sorted { name($0[0]) < name($1[0]) }
      return groups.isEmpty ? nil : .collisions(groups.map { ($0.map(name), reason($0[0])) })
    }
  }

  /// Whether `path` names an AHAP file (by its extension, in any case).
  public static func isPattern(_ path: String) -> Bool {
    path.lowercased().hasSuffix(".ahap")
  }

  /// Whether `path` names a folder, which ``find(in:isSandboxed:)`` searches.
  public static func isFolder(_ path: String) -> Bool {
    FileSystem.isDirectory(path)
  }

  /// Every `.ahap` file under each path (folders recursively, hidden entries skipped); a path
  /// that names a file is taken as it is. Sorted within each folder.
  ///
  /// - Parameter isSandboxed: Refuse a file in a folder that is a link to a file outside that
  ///   folder (`--sandbox`): an untrusted folder cannot make a command read elsewhere.
  /// - Throws: ``FileSystemError`` for a path that does not exist or cannot be listed, for a
  ///   folder without a single `.ahap` file (a run that checks nothing must not pass), and for
  ///   a link out of its folder under `isSandboxed`.
  public static func find(in paths: [String], isSandboxed: Bool = false) throws(FileSystemError) -> [String] {
    var found: [String] = []
    for path in paths {
      if FileSystem.isDirectory(path) {
        let files = try FileSystem.files(under: path, withExtension: "ahap")
        if files.isEmpty { throw .failed(path: path, reason: "no .ahap files under it") }
        if isSandboxed, let root = FileSystem.realPath(path).map({ $0.hasSuffix("/") ? $0 : $0 + "/" }),
          let outside = files.first(where: { !(FileSystem.realPath($0) ?? "").hasPrefix(root) })
        {
          throw .failed(path: outside, reason: "is a link to a file outside '\(path)', which --sandbox refuses")
        }
        found += files
      } else if FileSystem.exists(path) {
        found.append(path)
      } else {
        throw .failed(path: path, reason: FileSystem.missingFileReason(path))
      }
    }
    return found
  }

  /// ``find(in:)``, refusing files that share a stem (and so one output name).
  ///
  /// - Parameter collisionReason: What the files of a group would do, given the first of them,
  ///   e.g. "would share one golden file 'g/breath.flac'; rename one".
  public static func find(
    in paths: [String], isSandboxed: Bool = false, refusingCollisions collisionReason: (String) -> String
  ) throws(SearchError) -> [String] {
    let files: [String]
    do { files = try find(in: paths, isSandboxed: isSandboxed) } catch { throw .unreadable(error) }
    if let collisions = SearchError.collidingGroups(in: files, by: stem, name: { $0 }, reason: collisionReason) {
      throw collisions
    }
    return files
  }

  /// Refuses an output that is the input itself (through links or another spelling of its
  /// path), which writing would destroy.
  ///
  /// - Throws: ``FileSystemError`` naming both.
  public static func checkOutput(_ output: String, isNot input: String) throws(FileSystemError) {
    if FileSystem.isSameFile(output, input) {
      throw .failed(path: output, reason: "is the input '\(input)'; it is not replaced (choose another output)")
    }
  }

  /// The name of a file without its folder and extension: `samples/breath.ahap` → `breath`.
  public static func stem(of path: String) -> String {
    FileSystem.stem(of: path)
  }
}
