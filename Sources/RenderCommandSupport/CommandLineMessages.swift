import HapticFiles
import HapticModel
import HapticPipeline
import HapticReader
import HapticSynthesis

/// The library's errors and diagnostics in the words of the command line, as `render` and
/// `render-serve` print them: the library's message with the flag that sets the value and what
/// to change. The one place that knows which flag sets which option; the library's own messages
/// name none.
package enum CommandLineMessages {
  /// `error` as the tool words it.
  package static func text(for error: any Error) -> String {
    switch error {
    case let error as RenderError: text(for: error)
    case let error as EncodingError: text(for: error)
    case let failure as PatternFailure: text(for: failure)
    case let error as FileSystemError: text(for: error)
    case let error as PatternSearchError: text(for: error)
    default: "\(error)"
    }
  }

  /// `gain (--gain) 70 dB is outside -120…60 dB`, `the output would last 5000 s, longer than
  /// the 3600 s limit; raise --max-duration`.
  package static func text(for error: RenderError) -> String {
    switch error {
    case .optionOutOfRange(let setting, let value, let range):
      RenderError.outOfRange(
        setting, named: flag(for: setting).map { "\(setting) (\($0))" } ?? setting.description, value: value,
        range: range)
    case .resonanceAboveNyquist(let frequency, _), .carrierAboveNyquist(let frequency, _):
      // Rounded down to a tenth of a hertz: every whole rate above it is above the frequency's.
      "\(error); raise --rate above \(((2 * frequency * 10).rounded(.down) / 10).formatted)"
    case .peakOverflow(let peak): "the output peaks at \(peak.formatted) (above full scale) and --peak error was given"
    case .durationLimitExceeded, .soundLimitExceeded: "\(error); raise --max-duration"
    case .missingActuator, .missingWaveform, .driveNotFinite, .driveOffset: error.description
    }
  }

  /// `mp3 cannot carry Android's haptic tag; use -t ogg or opus, or wav for the channels alone`,
  /// `ogg (Vorbis) supports at most 200000 Hz, not 384000 Hz; use a lower --rate or another type`.
  package static func text(for error: EncodingError) -> String {
    switch error {
    case .androidTagUnsupported(let container):
      "\(container.rawValue) cannot carry Android's haptic tag; use -t ogg or opus, or wav for the channels alone"
    case .unknownExtension: "\(error) or --type"
    case .vorbisRateUnsupported(let sampleRate):
      "\(EncodingError.vorbisLimit(sampleRate)); use a lower --rate or another type"
    case .unsupportedFormat, .cannotOpen, .ioFailed, .cannotOpenFile, .fileSystemFailed: error.description
    }
  }

  /// `'set/evil.ahap': is a link to a file outside 'set', which --sandbox refuses`.
  package static func text(for error: FileSystemError) -> String {
    switch error {
    case .linkOutside(let path, let folder):
      "'\(path)': is a link to a file outside '\(folder)', which --sandbox refuses"
    case .failed, .systemCall, .missing, .tooLarge: error.description
    }
  }

  /// Why a list of files and folders gives nothing to work on; one line for each collision.
  package static func text(for error: PatternSearchError) -> String {
    switch error {
    case .unreadable(let error): text(for: error)
    case .collisions: error.description
    }
  }

  /// The failure of one file of a batch, a check or a preview.
  package static func text(for failure: PatternFailure) -> String {
    switch failure {
    case .render(let error): text(for: error)
    case .encoding(let error): text(for: error)
    case .other(let error): text(for: error)
    case .unreadable(.tooLarge): "\(failure); raise --max-pattern-size"
    case .unreadable, .invalid, .fileSystem: failure.description
    }
  }

  /// The flag that sets `setting`, or `nil` for a value only the library or a file sets.
  package static func flag(for setting: RenderOptions.Setting) -> String? {
    switch setting {
    case .sampleRate: "--rate"
    case .blockSize: "--block-size"
    case .intensityScale: "--intensity-scale"
    case .gain: "--gain"
    case .tail: "--tail"
    case .maximumDuration: "--max-duration"
    case .actuatorResonanceTolerance: "--resonance-tolerance"
    case .ceiling, .actuatorResonance, .actuatorQualityFactor, .actuatorRatedDrive, .actuatorGPerUnit, .actuatorCeiling,
      .actuatorBandEdge:
      nil
    }
  }

  /// `diagnostic` as the tool prints it: an audio file read as a pattern
  /// (``DiagnosticCode/audioFile``) is pointed to the commands that read audio.
  package static func worded(_ diagnostic: Diagnostic) -> Diagnostic {
    guard diagnostic.code == .audioFile else { return diagnostic }
    var worded = diagnostic
    worded.message += "; to inspect audio use `render info`, to compare two files `render compare`"
    return worded
  }

  /// The line of `diagnostic` as the tool prints it (``worded(_:)``).
  package static func line(for diagnostic: Diagnostic) -> String {
    worded(diagnostic).description
  }

  /// An actuator's drive that its check refuses (``RenderError/driveOffset(mean:seconds:)``,
  /// ``RenderError/driveNotFinite(seconds:)``), located at the actuator file `actuator` was
  /// read from: `vca.json:1:1: error: (document): the actuator's drive holds …`; `nil` for
  /// another error or a built-in actuator.
  package static func located(_ error: any Error, actuator: ActuatorRendering?) -> String? {
    guard let error = error as? RenderError, let actuator, ActuatorModel.named(actuator.name) == nil else { return nil }
    switch error {
    case .driveOffset, .driveNotFinite: return "\(actuator.name):1:1: error: (document): \(text(for: error))"
    default: return nil
    }
  }
}
