import HapticModel

/// The diagnostics collected while reading one document.
///
/// A hostile file can produce millions, so at most ``maximumKept`` are kept, errors first: every
/// error up to that many, then the first warnings found while there is room. The rest are
/// counted. Diagnostics of an ignored code (``ignoredCodes``) are neither kept nor counted.
public struct Diagnostics: Sendable {
  /// How many errors and warnings have been found, kept or not.
  package struct Tally: Equatable, Sendable {
    package var errors = 0
    package var warnings = 0
  }

  /// A diagnostic kept, with its place among all those found.
  private struct Kept: Sendable {
    var order: Int
    var diagnostic: Diagnostic
  }

  /// How many diagnostics are kept.
  public static let maximumKept = 500
  /// When `true`, every warning is recorded as an error (`--strict`).
  public var treatsWarningsAsErrors: Bool
  /// The codes of warnings that are dropped as they are found (`render lint --ignore`), before
  /// ``treatsWarningsAsErrors`` applies. Errors are never dropped: a document with an error is
  /// not read.
  public let ignoredCodes: Set<DiagnosticCode>

  /// The first ``maximumKept`` errors found, in the order found.
  private var errors: [Kept] = []
  /// The first ``maximumKept`` warnings found, in the order found; those shown are the first
  /// that fit beside the errors.
  private var warnings: [Kept] = []
  /// Everything found so far.
  package private(set) var found = Tally()

  /// - Parameters:
  ///   - treatsWarningsAsErrors: Record every warning as an error (`--strict`).
  ///   - ignoring: Codes whose warnings are dropped; error codes among them are not.
  public init(treatsWarningsAsErrors: Bool = false, ignoring: Set<DiagnosticCode> = []) {
    self.treatsWarningsAsErrors = treatsWarningsAsErrors
    ignoredCodes = ignoring.filter { $0.severity == .warning }
  }

  /// No diagnostics, with the same ``treatsWarningsAsErrors`` and ``ignoredCodes``.
  package var emptyCopy: Diagnostics {
    Diagnostics(treatsWarningsAsErrors: treatsWarningsAsErrors, ignoring: ignoredCodes)
  }

  /// The diagnostics kept, in the order found (or by location after ``sortByLocation()``).
  public var all: [Diagnostic] {
    let shown = warnings.prefix(Self.maximumKept - errors.count)
    var merged: [Diagnostic] = []
    merged.reserveCapacity(errors.count + shown.count)
    var (error, warning) = (errors.startIndex, shown.startIndex)
    while error < errors.endIndex || warning < shown.endIndex {
      if warning == shown.endIndex || (error < errors.endIndex && errors[error].order < shown[warning].order) {
        merged.append(errors[error].diagnostic)
        error += 1
      } else {
        merged.append(shown[warning].diagnostic)
        warning += 1
      }
    }
    return merged
  }

  /// Errors found, kept or not.
  public var errorCount: Int { found.errors }
  /// Warnings found, kept or not.
  public var warningCount: Int { found.warnings }
  /// Diagnostics found beyond those kept.
  public var omittedCount: Int {
    found.errors + found.warnings - errors.count - min(warnings.count, Self.maximumKept - errors.count)
  }
  /// `true` when at least one error was found, kept or not.
  public var hasErrors: Bool { found.errors > 0 }

  /// Orders the diagnostics kept by line and column, keeping the order of those at one place.
  public mutating func sortByLocation() {
    let sorted = all.enumerated().sorted {
      ($0.element.location.line, $0.element.location.column, $0.offset)
        < ($1.element.location.line, $1.element.location.column, $1.offset)
    }
    errors = []
    warnings = []
    for (order, diagnostic) in sorted.map(\.element).enumerated() {
      if diagnostic.severity == .error {
        errors.append(Kept(order: order, diagnostic: diagnostic))
      } else {
        warnings.append(Kept(order: order, diagnostic: diagnostic))
      }
    }
  }

  /// Records a diagnostic of `code`, with the code's severity (an error for a warning under
  /// ``treatsWarningsAsErrors``); nothing for an ignored code.
  public mutating func report(_ code: DiagnosticCode, at location: SourceLocation, _ path: JSONPath, _ message: String)
  {
    guard !ignoredCodes.contains(code) else { return }
    let severity = treatsWarningsAsErrors ? .error : code.severity
    add(Diagnostic(severity, code, at: location, path: path, message))
  }

  /// Records the diagnostics that `other` found between two of its tallies as if they were
  /// found here: those it kept are added, those it only counted are counted.
  package mutating func append(_ other: Diagnostics, from start: Tally, to end: Tally) {
    guard start != end else { return }
    // Beyond the first `maximumKept` of their kind there, so beyond as many here: not kept.
    let keptErrors = min(start.errors, other.errors.count)..<min(end.errors, other.errors.count)
    let keptWarnings = min(start.warnings, other.warnings.count)..<min(end.warnings, other.warnings.count)
    found.errors += end.errors - start.errors - keptErrors.count
    found.warnings += end.warnings - start.warnings - keptWarnings.count
    let kept = (other.errors[keptErrors] + other.warnings[keptWarnings]).sorted { $0.order < $1.order }
    for diagnostic in kept { add(diagnostic.diagnostic) }
  }

  private mutating func add(_ diagnostic: Diagnostic) {
    let kept = Kept(order: found.errors + found.warnings, diagnostic: diagnostic)
    if diagnostic.severity == .error {
      found.errors += 1
      if errors.count < Self.maximumKept { errors.append(kept) }
    } else {
      found.warnings += 1
      if warnings.count < Self.maximumKept { warnings.append(kept) }
    }
  }
}
