/// Finds AHAP files for commands that take folders.
public enum PatternFiles {
  /// Every `.ahap` file under each path (folders recursively, hidden entries skipped); a path
  /// that names a file is taken as it is. Sorted within each folder.
  ///
  /// - Throws: ``FileSystemError`` for a path that does not exist or cannot be listed.
  public static func find(in paths: [String]) throws(FileSystemError) -> [String] {
    var found: [String] = []
    for path in paths {
      if FileSystem.isDirectory(path) {
        found += try FileSystem.files(under: path, withExtension: "ahap")
      } else if FileSystem.exists(path) {
        found.append(path)
      } else {
        throw .failed(path: path, reason: "No such file or directory")
      }
    }
    return found
  }

  /// The name of a file without its folder and extension: `samples/breath.ahap` → `breath`.
  public static func stem(of path: String) -> String {
    FileSystem.stem(of: path)
  }

  /// Groups of paths that share a stem (and so would write the same output name).
  public static func collisions(in paths: [String]) -> [[String]] {
    Dictionary(grouping: paths, by: stem).values.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
  }
}
