import ArgumentParser
import HapticRender

/// What swift-argument-parser knows about the tool's commands and their arguments: the
/// description that `render --experimental-dump-help` prints and that its own manual generator
/// reads, taken through its public API and read with the library's JSON parser. The manual page
/// and the suggestions for misspelled options are made from it.
struct ToolInfo {
  /// A command: the tool itself or a subcommand.
  struct Command {
    var name: String
    var abstract: String
    var discussion: String
    /// `false` for a command kept out of the help (`shouldDisplay`).
    var isShown: Bool
    var arguments: [Argument]
    var subcommands: [Command]
    var defaultSubcommand: String?

    /// The subcommand a command line runs: the one its first word names, or the default.
    func subcommand(for arguments: [String]) -> Command? {
      let name = arguments.first.flatMap { first in subcommands.first { $0.name == first }?.name } ?? defaultSubcommand
      return subcommands.first { $0.name == name }
    }
  }

  /// A positional argument, an option or a flag.
  struct Argument {
    enum Kind: String {
      case positional
      case option
      case flag
    }

    var kind: Kind
    /// The names as typed, short ones first: `-o`, `--output`.
    var names: [String]
    var valueName: String
    var abstract: String
    var discussion: String
    var isRepeating: Bool
    /// `false` for an argument kept out of the help.
    var isShown: Bool
    var defaultValue: String?
    var allValues: [String]

    /// `(values: a, b; default: a)`, as the help puts it after the abstract, or `""`.
    var valuesAndDefault: String {
      let values = allValues.isEmpty ? nil : "values: " + allValues.joined(separator: ", ")
      let defaultValue = defaultValue.flatMap { $0.isEmpty ? nil : "default: " + $0 }
      let parts = [values, defaultValue].compactMap(\.self)
      return parts.isEmpty ? "" : "(" + parts.joined(separator: "; ") + ")"
    }
  }

  /// The description swift-argument-parser gives is not one this reader knows.
  struct UnreadableDescription: Error, CustomStringConvertible {
    var reason: String
    var description: String { "cannot read swift-argument-parser's description of the tool: \(reason)" }
  }

  var command: Command

  /// The tool's description, as swift-argument-parser gives it.
  static func current() throws -> ToolInfo {
    // The flag is answered with the description, thrown as a request to print it.
    let text: String
    do {
      _ = try RenderCommand.parseAsRoot(["--experimental-dump-help"])
      text = ""
    } catch {
      text = RenderCommand.fullMessage(for: error)
    }
    return try ToolInfo(json: text)
  }

  /// Reads the version 0 description.
  init(json text: String) throws {
    var diagnostics = Diagnostics()
    guard let document = JSONParser.parse(Array(text.utf8), file: "(dump-help)", diagnostics: &diagnostics) else {
      throw UnreadableDescription(reason: diagnostics.all.first.map(\.description) ?? "not JSON")
    }
    let root = Node(document.value(document.root))
    guard root["serializationVersion"].number == 0 else {
      throw UnreadableDescription(reason: "serialization version \(root["serializationVersion"].number ?? -1)")
    }
    command = try Self.command(root["command"])
  }

  private static func command(_ node: Node) throws -> Command {
    guard let name = node["commandName"].string else { throw UnreadableDescription(reason: "a command without a name") }
    return Command(
      name: name, abstract: node["abstract"].string ?? "", discussion: node["discussion"].string ?? "",
      isShown: node["shouldDisplay"].bool ?? true, arguments: try node["arguments"].elements.map(argument),
      subcommands: try node["subcommands"].elements.map(command), defaultSubcommand: node["defaultSubcommand"].string)
  }

  private static func argument(_ node: Node) throws -> Argument {
    guard let kind = node["kind"].string.flatMap(Argument.Kind.init(rawValue:)) else {
      throw UnreadableDescription(reason: "an argument of an unknown kind")
    }
    let names = node["names"].elements.compactMap { name -> String? in
      guard let text = name["name"].string else { return nil }
      switch name["kind"].string {
      case "short", "longWithSingleDash": return "-" + text
      default: return "--" + text
      }
    }
    return Argument(
      kind: kind, names: names.filter { !$0.hasPrefix("--") } + names.filter { $0.hasPrefix("--") },
      valueName: node["valueName"].string ?? "", abstract: node["abstract"].string ?? "",
      discussion: node["discussion"].string ?? "", isRepeating: node["isRepeating"].bool ?? false,
      isShown: node["shouldDisplay"].bool ?? true, defaultValue: node["defaultValue"].string,
      allValues: node["allValues"].elements.compactMap(\.string))
  }

  /// A JSON value, looked into by key; a missing member reads as `null`.
  private struct Node {
    var value: JSONValue.Kind

    init(_ value: JSONValue) { self.value = value.kind }
    init(kind: JSONValue.Kind) { value = kind }

    subscript(key: String) -> Node {
      guard case .object(let members) = value, let member = members.last(where: { $0.key == key }) else {
        return Node(kind: .null)
      }
      return Node(member.value)
    }

    var elements: [Node] {
      guard case .array(let elements) = value else { return [] }
      return elements.map(Node.init)
    }

    var string: String? {
      guard case .string(let text) = value else { return nil }
      return text
    }

    var number: Double? {
      guard case .number(let number) = value else { return nil }
      return number
    }

    var bool: Bool? {
      guard case .bool(let bool) = value else { return nil }
      return bool
    }
  }
}
