import HapticFiles
import HapticModel
import HapticPipeline
import HapticReader
import HapticSupport
import HapticSynthesis

/// Device-compatibility checks beyond the reader's: things that load but will not behave on
/// an iPhone as the pattern's author likely meant.
public enum PatternLinter {
  /// Silence before an event, in seconds, above which the event is flagged.
  public static let longSilence = 10.0
  /// Waveform file extensions Apple's Core Haptics Unity plug-in accepts for an `AudioCustom`
  /// event (`CHHapticAudioCustomEvent.SupportedAudioExtensions`); it warns about any other.
  /// Apple documents no formats for AHAP waveforms.
  public static let deviceAudioExtensions: Set<String> = [
    "aac", "adts", "ac3", "aif", "aifc", "aiff", "caf", "mp3", "mp4", "m4a", "snd", "au", "sd2", "wav",
  ]

  /// Everything `render lint` reports for the AHAP file at `path`: the reader's diagnostics,
  /// then (when it loads) the device checks of ``lint(_:file:diagnostics:)``, in file order.
  /// A file that cannot be read (`DiagnosticCode.unreadableFile`), or a pattern beyond what a
  /// render may hold (`DiagnosticCode.renderLimit`), is an error at its first line.
  ///
  /// - Parameters:
  ///   - path: The AHAP file.
  ///   - loader: Reads the file and its waveforms, as a render would.
  ///   - treatsWarningsAsErrors: Record every warning as an error (`--strict`).
  ///   - ignoring: Codes of warnings that are neither reported nor counted.
  ///   - wording: The message of a render's error; by default its description.
  public static func check(
    path: String, loader: PatternLoader, treatsWarningsAsErrors: Bool = false, ignoring: Set<DiagnosticCode> = [],
    wording: (RenderError) -> String = \.description
  ) -> Diagnostics {
    var diagnostics = Diagnostics(treatsWarningsAsErrors: treatsWarningsAsErrors, ignoring: ignoring)
    let start = SourceLocation(file: path, line: 1, column: 1)
    do {
      guard let pattern = try loader.load(path: path, diagnostics: &diagnostics) else { return diagnostics }
      lint(try PatternAnalysis(pattern), file: path, diagnostics: &diagnostics)
      diagnostics.sortByLocation()
    } catch let error as RenderError {
      diagnostics.report(.renderLimit, at: start, JSONPath(), wording(error))
    } catch {
      diagnostics.report(.unreadableFile, at: start, JSONPath(), "\(error)")
    }
    return diagnostics
  }

  /// Adds a warning to `diagnostics` for each finding; `file` names the pattern.
  public static func lint(_ analysis: PatternAnalysis, file: String, diagnostics: inout Diagnostics) {
    let pattern = analysis.pattern
    func warn(_ code: DiagnosticCode, _ position: TextPosition, _ path: JSONPath, _ message: String) {
      diagnostics.report(code, at: position.location(in: file), path, message)
    }

    if !pattern.events.contains(where: { $0.type == .hapticContinuous }) {
      for parameter in pattern.parameters where parameter.id == .hapticSharpnessControl {
        warn(
          .noEffect, parameter.position, parameter.path,
          "HapticSharpnessControl has no effect here: the pattern has no HapticContinuous event, and transients keep their own sharpness"
        )
      }
      for curve in pattern.curves where curve.id == .hapticSharpnessControl {
        warn(
          .noEffect, curve.position, curve.path,
          "HapticSharpnessControl has no effect here: the pattern has no HapticContinuous event, and transients keep their own sharpness"
        )
      }
    }

    let continuous = pattern.events.enumerated().filter { $0.element.type == .hapticContinuous }
      .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    // Earlier events still sounding, per sharpness, in start order; each is dropped once it has
    // ended, since every later event starts later still.
    var sounding: [Double: [Event]] = [:]
    for event in continuous {
      let sharpness = event.value(of: .hapticSharpness)
      sounding[sharpness, default: []].removeAll { $0.time + $0.duration <= event.time }
      if let other = sounding[sharpness]?.first {
        warn(
          .overlappingEvents, event.position, event.path,
          "overlaps \(other.path) (\(seconds(other.time))–\(seconds(other.time + other.duration)) s) with the same sharpness \(sharpness.formatted); on a device the two merge into one vibration"
        )
      }
      sounding[sharpness, default: []].append(event)
    }

    for event in pattern.events {
      guard let waveform = event.waveform else { continue }
      let name = FileSystem.name(of: waveform.path)
      let ext = name.contains(".") ? String(name.split(separator: ".").last ?? "").lowercased() : ""
      if !deviceAudioExtensions.contains(ext) {
        warn(
          .waveformFormat, event.position, event.path.appending("EventWaveformPath"),
          "Apple documents no waveform formats for AHAP, and Apple's Core Haptics Unity plug-in warns about '\(ext.isEmpty ? name : "." + ext)' files (it accepts WAV, AIFF, CAF, M4A, MP3 and a few more); use WAV, AIFF or CAF"
        )
      }
    }

    for silenced in analysis.silencedEvents {
      let event = pattern.events[silenced.event]
      warn(
        .silencedEvent, event.position, event.path,
        "silent: \(silenced.control.rawValue) holds it at 0 (reached at \(seconds(silenced.since)) s), and controls apply to every event of the pattern; set the control back before this event"
      )
    }

    var soundEnd = 0.0
    for span in analysis.spans.sorted(by: { $0.start < $1.start }) {
      if span.start - soundEnd > longSilence {
        let event = pattern.events[span.event]
        warn(
          .longSilence, event.position, event.path,
          "starts after \(seconds(span.start - soundEnd)) s of silence; Core Haptics may have stopped an idle engine by then (check its auto-shutdown)"
        )
      }
      soundEnd = max(soundEnd, span.end)
    }
  }

  private static func seconds(_ value: Double) -> String { NumberText.fixed(value, 2) }
}
