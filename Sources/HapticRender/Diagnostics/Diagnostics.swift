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

  public mutating func warn(at location: SourceLocation, _ path: JSONPath, _ message: String) {
    all.append(Diagnostic(treatsWarningsAsErrors ? .error : .warning, at: location, path: path, message))
  }

  public mutating func error(at location: SourceLocation, _ path: JSONPath, _ message: String) {
    all.append(Diagnostic(.error, at: location, path: path, message))
  }
}
