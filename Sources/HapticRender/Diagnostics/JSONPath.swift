/// The path of a value inside a JSON document, such as
/// `Pattern[3].Event.EventParameters[0].ParameterValue`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
  public enum Component: Hashable, Sendable {
    case key(String)
    case index(Int)
  }

  public var components: [Component]

  public init(_ components: [Component] = []) {
    self.components = components
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
  static let displayedComponents = 12

  public var description: String {
    var text = ""
    var shown = components
    if components.count > Self.displayedComponents {
      shown = Array(components.prefix(Self.displayedComponents - 1)) + [.key("…")] + [components[components.count - 1]]
    }
    for component in shown {
      switch component {
      case .key(let key): text += text.isEmpty ? key : ".\(key)"
      case .index(let index): text += "[\(index)]"
      }
    }
    return text.isEmpty ? "(document)" : text
  }
}
