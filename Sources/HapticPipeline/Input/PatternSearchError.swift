import HapticFiles

/// Why a list of files and folders gives no inputs to work on (``Batch/inputs(from:)``).
public enum PatternSearchError: Error, CustomStringConvertible {
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
  package static func collidingGroups<Item>(
    in items: [Item], by key: (Item) -> String, name: (Item) -> String, reason: (Item) -> String
  ) -> PatternSearchError? {
    // By bytes: names that Swift deems equal (one é composed, one decomposed) are two files.
    let groups = Dictionary(grouping: items, by: { Array(key($0).utf8) }).values.filter { $0.count > 1 }
      .map { $0.sorted { name($0) < name($1) } }.sorted { name($0[0]) < name($1[0]) }
    return groups.isEmpty ? nil : .collisions(groups.map { ($0.map(name), reason($0[0])) })
  }
}
