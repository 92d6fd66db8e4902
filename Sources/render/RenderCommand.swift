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
      """,
    subcommands: [Convert.self],
    defaultSubcommand: Convert.self
  )
}
