import HapticFiles
import HapticModel
import HapticReader
import HapticSynthesis

/// Reads an AHAP file into a ``LoadedPattern`` ready to render: parsed, with the waveform of every
/// `AudioCustom` event found and decoded, in one pass.
///
/// ```swift
/// var diagnostics = Diagnostics()
/// if let pattern = try PatternLoader().load(path: "breath.ahap", diagnostics: &diagnostics) {
///   try Render.toFile(pattern, destination: .file("breath.wav"), format: AudioFileFormat(path: "breath.wav"))
/// }
/// ```
///
/// Waveform files are looked up as `WaveformResolver` says and decoded once per file (by
/// device and inode), whatever the number of events, spellings or links that name it; a
/// waveform that is missing, unreadable, damaged or beyond ``InputLimits/waveformBytes`` is
/// an error at the event that names it.
public struct PatternLoader: Sendable, Codable {
  /// Folders searched for waveforms after the pattern's own folder (`--resources`).
  public var resourceFolders: [String]
  /// Refuse waveforms outside the pattern's folder and ``resourceFolders`` (`--sandbox`).
  public var isSandboxed: Bool
  /// How large a pattern file and its decoded waveforms may be.
  public var limits: InputLimits

  public init(resourceFolders: [String] = [], isSandboxed: Bool = false, limits: InputLimits = InputLimits()) {
    self.resourceFolders = resourceFolders
    self.isSandboxed = isSandboxed
    self.limits = limits
  }

  /// Reads the AHAP file at `path`; see `Pattern.parse(_:file:diagnostics:)` for the loading
  /// rules.
  ///
  /// - Returns: The pattern with its waveforms decoded, or `nil` when `diagnostics` holds an error.
  /// - Throws: `FileSystemError` when the file cannot be read or is larger than
  ///   ``InputLimits/patternBytes``.
  public func load(path: String, diagnostics: inout Diagnostics) throws(FileSystemError) -> LoadedPattern? {
    try load(FileSystem.openFile(path), diagnostics: &diagnostics)
  }

  /// Reads the AHAP file opened as `file` (checked by its opener), as ``load(path:diagnostics:)``
  /// does; its waveforms are looked up beside the path it was opened by.
  package func load(_ file: FileSystem.OpenedFile, diagnostics: inout Diagnostics) throws(FileSystemError)
    -> LoadedPattern?
  {
    let bytes = try file.readAll(limit: limits.patternBytes)
    guard let pattern = Pattern.parse(bytes, file: file.path, diagnostics: &diagnostics) else { return nil }
    return loadWaveforms(of: pattern, patternPath: file.path, diagnostics: &diagnostics)
  }

  /// One file read for a batch: the pattern, or why there is none, with its diagnostics.
  public struct Outcome: Sendable {
    public var pattern: LoadedPattern?
    public var diagnostics: [Diagnostic]
    /// Diagnostics found beyond those kept (see `Diagnostics.maximumKept`).
    public var omittedDiagnostics: Int
    /// Why the file could not be read (missing, not a regular file, larger than
    /// ``InputLimits/patternBytes``), with the system's error number when a call failed; `nil`
    /// when it was read.
    public var error: FileSystemError?
  }

  /// Reads the AHAP file at `path` as ``load(path:diagnostics:)`` does, with the diagnostics
  /// and any read error gathered for a batch's report.
  ///
  /// - Parameters:
  ///   - path: The AHAP file.
  ///   - treatsWarningsAsErrors: Refuse the pattern when it has any warning.
  public func load(path: String, treatsWarningsAsErrors: Bool) -> Outcome {
    load(treatsWarningsAsErrors: treatsWarningsAsErrors) { () throws(FileSystemError) in try FileSystem.openFile(path) }
  }

  /// Reads the AHAP file that `open` opens (and checks), as ``load(path:treatsWarningsAsErrors:)``
  /// does: what is checked is what is read.
  package func load(
    treatsWarningsAsErrors: Bool, opening open: () throws(FileSystemError) -> FileSystem.OpenedFile
  ) -> Outcome {
    var diagnostics = Diagnostics(treatsWarningsAsErrors: treatsWarningsAsErrors)
    var outcome = Outcome(pattern: nil, diagnostics: [], omittedDiagnostics: 0)
    do {
      outcome.pattern = try load(open(), diagnostics: &diagnostics)
    } catch {
      outcome.error = error
    }
    outcome.diagnostics = diagnostics.all
    outcome.omittedDiagnostics = diagnostics.omittedCount
    return outcome
  }

  /// The places each waveform of the pattern at `path` is looked for, in order, up to the
  /// first where a file is (whose identity is given): what a render of it would read. Nothing
  /// is decoded; a file that cannot be read or parsed gives none (its render reports why).
  package func waveformPlaces(patternPath path: String) -> [(places: [String], found: FileSystem.Identity?)] {
    var diagnostics = Diagnostics()
    guard let bytes = try? FileSystem.readAll(path, limit: limits.patternBytes),
      let pattern = Pattern.parse(bytes, file: path, diagnostics: &diagnostics)
    else { return [] }
    let resolver = WaveformResolver(patternPath: path, resourceFolders: resourceFolders, isSandboxed: isSandboxed)
    var seen = Set<String>()
    var result: [(places: [String], found: FileSystem.Identity?)] = []
    for event in pattern.events {
      guard let waveform = event.waveform, seen.insert(waveform.path).inserted else { continue }
      var places: [String] = []
      var found: FileSystem.Identity?
      for place in resolver.candidates(for: waveform.path) {
        places.append(place)
        if let identity = FileSystem.identity(of: place) {
          found = identity
          break
        }
      }
      result.append((places, found))
    }
    return result
  }

  /// Finds and decodes the waveforms of a pattern read from `patternPath` (which names the
  /// folder waveforms are looked up in, and the file in diagnostics).
  ///
  /// - Returns: The pattern with resolved paths and decoded audio, or `nil` when an error was
  ///   reported.
  public func loadWaveforms(of pattern: Pattern, patternPath: String, diagnostics: inout Diagnostics) -> LoadedPattern?
  {
    let resolver = WaveformResolver(
      patternPath: patternPath, resourceFolders: resourceFolders, isSandboxed: isSandboxed)
    var decoded: [FileSystem.Identity: Result<SampledAudio, EncodingError>] = [:]
    var budget = limits.waveformBytes
    var loaded = LoadedPattern(pattern)
    for index in loaded.events.indices {
      guard let waveform = loaded.events[index].waveform else { continue }
      let event = loaded.events[index]
      let location = event.position.location(in: patternPath)
      let path = event.path.appending("EventWaveformPath")
      let file: FileSystem.OpenedFile
      do {
        file = try resolver.open(waveform.path)
      } catch {
        diagnostics.report(.unreadableWaveform, at: location, path, error.description)
        continue
      }
      let found = file.path
      let result =
        decoded[file.identity]
        ?? Result { () throws(EncodingError) in try WaveformDecoder.decode(file, budget: &budget) }
      decoded[file.identity] = result
      switch result {
      case .success(let audio):
        loaded.events[index].waveform?.path = found
        loaded.waveformFiles[file.identity] = found
        loaded.waveforms[found] = audio
      case .failure(.ioFailed(_, let reason)):
        diagnostics.report(.unreadableWaveform, at: location, path, "waveform '\(found)' is \(reason)")
      case .failure(let error):
        diagnostics.report(
          .unreadableWaveform, at: location, path, "waveform '\(found)' is not readable audio: \(error)")
      }
    }
    return diagnostics.hasErrors ? nil : loaded
  }
}
