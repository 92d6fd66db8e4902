import Foundation
import HapticRender

/// A pattern of events and controls, checked as Core Haptics checks it.
///
/// Built in code, from an AHAP dictionary or from a file; ``exportDictionary()`` gives the AHAP
/// back, and ``render(to:options:)`` writes its audio.
public final class CHHapticPattern {
  /// The pattern in the renderer's terms, with its decoded waveforms.
  public let loaded: LoadedPattern
  /// The pattern in the renderer's terms.
  public var pattern: Pattern { loaded.pattern }

  public init(events: [CHHapticEvent], parameters: [CHHapticDynamicParameter]) throws {
    let built = Pattern(
      version: 1, events: try events.map { try $0.model() },
      parameters: try parameters.map { try $0.model(at: $0.relativeTime) })
    loaded = try Self.read(built.ahapDocument(), file: "CHHapticPattern")
  }

  public init(events: [CHHapticEvent], parameterCurves: [CHHapticParameterCurve]) throws {
    let built = Pattern(
      version: 1, events: try events.map { try $0.model() },
      curves: try parameterCurves.map { try $0.model(at: $0.relativeTime) })
    loaded = try Self.read(built.ahapDocument(), file: "CHHapticPattern")
  }

  /// A pattern from an AHAP dictionary: keys ``Key`` or `String`; values strings (or the event
  /// type and parameter ID types), numbers, Booleans, arrays and dictionaries.
  public init(dictionary: [Key: Any]) throws {
    loaded = try Self.read(try AHAPDocument.value(of: dictionary), file: "dictionary")
  }

  /// A pattern from an AHAP file; relative waveform paths are looked up beside it.
  public init(contentsOf url: URL) throws {
    var diagnostics = Diagnostics()
    let read: LoadedPattern?
    do {
      read = try PatternLoader().load(path: url.path, diagnostics: &diagnostics)
    } catch {
      throw CHHapticError(.fileNotFound, "\(error)")
    }
    guard let read else { throw Self.error(diagnostics) }
    loaded = read
  }

  /// A pattern from the bytes of an AHAP file, for `CHHapticEngine.playPattern(from: Data)`;
  /// relative waveform paths are looked up in the current folder.
  init(data: Data) throws {
    loaded = try Self.read(Array(data), file: "data")
  }

  /// A pattern the renderer already holds (a preset, a session).
  public init(_ pattern: some RenderablePattern) {
    loaded = pattern.loadedPattern
  }

  /// The AHAP dictionary of the pattern; ``init(dictionary:)`` reads it back.
  public func exportDictionary() throws -> [Key: Any] {
    AHAPDocument.dictionary(of: pattern.ahapDocument())
  }

  /// Apple's duration, in seconds: the latest event's `Time` plus its `EventDuration`, or the
  /// latest control's time, whichever is later; no release tails (the render adds them;
  /// docs/signal-model.md §5.2).
  public var duration: TimeInterval {
    pattern.duration
  }

  /// Writes the pattern's audio; the format comes from the file's extension.
  public func render(to url: URL, options: RenderOptions = RenderOptions()) throws {
    try Render.toFile(loaded, options: options, destination: .file(url.path), format: AudioFileFormat(path: url.path))
  }

  /// Reads `document` (built in code too: Core Haptics checks those as it checks files) as the
  /// renderer reads a file;
  /// waveforms of `AudioCustom` events are decoded.
  private static func read(_ document: JSONValue, file: String) throws -> LoadedPattern {
    try read(Array(document.text().utf8), file: file)
  }

  /// Reads AHAP text.
  private static func read(_ text: [UInt8], file: String) throws -> LoadedPattern {
    var diagnostics = Diagnostics()
    guard let parsed = Pattern.parse(text, file: file, diagnostics: &diagnostics),
      let loaded = PatternLoader().loadWaveforms(of: parsed, patternPath: file, diagnostics: &diagnostics)
    else { throw error(diagnostics) }
    return loaded
  }

  private static func error(_ diagnostics: Diagnostics) -> CHHapticError {
    let errors = diagnostics.all.filter { $0.severity == .error }
    return CHHapticError(.invalidPatternData, errors.map { "\($0.path): \($0.message)" }.joined(separator: "\n"))
  }
}

extension CHHapticPattern {
  /// A key of an AHAP dictionary; raw values are the AHAP spellings.
  public struct Key: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let version = Key("Version")
    public static let pattern = Key("Pattern")
    public static let event = Key("Event")
    public static let eventType = Key("EventType")
    public static let time = Key("Time")
    public static let eventDuration = Key("EventDuration")
    public static let eventParameters = Key("EventParameters")
    public static let eventWaveformPath = Key("EventWaveformPath")
    public static let eventWaveformUseVolumeEnvelope = Key("EventWaveformUseVolumeEnvelope")
    public static let eventWaveformLoopEnabled = Key("EventWaveformLoopEnabled")
    public static let parameter = Key("Parameter")
    public static let parameterID = Key("ParameterID")
    public static let parameterValue = Key("ParameterValue")
    public static let parameterCurve = Key("ParameterCurve")
    public static let parameterCurveControlPoints = Key("ParameterCurveControlPoints")
  }
}
