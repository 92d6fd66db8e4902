import ArgumentParser
import HapticRender
import RenderCommandSupport

/// How patterns are read: shared by every subcommand that reads AHAP files.
struct InputOptionGroup: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "A folder where EventWaveformPath files are looked up, after the pattern's own folder (repeatable).",
      valueName: "dir"), completion: .directory)
  var resources: [String] = []

  @Flag(help: "Treat every warning as an error: the input files' and the options'.")
  var strict = false

  @Flag(
    help:
      "For untrusted patterns: accept EventWaveformPath files only inside the pattern's folder and the --resources folders."
  )
  var sandbox = false

  @Option(
    help: ArgumentHelp("Refuse AHAP files larger than this many MiB (1 to 65536).", valueName: "MiB"),
    transform: mebibytes)
  var maxPatternSize = InputLimits().patternBytes >> 20

  @Option(
    help: ArgumentHelp(
      "Refuse patterns whose decoded waveform files need more than this many MiB (1 to 65536).", valueName: "MiB"),
    transform: mebibytes)
  var maxWaveformMemory = InputLimits().waveformBytes >> 20

  /// Warns about each `--resources` value that names no folder: nothing would ever be found
  /// there, and a mistyped folder would otherwise go unnoticed. With `--strict`, fails.
  func warnAboutResources(console: Console) throws {
    for folder in resources where !PatternFiles.isFolder(folder) {
      try console.warning("--resources '\(folder)' is not a folder; no waveform is looked up there", strict: strict)
    }
  }

  /// The library's loader for these options.
  var loader: PatternLoader {
    var limits = InputLimits()
    limits.patternBytes = maxPatternSize << 20
    limits.waveformBytes = maxWaveformMemory << 20
    return PatternLoader(resourceFolders: resources, isSandboxed: sandbox, limits: limits)
  }
}

/// A whole number of MiB within ``InputLimits/mebibytes``.
private func mebibytes(_ text: String) throws -> Int {
  guard let value = Int(text), InputLimits.mebibytes.contains(value) else {
    throw ValidationError(
      "expected a whole number of MiB within \(InputLimits.mebibytes.lowerBound)...\(InputLimits.mebibytes.upperBound), found '\(text)'"
    )
  }
  return value
}
