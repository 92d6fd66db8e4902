/// The option a misspelt one most likely meant, by the words of its name.
package enum OptionSuggestion {
  /// The only long option among `names` whose dash-separated words hold those of `unknown` in
  /// order (`--intensity`, `--scale`: `--intensity-scale`); `nil` when none or several do.
  package static func option(misspeltAs unknown: String, among names: [String]) -> String? {
    let words = unknown.dropFirst(2).lowercased().split(separator: "-")
    guard !words.isEmpty else { return nil }
    let matches = Set(
      names.filter { name in
        guard name.hasPrefix("--") else { return false }
        let nameWords = name.dropFirst(2).lowercased().split(separator: "-")
        guard nameWords.count > words.count else { return false }
        return (0...(nameWords.count - words.count)).contains { nameWords[$0..<$0 + words.count].elementsEqual(words) }
      })
    return matches.count == 1 ? matches.first : nil
  }
}
