import HapticModel
import HapticReader

/// Diagnostics as printed for a person: one said with the same words about many elements of the
/// same kind (300 events without sharpness) is printed once, where it is first found, followed
/// by how many more there are. `--json` output lists every one.
package enum RepeatedDiagnostics {
  /// A diagnostic to print, and how many more of its kind it stands for.
  package struct Entry {
    package var diagnostic: Diagnostic
    package var repeats: Int

    /// `breath.ahap: note: … and 299 more events with the same warning`, or `nil`.
    package var note: String? {
      guard repeats > 0 else { return nil }
      return
        "\(diagnostic.location.file): note: … and \(repeats) more \(RepeatedDiagnostics.noun(for: diagnostic.path)) with the same \(diagnostic.severity.rawValue)"
    }
  }

  /// `diagnostics` in order, each diagnostic that repeats an earlier one (same file, severity
  /// and message, at a path that differs only in its indices) counted on that one instead.
  package static func collapse(_ diagnostics: [Diagnostic]) -> [Entry] {
    var entries: [Entry] = []
    var firstOfKind: [Kind: Int] = [:]
    for diagnostic in diagnostics {
      let kind = Kind(diagnostic)
      if let first = firstOfKind[kind] {
        entries[first].repeats += 1
      } else {
        firstOfKind[kind] = entries.count
        entries.append(Entry(diagnostic: diagnostic, repeats: 0))
      }
    }
    return entries
  }

  /// What makes two diagnostics the same: all but the line, the column and the indices.
  private struct Kind: Hashable {
    var file: String
    var severity: Diagnostic.Severity
    var message: String
    /// The path's keys, with `nil` for each index.
    var path: [String?]

    init(_ diagnostic: Diagnostic) {
      file = diagnostic.location.file
      severity = diagnostic.severity
      message = diagnostic.message
      path = diagnostic.path.components.map {
        switch $0 {
        case .key(let key): key
        case .index: nil
        }
      }
    }
  }

  /// What the elements at paths like `path` are, in the plural: the kind of the last indexed
  /// element (`Pattern[3].Event`: events), or places.
  package static func noun(for path: JSONPath) -> String {
    let components = path.components
    guard let last = components.lastIndex(where: { if case .index = $0 { true } else { false } }), last > 0,
      case .key(let array) = components[last - 1]
    else { return "places" }
    var element = array
    if array == "Pattern", last + 1 < components.count, case .key(let kind) = components[last + 1] {
      element = kind
    }
    switch element {
    case "Event": return "events"
    case "Parameter": return "parameters"
    case "ParameterCurve": return "parameter curves"
    case "ParameterCurveControlPoints": return "control points"
    case "EventParameters": return "event parameters"
    default: return "places"
    }
  }
}
