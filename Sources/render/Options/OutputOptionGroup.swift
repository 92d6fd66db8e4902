import ArgumentParser
import HapticRender

/// Where the audio goes and how it is encoded.
struct OutputOptionGroup: ParsableArguments {
  @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The audio file to write, or - for standard output.", valueName: "file"))
  var output: String

  @Option(name: [.customShort("t"), .long], help: "File type (default: from the output's extension).")
  var type: AudioFileFormat.Container?

  @Option(name: [.customShort("b"), .long], help: "Sample encoding of PCM formats (default: 24; lossy formats take none).")
  var bits: AudioFileFormat.SampleEncoding?

  func validate() throws {
    _ = try format(sampleRate: nil)
  }

  /// The format asked for, checked against the rate when one is given.
  func format(sampleRate: Int?) throws -> AudioFileFormat {
    do {
      let format: AudioFileFormat
      if let type {
        format = try AudioFileFormat(type, encoding: bits)
      } else if output == "-" {
        format = try AudioFileFormat(.wav, encoding: bits)
      } else {
        format = try AudioFileFormat(path: output, encoding: bits)
      }
      if let sampleRate { try format.check(sampleRate: sampleRate) }
      return format
    } catch {
      throw ValidationError("\(error)")
    }
  }

  var destination: AudioFileWriter.Destination {
    output == "-" ? .standardOutput : .file(output)
  }
}
