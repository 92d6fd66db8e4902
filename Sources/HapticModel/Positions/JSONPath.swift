/// The path of a value inside a JSON document, such as
/// `Pattern[3].Event.EventParameters[0].ParameterValue`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
  public enum Component: Hashable, Sendable {
    case key(String)
    case index(Int)
  }

  /// The kinds of element of the `Pattern` array.
  package enum ElementKind: String, Sendable, CaseIterable {
    case event = "Event"
    case parameter = "Parameter"
    case parameterCurve = "ParameterCurve"
  }

  /// The components, or for the path of an element's object (`Pattern[3].Event`: every
  /// event, parameter and curve has one) its index and kind, held without an array.
  private enum Storage: Sendable {
    case components([Component])
    case element(Int, ElementKind)
  }

  private var storage: Storage

  public var components: [Component] {
    get {
      switch storage {
      case .components(let components): components
      case .element(let index, let kind): [.key("Pattern"), .index(index), .key(kind.rawValue)]
      }
    }
    set { storage = .components(newValue) }
  }

  public init(_ components: [Component] = []) {
    storage = .components(components)
  }

  /// `Pattern[index].Event` (or `Parameter`, `ParameterCurve`): the object of the element at
  /// `index` of the `Pattern` array.
  package init(element index: Int, _ kind: ElementKind) {
    storage = .element(index, kind)
  }

  public static func == (left: JSONPath, right: JSONPath) -> Bool {
    if case .element(let leftIndex, let leftKind) = left.storage,
      case .element(let rightIndex, let rightKind) = right.storage
    {
      return leftIndex == rightIndex && leftKind == rightKind
    }
    return left.components == right.components
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(components)
  }

  /// The path of the named member of the value at this path.
  public func appending(_ key: String) -> JSONPath {
    JSONPath(components + [.key(key)])
  }

  /// The path of the element at `index` of the array at this path.
  public func appending(_ index: Int) -> JSONPath {
    JSONPath(components + [.index(index)])
  }

  /// Components shown before the path is abbreviated (`Pattern[0][0]…[0]`).
  package static let displayedComponents = 12

  public var description: String {
    var text = ""
    var shown = components
    if shown.count > Self.displayedComponents {
      shown = Array(shown.prefix(Self.displayedComponents - 1)) + [.key("…")] + [shown[shown.count - 1]]
    }
    for component in shown {
      switch component {
      // An empty key shown as `""`, not as nothing.
      case .key(let key):
        let shown = key.isEmpty ? "\"\"" : key
        text += text.isEmpty ? shown : ".\(shown)"
      case .index(let index): text += "[\(index)]"
      }
    }
    return text.isEmpty ? "(document)" : text
  }
}
