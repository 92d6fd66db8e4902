import ArgumentParser
import HapticRender
import HapticSupport
import RenderCommandSupport

@main
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Render Apple haptic patterns (AHAP files) to audio files.",
    usage: """
      render <input.ahap> -o <file> [<options>]
      render <subcommand> [<options>]
      """,
    discussion: """
      Haptic events become a vibration signal (65 to 300 Hz carrier by sharpness, amplitude by \
      intensity squared); the result is written as WAV, FLAC, AIFF, CAF, Ogg, Opus or MP3.

      Examples:
        render breath.ahap -o breath.wav
        render breath.ahap -o breath.flac --rate 8000 --bits 16
        render taps.ahap -o - --type wav | sox -t wav - -n stat
        render patterns/ --out-dir out -t flac
        render preset notification.success -o success.wav
        render breath 4-7-8 -o breath.ahap --cycles 4 --cues
        render compare golden/breath.flac breath.ahap
        render lint patterns/
        render plot breath.ahap -o breath.svg
        render android breath.ahap -o breath.json
      """,
    version: PackageVersion.current,
    subcommands: [
      Convert.self, PresetCommand.self, Breath.self, AndroidCommand.self, Compare.self, Check.self, Lint.self,
      Info.self, Plot.self, Preview.self, Serve.self, RealTimePlaybackCommand.self,
      GenerateManual.self,
    ],
    defaultSubcommand: Convert.self
  )

  /// Every message of the tool starts so; located diagnostics start with `FILE:LINE:COL:`.
  /// (swift-argument-parser has no public way to set the prefix of the messages it prints.)
  static var _errorPrefix: String { "render: error: " }

  /// Runs the command; `render --help` also prints the default command's options, since
  /// `render INPUT -o OUTPUT` is what most users type.
  static func main() {
    AllocatorTuning.holdMappingThreshold()
    let handlers = SignalHandling.install()
    defer { withExtendedLifetime(handlers) {} }
    if let message = ArgumentBytes.undecodableArgumentMessage() {
      StandardError.write("render: error: \(message)\n")
      exit(withError: ExitCode.validationFailure)
    }
    var arguments = Breath.expandingBareCues(Array(CommandLine.arguments.dropFirst()))
    if arguments == ["--help"] || arguments == ["-h"] {
      print(helpMessage())
      print("")
      print(helpMessage(for: Convert.self))
      return
    }
    if arguments.isEmpty {
      // The missing input and the default command's usage, rather than every subcommand's.
      arguments = [Convert.commandName]
    }
    do {
      if let shell = requestedCompletionShell(arguments) {
        print(try CompletionScript.text(for: shell), terminator: "")
        return
      }
      if let word = arguments.first, let meant = Suggestion.subcommand(misspeltAs: word) {
        throw ValidationError("unknown subcommand '\(word)'; did you mean '\(meant)'?")
      }
      var command = try CommandParsing.parse(arguments)
      try command.run()
    } catch {
      if let message = Suggestion.unknownOptionMessage(for: error, arguments: arguments) {
        StandardError.write(message + "\n")
        exit(withError: exitCode(for: error))
      }
      exit(withError: error)
    }
  }

  /// The names of the subcommands that the help lists.
  static var shownSubcommandNames: [String] {
    configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { $0.commandName }
  }

  /// The shell of `--generate-completion-script SHELL` (or `=SHELL`), when that is the request.
  private static func requestedCompletionShell(_ arguments: [String]) -> CompletionShell? {
    guard let first = arguments.first, first.hasPrefix("--generate-completion-script") else { return nil }
    let value =
      first.split(separator: "=", maxSplits: 1).dropFirst().first.map(String.init) ?? arguments.dropFirst().first
    return value.flatMap(CompletionShell.init(rawValue:))
  }
}

extension ParsableCommand {
  /// The name the command is typed as: every command of the tool names itself in its
  /// configuration.
  static var commandName: String {
    configuration.commandName ?? String(describing: self).lowercased()
  }
}
