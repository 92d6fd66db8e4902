import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileSystem {
  /// One spelling of `path` for comparing places: the real path of its deepest existing part
  /// (links and `..` resolved there) followed by the rest as written. Two paths that would
  /// reach one file (once it exists) through existing folders get the same text.
  package static func placeKey(_ path: String) -> String {
    var rest: [Substring] = []
    var current = path
    while true {
      if let real = realPath(current) {
        return ([real == "/" ? "" : real] + rest.reversed().map(String.init)).joined(separator: "/")
      }
      let parent = directory(of: current)
      guard parent != current, let last = current.split(separator: "/").last else { return path }
      rest.append(last)
      current = parent
    }
  }

  /// The real path of `path` when it exists, otherwise of its deepest existing parent folder,
  /// with the rest of `path` left off: where a path leads as far as it leads anywhere.
  package static func realPathOfExistingPart(_ path: String) -> String? {
    var current = path
    while true {
      if let real = realPath(current) { return real }
      let parent = directory(of: current)
      if parent == current { return nil }
      current = parent
    }
  }

  /// The absolute path of an existing file or folder, links and `..` resolved.
  package static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// `path` itself when absolute or when `folder` is `"."`, otherwise `path` inside `folder`.
  package static func resolve(_ path: String, against folder: String) -> String {
    path.hasPrefix("/") || folder == "." ? path : "\(folder)/\(path)"
  }

  /// The folder part of `path` (`"."` when there is none), everything before its last `/`:
  /// the folder the system looks the last name up in (`out/` is looked up in `out`).
  package static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last component of `path` (`samples/breath.ahap` → `breath.ahap`; `path` itself when it
  /// has none, as `/`).
  package static func name(of path: String) -> String {
    FilePath(path).lastComponent?.string ?? path
  }

  /// The file name of `path` without its folder and extension (the part from its last `.` on,
  /// unless that `.` starts the name: `.hidden` stays whole).
  package static func stem(of path: String) -> String {
    FilePath(path).stem ?? path
  }

  /// `path` with its last component replaced by `name`, its folder part kept as written.
  package static func replacingName(of path: String, with name: String) -> String {
    let own = self.name(of: path)
    // Counted in bytes on both sides: a name's characters and bytes differ beyond ASCII.
    let folderPart = path.utf8.dropLast(own.utf8.count)
    return (path.utf8.reversed().starts(with: own.utf8.reversed()) ? String(decoding: folderPart, as: UTF8.self) : "")
      + name
  }

  /// The text of the symbolic link at `path`, or `nil` when it is not one.
  package static func readLink(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `path`, then each path its symbolic links lead to, in order, up to the file they end at
  /// (which may not exist yet). At most 40 links are followed.
  package static func linkChain(_ path: String) -> [String] {
    var chain = [path]
    while chain.count <= 40, let next = readLink(chain[chain.count - 1]) {
      chain.append(resolve(next, against: directory(of: chain[chain.count - 1])))
    }
    return chain
  }
}
