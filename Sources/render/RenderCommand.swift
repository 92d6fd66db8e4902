import ArgumentParser

@main
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Render Apple haptic patterns (AHAP files) to audio files.",
    discussion: """
      Haptic events become a vibration signal (65–300 Hz carrier by sharpness, amplitude by \
      intensity²); the result is written as WAV, FLAC, AIFF, CAF, Ogg, Opus or MP3.

      Examples:
        render breath.ahap -o breath.wav
        render breath.ahap -o breath.flac --rate 8000 --bits 16
        render taps.ahap -o - --type wav | sox -t wav - -n stat
        render patterns/ --out-dir out -t flac
        render preset notification.success -o success.wav
        render compare golden/breath.flac breath.ahap
        render lint patterns/
        render plot breath.ahap -o breath.svg
      """,
    subcommands: [Convert.self, PresetCommand.self, Compare.self, Check.self, Lint.self, Info.self, Plot.self],
    defaultSubcommand: Convert.self
  )

  /// Runs the command; `render --help` also prints the default command's options, since
  /// `render INPUT -o OUTPUT` is what most users type.
  static func main() {
    let handlers = SignalHandling.install()
    defer { withExtendedLifetime(handlers) {} }
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments == ["--help"] || arguments == ["-h"] {
      print(helpMessage())
      print("")
      print(helpMessage(for: Convert.self))
      return
    }
    main(nil)
  }
}
