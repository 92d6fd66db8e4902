import ArgumentParser
import HapticRender
import HapticSupport
import RenderCommandSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// "Did you mean" for a misspelled subcommand or option.
enum Suggestion {
  /// The subcommand that `word`, the first argument, most likely meant: `nil` unless `word` is
  /// no subcommand, no option, no existing file or folder, does not look like a path, and is
  /// close to a subcommand's name. (Otherwise the default command would take it as its input.)
  static func subcommand(misspeltAs word: String) -> String? {
    let names = RenderCommand.shownSubcommandNames
    guard !word.hasPrefix("-"), !word.contains("/"), !word.contains("."), !names.contains(word), word != "help" else {
      return nil
    }
    var status = stat()
    guard stat(word, &status) != 0 else { return nil }
    return NameSuggestion.closest(to: word, among: names + ["help"])
  }

  /// The usage error for `name`, neither a built-in `kind` nor (when `file` says what one is) a
  /// file: what to give instead, and the built-in name it most likely meant.
  static func unknownName(
    _ name: String, kind: String, builtIn names: [String], orFile file: String? = nil
  ) -> ValidationError {
    let choices = names.count == 1 ? names[0] : "one of \(names.joined(separator: ", "))"
    let meant = NameSuggestion.closest(to: name, among: names).map { "; did you mean '\($0)'?" } ?? ""
    return ValidationError("unknown \(kind) '\(name)'; use \(choices)\(file.map { " or \($0)" } ?? "")\(meant)")
  }

  /// swift-argument-parser's message for an unknown option that it has no suggestion for, with
  /// the only option of the command whose name holds the unknown one's words (`--intensity` for
  /// `--intensity-scale`), or `nil`.
  static func unknownOptionMessage(for error: any Error, arguments: [String]) -> String? {
    let message = RenderCommand.message(for: error)
    let prefix = "Unknown option '--"
    guard message.hasPrefix(prefix), message.hasSuffix("'"), message.count > prefix.count + 1,
      let command = try? ToolInfo.current().command.subcommand(for: arguments)
    else { return nil }
    let unknown = String(message.dropFirst(prefix.count - 2).dropLast())
    let names = command.arguments.filter { $0.isShown && $0.kind != .positional }.flatMap(\.names)
    guard let meant = OptionSuggestion.option(misspeltAs: unknown, among: names) else { return nil }
    return RenderCommand.fullMessage(for: error).replacing(
      message, with: "\(message). Did you mean '\(meant)'?", maxReplacements: 1)
  }
}
