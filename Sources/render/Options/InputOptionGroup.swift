import ArgumentParser
import HapticRender

/// How patterns are read: shared by every subcommand that reads AHAP files.
struct InputOptionGroup: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "A folder where EventWaveformPath files are looked up, after the pattern's own folder (repeatable).",
      valueName: "dir"), completion: .directory)
  var resources: [String] = []

  @Flag(help: "Treat every warning as an error.")
  var strict = false

  @Flag(
    help:
      "For untrusted patterns: accept EventWaveformPath files only inside the pattern's folder and the --resources folders."
  )
  var sandbox = false

  /// The library's loader for these options.
  var loader: PatternLoader {
    PatternLoader(resourceFolders: resources, isSandboxed: sandbox)
  }
}
