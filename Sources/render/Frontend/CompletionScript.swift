import ArgumentParser

/// The shell completion scripts of `render`: swift-argument-parser's, changed so that a command
/// line whose first word is not a subcommand completes as `render convert`, the default
/// subcommand (the generator completes a default subcommand only when it is typed).
enum CompletionScript {
  /// A part of the generated script that the change relies on is missing.
  struct MissingAnchor: Error, CustomStringConvertible {
    var shell: String
    var description: String { "cannot adapt swift-argument-parser's \(shell) completion script" }
  }

  /// The script for `shell`.
  static func text(for shell: CompletionShell) throws -> String {
    let generated = RenderCommand.completionScript(for: shell)
    let names = RenderCommand.shownSubcommandNames + ["help"]
    switch shell {
    case .bash: return try bash(generated, names: names)
    case .zsh: return try zsh(generated, names: names)
    case .fish: return try fish(generated, names: names)
    default: return generated
    }
  }

  private static func bash(_ script: String, names: [String]) throws -> String {
    let list = names.joined(separator: " ")
    return try replacing(
      """
          *)
              # Offer subcommand completions
              COMPREPLY+=($(compgen -W '\(list)' -- "${cur}"))
              ;;
      """,
      with: """
            *)
                # Offer subcommand completions on the first word, and those of convert, the default
                [[ "${COMP_CWORD}" -eq 1 ]] && COMPREPLY+=($(compgen -W '\(list)' -- "${cur}"))
                unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")
                _render_convert
                ;;
        """, in: script, shell: "bash")
  }

  private static func zsh(_ script: String, names: [String]) throws -> String {
    let pattern = names.joined(separator: "|")
    let shifted = try replacing(
      """
          local -r command_name="${words[1]}"
      """,
      with: """
            # A first word that is no subcommand starts the arguments of convert, the default
            if (( CURRENT > 2 )) && [[ "${words[2]}" != (\(pattern)) ]]; then
                words=("${words[1]}" convert "${(@)words[2,-1]}")
                (( CURRENT++ ))
            fi
            local -r command_name="${words[1]}"
        """, in: script, shell: "zsh")
    return try replacing(
      """
              _describe -V subcommand subcommands && ret=0
      """,
      with: """
                _describe -V subcommand subcommands && ret=0
                _render_convert && ret=0
        """, in: shifted, shell: "zsh")
  }

  private static func fish(_ script: String, names: [String]) throws -> String {
    let inserted = try replacing(
      """
          set -l unparsed_tokens (__render_tokens -pc)
      """,
      with: """
            set -l unparsed_tokens (__render_tokens -pc)
            # A first word that is no subcommand starts the arguments of convert, the default
            if test (count $unparsed_tokens) -ge 2; and not contains -- $unparsed_tokens[2] \(names.joined(separator: " "))
                set unparsed_tokens $unparsed_tokens[1] convert $unparsed_tokens[2..]
            end
        """, in: script, shell: "fish")
    // The first word also completes as convert's first input.
    let inputs = try require(
      inserted.split(separator: "\n").first {
        $0.hasPrefix(
          "complete -c 'render' -n '__render_should_offer_completions_for_positional \"render convert\" -ge 1'")
      }, shell: "fish")
    let firstWord = inputs.replacing("\"render convert\" -ge 1", with: "\"render\" -eq 1")
    return (inserted.hasSuffix("\n") ? inserted : inserted + "\n") + firstWord + "\n"
  }

  private static func replacing(_ anchor: String, with replacement: String, in script: String, shell: String) throws
    -> String
  {
    guard script.contains(anchor) else { throw MissingAnchor(shell: shell) }
    return script.replacing(anchor, with: replacement, maxReplacements: 1)
  }

  private static func require<T>(_ value: T?, shell: String) throws -> T {
    guard let value else { throw MissingAnchor(shell: shell) }
    return value
  }
}
