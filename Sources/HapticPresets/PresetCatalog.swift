import HapticSupport

/// Every preset family, and the names `render preset` accepts.
public enum PresetCatalog {
  /// The families, the default (`ios`) first.
  public static let families: [PresetFamily] = [
    .ios, .reactNativeHapticFeedback3iOS, .expoAndroid, .expoAndroid127, .android,
  ]

  /// The family an unprefixed preset name belongs to.
  public static let defaultFamily = "ios"

  /// Every preset, family by family.
  public static let presets: [Preset] = families.flatMap(\.presets)

  /// A name that matches no preset or family.
  public struct LookupError: Error, CustomStringConvertible {
    /// The name as given.
    public var name: String
    /// The closest known name, when one is close.
    public var suggestion: String?

    public var description: String {
      "unknown preset \"\(name)\"" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "")
    }
  }

  /// The presets `name` means: `family/name`; a bare `name` of the `ios` family; or a
  /// family's name for all its presets.
  ///
  /// - Throws: ``LookupError`` with the closest known name.
  public static func presets(named name: String) throws(LookupError) -> [Preset] {
    if let family = families.first(where: { $0.name == name }) { return family.presets }
    let id = name.contains("/") ? name : "\(defaultFamily)/\(name)"
    if let preset = presets.first(where: { $0.id == id }) { return [preset] }
    if let other = presets.first(where: { $0.name == name }) {
      throw LookupError(name: name, suggestion: other.id)
    }
    throw LookupError(name: name, suggestion: NameSuggestion.closest(to: name, among: names))
  }

  /// The presets of every name in `names` (see ``presets(named:)-(String)``), each once, in order.
  ///
  /// - Throws: ``LookupError`` for the first unknown name.
  public static func presets(named names: [String]) throws(LookupError) -> [Preset] {
    var seen: Set<String> = []
    var found: [Preset] = []
    for name in names {
      found += try presets(named: name).filter { seen.insert($0.id).inserted }
    }
    return found
  }

  /// Every name ``presets(named:)-(String)`` accepts: the families, the bare names of the default
  /// family, and every `family/name`.
  public static var names: [String] {
    families.map(\.name) + families[0].presets.map(\.name) + presets.map(\.id)
  }
}
