import HapticModel
import HapticSupport

/// A problem found in an input document (an AHAP pattern or a profile), with its place.
///
/// Printed as `FILE:LINE:COL: error: JSON.PATH: message [code]`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  public enum Severity: String, Hashable, Sendable {
    case warning
    case error
  }

  public var severity: Severity
  /// The kind of problem; its severity is ``severity`` unless `--strict` made a warning an error.
  public var code: DiagnosticCode
  public var location: SourceLocation
  public var path: JSONPath
  public var message: String

  public init(
    _ severity: Severity, _ code: DiagnosticCode, at location: SourceLocation, path: JSONPath, _ message: String
  ) {
    self.severity = severity
    self.code = code
    self.location = location
    self.path = path
    self.message = message
  }

  /// One line, the code last in brackets as compilers print their warning flags; control
  /// characters that came from the file (in a key, a value or the file's name) are escaped
  /// (`String.escapingControlCharacters`).
  public var description: String {
    "\(location): \(severity.rawValue): \(path): \(message) [\(code.rawValue)]".escapingControlCharacters
  }
}

extension Diagnostic: Encodable {
  private enum CodingKeys: String, CodingKey { case file, line, column, severity, code, path, message }

  /// `{"file", "line", "column", "severity", "code", "path", "message"}` for scripts.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(location.file, forKey: .file)
    try container.encode(location.line, forKey: .line)
    try container.encode(location.column, forKey: .column)
    try container.encode(severity.rawValue, forKey: .severity)
    try container.encode(code, forKey: .code)
    try container.encode(path.description, forKey: .path)
    try container.encode(message, forKey: .message)
  }
}
