import ArgumentParser

/// A command whose combinations of options are checked once swift-argument-parser has reported
/// unknown options and values it cannot read: `--rat 8000` is then blamed on `--rat`, never on
/// its stray value.
///
/// swift-argument-parser validates a command before it looks for unknown options, so the tool
/// parses its arguments without these checks first (``CommandParsing/parse(_:)``), then runs
/// them on the parsed command; only when one fails are the arguments parsed again with them,
/// from `validate()`, where the `ValidationError` is printed by swift-argument-parser with the
/// usage of the subcommand that failed.
protocol OptionChecking: ParsableCommand {
  /// Throws `ValidationError` for values out of range or options that do not go together.
  func checkOptions() throws
}

extension OptionChecking {
  func validate() throws {
    if CommandParsing.checksOptions { try checkOptions() }
  }
}

/// How the tool parses its arguments.
enum CommandParsing {
  /// Whether the parse under way is the one that checks options.
  @TaskLocal static var checksOptions = false

  /// The command `arguments` name, parsed as ``RenderCommand`` parses it, with its options
  /// checked after everything swift-argument-parser checks itself. (A parse takes about a
  /// millisecond: the second is made only to report a check that failed.)
  static func parse(_ arguments: [String]) throws -> any ParsableCommand {
    let command = try RenderCommand.parseAsRoot(arguments)
    do {
      try (command as? any OptionChecking)?.checkOptions()
      return command
    } catch {
      // Parsed again with the checks, for swift-argument-parser to report the one that fails.
      return try $checksOptions.withValue(true) { try RenderCommand.parseAsRoot(arguments) }
    }
  }
}
