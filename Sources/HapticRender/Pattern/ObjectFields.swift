/// The non-null members of one JSON object, taken one by one while parsing, so that the
/// members nobody took can be reported as unknown keys.
struct ObjectFields {
  struct Field {
    var key: String
    var value: JSONValue
    var path: JSONPath
  }

  let path: JSONPath
  var members: [JSONValue.Member] = []
  /// Keys whose value was `null` (already reported).
  var nullKeys: Set<String> = []
  private var takenKeys: Set<String> = []

  init(path: JSONPath) {
    self.path = path
  }

  /// Removes and returns the member named `key`.
  mutating func take(_ key: String) -> Field? {
    guard let index = members.firstIndex(where: { $0.key == key }) else { return nil }
    let member = members.remove(at: index)
    takenKeys.insert(key)
    return Field(key: key, value: member.value, path: path.appending(key))
  }

  /// `true` if the object had `key` at all, taken or not, `null` or not.
  func hadKey(_ key: String) -> Bool {
    takenKeys.contains(key) || nullKeys.contains(key) || members.contains { $0.key == key }
  }

  /// Renames `alias` to `key`; when both are present the alias is ignored. Either way a device
  /// refuses the file, and the diagnostic says so.
  mutating func alias(_ alias: String, for key: String, parser: inout PatternParser) {
    guard let index = members.firstIndex(where: { $0.key == alias }) else { return }
    let member = members[index]
    if members.contains(where: { $0.key == key }) {
      parser.refuse(
        member.value, path.appending(alias), "unknown key \"\(alias)\"; ignored here, as \"\(key)\" is also given")
      members.remove(at: index)
      return
    }
    parser.refuse(
      member.value, path.appending(alias), "Core Haptics knows \"\(key)\", not \"\(alias)\"; read here as \"\(key)\"")
    members[index].key = key
  }

  /// Warns about every member nobody took.
  mutating func warnRemaining(parser: inout PatternParser, expected: [String]) {
    for member in members {
      parser.warnUnknownKey(member, path.appending(member.key), expected: expected)
    }
    members.removeAll()
  }
}
