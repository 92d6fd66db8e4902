import Foundation
import HapticRender

/// A pattern of events and controls, checked as Core Haptics checks it. Open, as Apple's is.
///
/// Built in code, from an AHAP dictionary or from a file; ``exportDictionary()`` gives the AHAP
/// back, ``render(to:options:)`` writes its audio and ``write(to:)`` its AHAP file.
///
/// A relative `EventWaveformPath` is looked up in the pattern's folder (a file's; the working
/// directory for a dictionary or data), then in `Bundle.main`'s resources, where an app keeps
/// its waveforms, then in each of ``OfflineHaptics/resourceFolders``.
open class CHHapticPattern {
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
  /// type and parameter ID types), numbers, Booleans, arrays and dictionaries, as written in code
  /// or read by `JSONSerialization`.
  public init(dictionary: [Key: Any]) throws {
    loaded = try Self.read(try AHAPDocument.value(of: dictionary), file: "dictionary")
  }

  /// A pattern from an AHAP file; relative waveform paths are looked up beside it first.
  public init(contentsOf url: URL) throws {
    var diagnostics = Diagnostics()
    let read: LoadedPattern?
    do {
      read = try Self.loader.load(path: url.path, diagnostics: &diagnostics)
    } catch {
      throw CHHapticError(.fileNotFound, "\(error)")
    }
    guard let read else { throw Self.error(diagnostics) }
    loaded = read
  }

  /// A pattern from the bytes of an AHAP file, for `CHHapticEngine.playPattern(from: Data)`;
  /// relative waveform paths are looked up in the current folder first.
  init(data: Data) throws {
    loaded = try Self.read(Array(data), file: "data")
  }

  /// A pattern the renderer already holds (a preset, a session).
  public init(_ pattern: some RenderablePattern) {
    loaded = pattern.loadedPattern
  }

  /// The AHAP dictionary of the pattern, nested dictionaries and arrays as `JSONSerialization`
  /// writes them; ``init(dictionary:)`` reads it back.
  open func exportDictionary() throws -> [Key: Any] {
    AHAPDocument.dictionary(of: pattern.ahapDocument())
  }

  /// Apple's duration, in seconds: "the start time of the pattern's last event or parameter,
  /// plus that event's duration", i.e. the latest event's `Time` plus its `EventDuration` or the
  /// latest control's `Time` (a curve's start; its later points do not count), whichever is
  /// later; no release tails (the render adds them; docs/signal-model.md §5.2).
  open var duration: TimeInterval {
    pattern.duration
  }

  /// Writes the pattern as an AHAP file at `url`, which ``init(contentsOf:)``, `render`,
  /// `render lint`, `render plot` and `render preview` read: a pattern built in code can be
  /// looked at as a file. Elements are in time order (controls keep their order among
  /// themselves); waveforms are named by the paths they were found at. An addition of
  /// `OfflineCoreHaptics`: Core Haptics has no such method.
  ///
  /// - Throws: ``CHHapticError/Code/operationNotPermitted`` when the file cannot be written.
  public func write(to url: URL) throws {
    do {
      try Data((AHAPDocument.file(of: pattern).text() + "\n").utf8).write(to: url, options: .atomic)
    } catch {
      throw CHHapticError(.operationNotPermitted, "cannot write '\(url.path)': \(error.localizedDescription)")
    }
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
      let loaded = loader.loadWaveforms(of: parsed, patternPath: file, diagnostics: &diagnostics)
    else { throw error(diagnostics) }
    return loaded
  }

  /// The loader of patterns and their waveforms, with the folders waveforms are looked up in.
  private static var loader: PatternLoader {
    PatternLoader(resourceFolders: OfflineHaptics.waveformFolders)
  }

  private static func error(_ diagnostics: Diagnostics) -> CHHapticError {
    let errors = diagnostics.all.filter { $0.severity == .error }
    return CHHapticError(.invalidPatternData, errors.map { "\($0.path): \($0.message)" }.joined(separator: "\n"))
  }
}

extension CHHapticPattern {
  /// A key of an AHAP dictionary: Core Haptics' `CHHapticPattern.Key` (`.version`, `.pattern`,
  /// `.event`, …, `Key(rawValue:)` and `rawValue`), with `AnyHashable` underneath.
  ///
  /// On Apple platforms the key is a string bridged to Objective-C, so `[CHHapticPattern.Key: Any]`
  /// and `[String: Any]` cast into each other and `JSONSerialization` reads and writes it. Without
  /// Objective-C, Swift casts no `String` to a struct of another type; with keys that are
  /// `AnyHashable`s of `String`s, `JSONSerialization.jsonObject(with:) as? [CHHapticPattern.Key: Any]`
  /// succeeds and `JSONSerialization.data(withJSONObject: pattern.exportDictionary())` writes it,
  /// nested dictionaries and arrays included, as on Apple platforms.
  public typealias Key = AnyHashable
}
