/// The diagnostics collected while reading one document, in the order they were found.
public struct Diagnostics: Sendable {
  /// Every diagnostic so far.
  public private(set) var all: [Diagnostic] = []
  /// When `true`, every warning is recorded as an error (`--strict`).
  public var treatsWarningsAsErrors: Bool

  public init(treatsWarningsAsErrors: Bool = false) {
    self.treatsWarningsAsErrors = treatsWarningsAsErrors
  }

  /// `true` when at least one diagnostic is an error.
  public var hasErrors: Bool { all.contains { $0.severity == .error } }

  /// Orders the diagnostics by line and column, keeping the order of those at one place.
  public mutating func sortByLocation() {
    all = all.enumerated().sorted {
      ($0.element.location.line, $0.element.location.column, $0.offset)
        < ($1.element.location.line, $1.element.location.column, $1.offset)
    }.map(\.element)
  }

  public mutating func warn(at location: SourceLocation, _ path: JSONPath, _ message: String) {
    all.append(Diagnostic(treatsWarningsAsErrors ? .error : .warning, at: location, path: path, message))
  }

  public mutating func error(at location: SourceLocation, _ path: JSONPath, _ message: String) {
    all.append(Diagnostic(.error, at: location, path: path, message))
  }
}
