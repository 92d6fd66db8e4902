/// The diagnostics collected while reading one document, in the order they were found.
public struct Diagnostics: Sendable {
  /// The diagnostics kept: the first ``maximumKept`` found.
  public private(set) var all: [Diagnostic] = []
  /// Diagnostics found beyond ``maximumKept``, counted but not kept.
  public private(set) var omittedCount = 0
  /// `true` when at least one error was found, kept or not.
  public private(set) var hasErrors = false

  /// How many diagnostics are kept; a hostile file can produce millions.
  public static let maximumKept = 500
  /// When `true`, every warning is recorded as an error (`--strict`).
  public var treatsWarningsAsErrors: Bool
  /// When `true`, what a device refuses is recorded as an error (`render lint`).
  public var treatsDeviceRefusalsAsErrors: Bool

  public init(treatsWarningsAsErrors: Bool = false, treatsDeviceRefusalsAsErrors: Bool = false) {
    self.treatsWarningsAsErrors = treatsWarningsAsErrors
    self.treatsDeviceRefusalsAsErrors = treatsDeviceRefusalsAsErrors
  }

  /// Orders the diagnostics by line and column, keeping the order of those at one place.
  public mutating func sortByLocation() {
    all = all.enumerated().sorted {
      ($0.element.location.line, $0.element.location.column, $0.offset)
        < ($1.element.location.line, $1.element.location.column, $1.offset)
    }.map(\.element)
  }

  public mutating func warn(at location: SourceLocation, _ path: JSONPath, _ message: String) {
    add(Diagnostic(treatsWarningsAsErrors ? .error : .warning, at: location, path: path, message))
  }

  /// Records what loads here but makes Core Haptics refuse the file on a device: a warning
  /// (an error with `--strict` or for lint) that says so before `message`.
  public mutating func refuse(at location: SourceLocation, _ path: JSONPath, _ message: String) {
    let severity: Diagnostic.Severity = treatsWarningsAsErrors || treatsDeviceRefusalsAsErrors ? .error : .warning
    add(Diagnostic(severity, at: location, path: path, "a device refuses this file: " + message))
  }

  public mutating func error(at location: SourceLocation, _ path: JSONPath, _ message: String) {
    add(Diagnostic(.error, at: location, path: path, message))
  }

  /// Records the diagnostics that `other` found in `range` (numbered in the order it found
  /// them) as if they were found here: those it kept are added, those it only counted are
  /// counted.
  mutating func append(_ other: Diagnostics, found range: Range<Int>) {
    for index in range {
      if index < other.all.count {
        add(other.all[index])
      } else {
        // Found after the ones `other` kept, so after as many here: not kept either.
        omittedCount += 1
        hasErrors = hasErrors || other.hasErrors
      }
    }
  }

  private mutating func add(_ diagnostic: Diagnostic) {
    if diagnostic.severity == .error { hasErrors = true }
    if all.count < Self.maximumKept { all.append(diagnostic) } else { omittedCount += 1 }
  }
}
