import ArgumentParser
import HapticRender
import RenderCommandSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the audio goes and how it is encoded.
struct OutputOptionGroup: ParsableArguments {
  @Option(
    name: [.customShort("o"), .long],
    help: ArgumentHelp("The audio file to write, or - for standard output (one input).", valueName: "file"),
    completion: .file())
  var output: String?

  @Option(
    name: [.customShort("t"), .long], help: "File type (default: from the output's extension; wav with --out-dir or -)."
  )
  var type: AudioFileFormat.Container?

  @Option(
    name: [.customShort("b"), .long], help: "Sample encoding of PCM formats (default: 24; lossy formats take none).")
  var bits: AudioFileFormat.SampleEncoding?

  /// Checks that exactly one of `-o` and the folder's `--out-dir` is given (`-o` when the
  /// command has no folder) and that the format is known; with `acceptingPatterns`,
  /// `-o FILE.ahap` is accepted too (see ``writesPattern``). Audio is never written to a
  /// terminal. Called by the commands' `checkOptions()`: `render preset --list` needs no output.
  func check(acceptingPatterns: Bool = false, folder: OutputFolderOptionGroup? = nil) throws {
    switch (output, folder?.outDir) {
    case (nil, nil):
      throw ValidationError(folder == nil ? "give -o FILE" : "give -o FILE for one input, or --out-dir DIR")
    case (.some, .some): throw ValidationError("give either -o or --out-dir, not both")
    default: if !(acceptingPatterns && writesPattern) { _ = try format(sampleRate: nil) }
    }
    if output == "-", isatty(STDOUT_FILENO) != 0 {
      throw ValidationError(
        "standard output is a terminal; redirect it (-o - > out.wav) or pipe it (-o - | sox -t wav - -d)")
    }
  }

  /// `true` when `-o` names an AHAP file, which receives the pattern instead of its audio.
  var writesPattern: Bool {
    output.map(PatternFiles.isPattern) ?? false
  }

  /// The format asked for, checked against the rate when one is given.
  func format(sampleRate: Int?) throws -> AudioFileFormat {
    do {
      let format: AudioFileFormat
      if let type {
        format = try AudioFileFormat(type, encoding: bits)
      } else if let output, output != "-" {
        format = try AudioFileFormat(path: output, encoding: bits)
      } else {
        format = try AudioFileFormat(.wav, encoding: bits)
      }
      if let sampleRate { try format.check(sampleRate: sampleRate) }
      return format
    } catch {
      throw ValidationError(CommandLineMessages.text(for: error))
    }
  }

  /// The single-file destination (`-o`).
  var destination: AudioFileWriter.Destination? {
    output.map { $0 == "-" ? .standardOutput : .file($0) }
  }

  /// Renders `pattern` to the `-o` destination and prints the report.
  ///
  /// - Throws: `ExitCode.failure` after printing why the render or the write failed.
  func write(_ pattern: some RenderablePattern, options: RenderOptions, format: AudioFileFormat, console: Console)
    throws
  {
    guard let destination else { return }
    do {
      let report = try Render.toFile(pattern, options: options, destination: destination, format: format)
      console.report(report, output: output ?? "-", format: format)
    } catch {
      console.error(error, actuator: options.actuator)
      throw ExitCode.failure
    }
  }
}
